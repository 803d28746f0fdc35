import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Its own chunk: the shell's bell does not download the notifications screen.
const NotificationsScreen = lazy(() => import('./pages/notifications-page.tsx').then((module) => ({ default: module.NotificationsScreen })));

/** Children of /app/accounts/:accountId inside the app shell: the screen the bell links to. */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    element: (
      <LazyScreen>
        <NotificationsScreen />
      </LazyScreen>
    ),
    handle: named('notifications_index'),
  },
];
