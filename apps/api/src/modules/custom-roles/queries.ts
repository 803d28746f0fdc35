import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { customRoles } = schema;
export type CustomRoleRow = typeof customRoles.$inferSelect;

export function listCustomRoleRows(db: Executor, accountId: number): Promise<CustomRoleRow[]> {
  return db.select().from(customRoles).where(eq(customRoles.accountId, accountId)).orderBy(sql`lower(${customRoles.name})`, asc(customRoles.id));
}

export async function findCustomRoleRow(db: Executor, accountId: number, id: number): Promise<CustomRoleRow | null> {
  const [row] = await db.select().from(customRoles).where(and(eq(customRoles.accountId, accountId), eq(customRoles.id, id))).limit(1);
  return row ?? null;
}

/** Whether another role of the account already has this name (case-insensitive). */
export async function nameTaken(db: Executor, accountId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(and(eq(customRoles.accountId, accountId), sql`lower(${customRoles.name}) = ${name.toLowerCase()}`, exceptId ? ne(customRoles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertCustomRole(db: Executor, values: typeof customRoles.$inferInsert): Promise<CustomRoleRow> {
  const [row] = await db.insert(customRoles).values(values).returning();
  if (!row) throw new Error('custom role insert returned nothing');
  return row;
}

export async function updateCustomRoleRow(db: Executor, accountId: number, id: number, values: Partial<typeof customRoles.$inferInsert>) {
  const [row] = await db.update(customRoles).set(values).where(and(eq(customRoles.accountId, accountId), eq(customRoles.id, id))).returning();
  return row ?? null;
}

export async function deleteCustomRoleRow(db: Executor, accountId: number, id: number) {
  await db.delete(customRoles).where(and(eq(customRoles.accountId, accountId), eq(customRoles.id, id)));
}
