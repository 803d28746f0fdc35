import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteName } from '@app/shared/permissions';
import { named } from '../../lib/routing.ts';
import { WorkspaceFallback } from './components/workspace-fallback.tsx';
import type { ListKind } from './utils/list-filters.ts';

// The workspace is its own chunk: the login screen and the shell never download it (bench/web).
const WorkspacePage = lazy(() => import('./pages/workspace-page.tsx').then((module) => ({ default: module.WorkspacePage })));

/** What a conversation route carries besides its name: which list it shows. */
export type ConversationRouteHandle = ReturnType<typeof named> & { list: ListKind };

const handle = (route: RouteName, list: ListKind): ConversationRouteHandle => ({ ...named(route), list });

/** A list route and its conversation child; a list without its own detail name reuses the list's. */
function listRoutes(path: string, route: RouteName, list: ListKind, detailPath: string): RouteObject[] {
  return [
    { path, handle: handle(route, list) },
    { path: `${path}/${detailPath}`, handle: handle(route, list) },
  ];
}

/**
 * Children of /app/accounts/:accountId inside the app shell: the conversation lists of 001 section 2, each
 * with its conversation route, under one layout that keeps the workspace mounted while the user moves
 * between them. `dashboard` ranks the same as features/dashboard's placeholder page, which the router
 * lists first and so still wins; once that page's route goes, this one serves the dashboard.
 */
export const conversationRoutes: RouteObject[] = [
  {
    id: 'conversation-workspace',
    element: (
      <Suspense fallback={<WorkspaceFallback />}>
        <WorkspacePage />
      </Suspense>
    ),
    children: [
      { path: 'dashboard', handle: handle('home', 'home') },
      { path: 'conversations/:conversationId', handle: handle('inbox_conversation', 'home') },
      ...listRoutes('inbox/:inboxId', 'inbox_dashboard', 'inbox', 'conversations/:conversationId'),
      ...listRoutes('label/:label', 'label_conversations', 'label', 'conversations/:conversationId'),
      ...listRoutes('team/:teamId', 'team_conversations', 'team', 'conversations/:conversationId'),
      ...listRoutes('custom_view/:folderId', 'folder_conversations', 'folder', 'conversations/:conversationId'),
      ...listRoutes('mentions/conversations', 'conversation_mentions', 'mentions', ':conversationId'),
      ...listRoutes('unattended/conversations', 'conversation_unattended', 'unattended', ':conversationId'),
      ...listRoutes('participating/conversations', 'conversation_participating', 'participating', ':conversationId'),
    ],
  },
];
