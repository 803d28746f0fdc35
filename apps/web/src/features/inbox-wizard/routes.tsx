import type { RouteObject } from 'react-router';

/** The inbox creation wizard: channel list, a form per channel, add agents, finish. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const inboxWizardRoutes: RouteObject[] = [];
