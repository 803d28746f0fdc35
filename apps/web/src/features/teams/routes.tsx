import type { RouteObject } from 'react-router';

/** Teams: list and the create/edit wizards. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const teamsRoutes: RouteObject[] = [];
