import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { cannedResponses } = schema;
export type CannedResponseRow = typeof cannedResponses.$inferSelect;

// LIKE treats % and _ as wildcards; a search for "50%" means the text itself
const { escapeLike } = schema;

/** One account's canned responses; with a search, short-code prefix matches first, then the other matches, each by short code. */
export function listCannedResponseRows(db: Executor, accountId: number, search?: string): Promise<CannedResponseRow[]> {
  const byShortCode = [sql`lower(${cannedResponses.shortCode})`, asc(cannedResponses.id)];
  if (!search) return db.select().from(cannedResponses).where(eq(cannedResponses.accountId, accountId)).orderBy(...byShortCode);
  const term = escapeLike(search);
  const prefix = `${term}%`;
  const anywhere = `%${term}%`;
  return db
    .select()
    .from(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), or(ilike(cannedResponses.shortCode, anywhere), ilike(cannedResponses.content, anywhere))))
    .orderBy(sql`case when ${cannedResponses.shortCode} ilike ${prefix} then 0 else 1 end`, ...byShortCode);
}

export async function findCannedResponseRow(db: Executor, accountId: number, id: number): Promise<CannedResponseRow | null> {
  const [row] = await db
    .select()
    .from(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .limit(1);
  return row ?? null;
}

/** Whether another canned response of the account has this short code (case-insensitive; canned_responses_account_short_code_key). */
export async function shortCodeTaken(db: Executor, accountId: number, shortCode: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.accountId, accountId),
        sql`lower(${cannedResponses.shortCode}) = ${shortCode.toLowerCase()}`,
        exceptId ? ne(cannedResponses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCannedResponse(db: Executor, values: typeof cannedResponses.$inferInsert): Promise<CannedResponseRow> {
  const [row] = await db.insert(cannedResponses).values(values).returning();
  if (!row) throw new Error('canned response insert returned nothing');
  return row;
}

export async function updateCannedResponseRow(db: Executor, accountId: number, id: number, values: Partial<typeof cannedResponses.$inferInsert>) {
  const [row] = await db
    .update(cannedResponses)
    .set(values)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCannedResponseRow(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .delete(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .returning({ id: cannedResponses.id });
  return Boolean(row);
}
