import type { RouteObject } from 'react-router';

/** Agents: list, invite, edit, remove. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const agentsRoutes: RouteObject[] = [];
