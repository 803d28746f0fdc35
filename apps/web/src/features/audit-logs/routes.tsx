import type { RouteObject } from 'react-router';

/** Audit logs, 15 a page. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const auditLogsRoutes: RouteObject[] = [];
