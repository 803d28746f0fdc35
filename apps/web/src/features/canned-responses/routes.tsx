import type { RouteObject } from 'react-router';

/** Canned responses. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const cannedResponsesRoutes: RouteObject[] = [];
