import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { dashboardApps } = schema;
export type DashboardAppRow = typeof dashboardApps.$inferSelect;

export function listDashboardAppRows(db: Executor, accountId: number) {
  return db.select().from(dashboardApps).where(eq(dashboardApps.accountId, accountId)).orderBy(dashboardApps.id);
}

export async function findDashboardAppRow(db: Executor, accountId: number, id: number): Promise<DashboardAppRow | null> {
  const [row] = await db.select().from(dashboardApps).where(and(eq(dashboardApps.accountId, accountId), eq(dashboardApps.id, id))).limit(1);
  return row ?? null;
}

export async function insertDashboardApp(db: Executor, values: typeof dashboardApps.$inferInsert): Promise<DashboardAppRow> {
  const [row] = await db.insert(dashboardApps).values(values).returning();
  if (!row) throw new Error('dashboard app insert returned nothing');
  return row;
}

export async function updateDashboardAppRow(db: Executor, accountId: number, id: number, values: Partial<typeof dashboardApps.$inferInsert>) {
  const [row] = await db.update(dashboardApps).set(values).where(and(eq(dashboardApps.accountId, accountId), eq(dashboardApps.id, id))).returning();
  return row ?? null;
}

export async function deleteDashboardAppRow(db: Executor, accountId: number, id: number): Promise<boolean> {
  const rows = await db.delete(dashboardApps).where(and(eq(dashboardApps.accountId, accountId), eq(dashboardApps.id, id))).returning({ id: dashboardApps.id });
  return rows.length > 0;
}

export async function countDashboardApps(db: Executor, accountId: number): Promise<number> {
  return (await db.select({ id: dashboardApps.id }).from(dashboardApps).where(eq(dashboardApps.accountId, accountId))).length;
}
