import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { labels } = schema;
export type LabelRow = typeof labels.$inferSelect;

export function listLabelRows(db: Executor, accountId: number): Promise<LabelRow[]> {
  return db.select().from(labels).where(eq(labels.accountId, accountId)).orderBy(asc(labels.title), asc(labels.id));
}

export async function findLabelRow(db: Executor, accountId: number, id: number): Promise<LabelRow | null> {
  const [row] = await db.select().from(labels).where(and(eq(labels.accountId, accountId), eq(labels.id, id))).limit(1);
  return row ?? null;
}

/** Whether another label of the account already has this title (case-insensitive; served by labels_account_title_key). */
export async function titleTaken(db: Executor, accountId: number, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.accountId, accountId), sql`lower(${labels.title}) = ${title.toLowerCase()}`, exceptId ? ne(labels.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertLabel(db: Executor, values: typeof labels.$inferInsert): Promise<LabelRow> {
  const [row] = await db.insert(labels).values(values).returning();
  if (!row) throw new Error('label insert returned nothing');
  return row;
}

export async function updateLabelRow(db: Executor, accountId: number, id: number, values: Partial<typeof labels.$inferInsert>) {
  const [row] = await db.update(labels).set(values).where(and(eq(labels.accountId, accountId), eq(labels.id, id))).returning();
  return row ?? null;
}

export async function deleteLabelRow(db: Executor, accountId: number, id: number) {
  const [row] = await db.delete(labels).where(and(eq(labels.accountId, accountId), eq(labels.id, id))).returning({ id: labels.id });
  return Boolean(row);
}
