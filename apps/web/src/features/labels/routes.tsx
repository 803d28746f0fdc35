import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const LabelsPage = lazy(() => import('./pages/labels-page.tsx').then((module) => ({ default: module.LabelsPage })));

/** Labels with the colour picker. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const labelsRoutes: RouteObject[] = [
  // 001 section 2: settings/labels redirects to the list (S1-2.23)
  { path: 'settings/labels', element: <Navigate to="list" replace />, handle: named('labels_list') },
  {
    path: 'settings/labels/list',
    element: (
      <LazyScreen>
        <LabelsPage />
      </LazyScreen>
    ),
    handle: named('labels_list'),
  },
];
