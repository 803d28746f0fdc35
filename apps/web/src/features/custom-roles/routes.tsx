import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const CustomRolesPage = lazy(() => import('./pages/custom-roles-page.tsx').then((module) => ({ default: module.CustomRolesPage })));

/** Custom roles and their permission editor. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const customRolesRoutes: RouteObject[] = [
  { path: 'settings/custom-roles', element: <Navigate to="list" replace />, handle: named('custom_roles_list') },
  {
    path: 'settings/custom-roles/list',
    element: (
      <LazyScreen>
        <CustomRolesPage />
      </LazyScreen>
    ),
    handle: named('custom_roles_list'),
  },
];
