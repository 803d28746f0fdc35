import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const AuditLogsPage = lazy(() => import('./pages/audit-logs-page.tsx').then((module) => ({ default: module.AuditLogsPage })));

/** Audit logs, 15 a page. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const auditLogsRoutes: RouteObject[] = [
  // 000 section 2 names settings/audit-logs; the settings menu links audit-logs/list: both open the list.
  { path: 'settings/audit-logs', element: <Navigate to="list" replace />, handle: named('auditlogs_list') },
  {
    path: 'settings/audit-logs/list',
    element: (
      <LazyScreen>
        <AuditLogsPage />
      </LazyScreen>
    ),
    handle: named('auditlogs_list'),
  },
];
