// The audit-logs feature's public surface.
export { auditLogsRoutes } from './routes.tsx';
