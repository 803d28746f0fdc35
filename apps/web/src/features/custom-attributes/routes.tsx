import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const CustomAttributesPage = lazy(() => import('./pages/custom-attributes-page.tsx').then((module) => ({ default: module.CustomAttributesPage })));

/** Custom attributes (conversation and contact). Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const customAttributesRoutes: RouteObject[] = [
  // 000 section 2: settings/custom-attributes redirects to the list (S0-2.17)
  { path: 'settings/custom-attributes', element: <Navigate to="list" replace />, handle: named('attributes_list') },
  {
    path: 'settings/custom-attributes/list',
    element: (
      <LazyScreen>
        <CustomAttributesPage />
      </LazyScreen>
    ),
    handle: named('attributes_list'),
  },
];
