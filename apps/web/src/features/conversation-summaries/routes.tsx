import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Its own chunk, with its strings: the login screen, the shell and the workspace never download it.
const ConversationSummariesPage = lazy(() =>
  import('./pages/conversation-summaries-page.tsx').then((module) => ({ default: module.ConversationSummariesPage })),
);

/** Children of /app/accounts/:accountId inside the app shell: conversation-summaries and conversation-summaries/{inboxId} (001 section 2). */
export const conversationSummariesRoutes: RouteObject[] = [
  {
    path: 'conversation-summaries/:inboxId?',
    element: (
      <LazyScreen>
        <ConversationSummariesPage />
      </LazyScreen>
    ),
    handle: named('conversation_summaries'),
  },
];
