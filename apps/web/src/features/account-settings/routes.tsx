import type { RouteObject } from 'react-router';

/** General settings and billing. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const accountSettingsRoutes: RouteObject[] = [];
