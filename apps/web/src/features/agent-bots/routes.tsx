import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const AgentBotsPage = lazy(() => import('./pages/agent-bots-page.tsx').then((module) => ({ default: module.AgentBotsPage })));
const AgentBotNewPage = lazy(() => import('./pages/agent-bot-new-page.tsx').then((module) => ({ default: module.AgentBotNewPage })));
const AgentBotEditPage = lazy(() => import('./pages/agent-bot-edit-page.tsx').then((module) => ({ default: module.AgentBotEditPage })));

const screen = (element: ReactNode) => <LazyScreen>{element}</LazyScreen>;

/**
 * Agent bots: list, create, edit, token. Children of /app/accounts/:accountId inside the app shell; each screen a
 * lazy chunk. The create and edit paths keep the spec's csml segment (000 section 2); the bots are webhook bots.
 */
export const agentBotsRoutes: RouteObject[] = [
  { path: 'settings/agent-bots', element: screen(<AgentBotsPage />), handle: named('agent_bots') },
  { path: 'settings/agent-bots/csml/new', element: screen(<AgentBotNewPage />), handle: named('agent_bots_csml_new') },
  { path: 'settings/agent-bots/csml/:botId', element: screen(<AgentBotEditPage />), handle: named('agent_bots_csml_edit') },
];
