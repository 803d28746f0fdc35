import type { RouteObject } from 'react-router';

/** Agent bots: list, create, edit, token. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const agentBotsRoutes: RouteObject[] = [];
