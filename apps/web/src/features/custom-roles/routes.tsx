import type { RouteObject } from 'react-router';

/** Custom roles and their permission editor. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const customRolesRoutes: RouteObject[] = [];
