import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { integrationHooks, inboxes } = schema;
export type HookRow = typeof integrationHooks.$inferSelect;
export type HookWithInbox = { hook: HookRow; inboxName: string | null };

/** The account's hooks (of some apps), by id, each with its inbox's name. */
export async function listHookRows(db: Executor, accountId: number, appIds?: string[]): Promise<HookWithInbox[]> {
  return db
    .select({ hook: integrationHooks, inboxName: inboxes.name })
    .from(integrationHooks)
    .leftJoin(inboxes, eq(inboxes.id, integrationHooks.inboxId))
    .where(and(eq(integrationHooks.accountId, accountId), appIds ? inArray(integrationHooks.appId, appIds) : undefined))
    .orderBy(integrationHooks.id);
}

export async function findHookRow(db: Executor, accountId: number, id: number): Promise<HookWithInbox | null> {
  const [row] = await db
    .select({ hook: integrationHooks, inboxName: inboxes.name })
    .from(integrationHooks)
    .leftJoin(inboxes, eq(inboxes.id, integrationHooks.inboxId))
    .where(and(eq(integrationHooks.accountId, accountId), eq(integrationHooks.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertHook(db: Executor, values: typeof integrationHooks.$inferInsert): Promise<HookRow> {
  const [row] = await db.insert(integrationHooks).values(values).returning();
  if (!row) throw new Error('hook insert returned nothing');
  return row;
}

export async function updateHookRow(db: Executor, accountId: number, id: number, values: Partial<typeof integrationHooks.$inferInsert>) {
  const [row] = await db.update(integrationHooks).set(values).where(and(eq(integrationHooks.accountId, accountId), eq(integrationHooks.id, id))).returning();
  return row ?? null;
}

export async function deleteHookRows(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(integrationHooks).where(and(eq(integrationHooks.accountId, accountId), inArray(integrationHooks.id, ids)));
}
