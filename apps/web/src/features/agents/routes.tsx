import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Its own chunk: only administrators opening the agents settings download it.
const AgentsListPage = lazy(() => import('./pages/agents-list-page.tsx').then((module) => ({ default: module.AgentsListPage })));

/** Agents: list, invite, edit, remove. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const agentsRoutes: RouteObject[] = [
  // 000 section 2: settings/agents redirects to the list.
  { path: 'settings/agents', element: <Navigate to="list" replace />, handle: named('agent_list') },
  {
    path: 'settings/agents/list',
    element: (
      <LazyScreen>
        <AgentsListPage />
      </LazyScreen>
    ),
    handle: named('agent_list'),
  },
];
