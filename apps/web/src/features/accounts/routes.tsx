import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { LazyScreen } from '../../components/lazy-screen.tsx';

// Its own chunk, like every account screen: the login screen does not download it.
const SuspendedPage = lazy(() => import('./pages/suspended-page.tsx').then((module) => ({ default: module.SuspendedPage })));

/** Children of /app/accounts/:accountId shown without the app shell. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'suspended',
    element: (
      <LazyScreen>
        <SuspendedPage />
      </LazyScreen>
    ),
    handle: named('account_suspended'),
  },
];
