import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const CannedResponsesPage = lazy(() => import('./pages/canned-responses-page.tsx').then((module) => ({ default: module.CannedResponsesPage })));

/** Canned responses. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const cannedResponsesRoutes: RouteObject[] = [
  // 000 section 2: settings/canned-response is canned_list; the settings menu links its list
  { path: 'settings/canned-response', element: <Navigate to="list" replace />, handle: named('canned_list') },
  {
    path: 'settings/canned-response/list',
    element: (
      <LazyScreen>
        <CannedResponsesPage />
      </LazyScreen>
    ),
    handle: named('canned_list'),
  },
];
