import type { RouteObject } from 'react-router';

/** Inboxes: the list, the creation wizard per channel, add agents, finish and the inbox settings page. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const inboxSettingsRoutes: RouteObject[] = [];
