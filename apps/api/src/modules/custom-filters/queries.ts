import { and, asc, eq } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { CustomFilterType } from '@app/shared/constants';

const { customFilters } = schema;
export type CustomFilterRow = typeof customFilters.$inferSelect;
type Owner = { accountId: number; userId: number };

const owned = (owner: Owner, id: number) =>
  and(eq(customFilters.accountId, owner.accountId), eq(customFilters.userId, owner.userId), eq(customFilters.id, id));

export function listCustomFilterRows(db: Executor, owner: Owner, filterType: CustomFilterType) {
  return db
    .select()
    .from(customFilters)
    .where(and(eq(customFilters.accountId, owner.accountId), eq(customFilters.userId, owner.userId), eq(customFilters.filterType, filterType)))
    .orderBy(asc(customFilters.id));
}

export async function findCustomFilterRow(db: Executor, owner: Owner, id: number): Promise<CustomFilterRow | null> {
  const [row] = await db.select().from(customFilters).where(owned(owner, id)).limit(1);
  return row ?? null;
}

export async function insertCustomFilter(db: Executor, values: typeof customFilters.$inferInsert): Promise<CustomFilterRow> {
  const [row] = await db.insert(customFilters).values(values).returning();
  if (!row) throw new Error('custom filter insert returned nothing');
  return row;
}

export async function updateCustomFilterRow(db: Executor, owner: Owner, id: number, values: Partial<typeof customFilters.$inferInsert>) {
  const [row] = await db.update(customFilters).set(values).where(owned(owner, id)).returning();
  return row ?? null;
}

export async function deleteCustomFilterRow(db: Executor, owner: Owner, id: number): Promise<boolean> {
  const rows = await db.delete(customFilters).where(owned(owner, id)).returning({ id: customFilters.id });
  return rows.length > 0;
}
