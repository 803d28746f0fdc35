import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Each screen its own chunk: nobody downloads the inbox settings until they open them.
const InboxListPage = lazy(() => import('./pages/inbox-list-page.tsx').then((module) => ({ default: module.InboxListPage })));
const InboxSettingsPage = lazy(() => import('./pages/inbox-settings-page.tsx').then((module) => ({ default: module.InboxSettingsPage })));

/** Inboxes: the list, the creation wizard per channel, add agents, finish and the inbox settings page. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const inboxSettingsRoutes: RouteObject[] = [
  { path: 'settings/inboxes', element: <Navigate to="list" replace />, handle: named('settings_inbox_list') },
  {
    path: 'settings/inboxes/list',
    element: (
      <LazyScreen>
        <InboxListPage />
      </LazyScreen>
    ),
    handle: named('settings_inbox_list'),
  },
  {
    path: 'settings/inboxes/:inboxId',
    element: (
      <LazyScreen>
        <InboxSettingsPage />
      </LazyScreen>
    ),
    handle: named('settings_inbox_show'),
  },
];
