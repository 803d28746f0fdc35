import type { RouteObject } from 'react-router';

/** Custom attributes (conversation and contact). Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const customAttributesRoutes: RouteObject[] = [];
