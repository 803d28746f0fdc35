import type { RouteObject } from 'react-router';

/** Labels with the colour picker. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const labelsRoutes: RouteObject[] = [];
