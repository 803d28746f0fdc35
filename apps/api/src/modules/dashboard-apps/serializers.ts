import type { DashboardApp } from '@app/shared/dashboard-apps';
import type { DashboardAppRow } from './queries.ts';

export function serializeDashboardApp(row: DashboardAppRow): DashboardApp {
  return { id: row.id, title: row.title, content: row.content, created_at: row.createdAt.toISOString() };
}
