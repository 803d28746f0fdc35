import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { agentBots, inboxes } = schema;
export type AgentBotRow = typeof agentBots.$inferSelect;
export type AgentBotValues = Partial<Pick<typeof agentBots.$inferInsert, 'name' | 'description' | 'outgoingUrl' | 'botType' | 'botConfig' | 'avatarKey'>>;

// The bots an account may use: its own and the system bots (no account).
const usableBy = (accountId: number) => or(eq(agentBots.accountId, accountId), isNull(agentBots.accountId));

export function listBotRows(db: Executor, accountId: number): Promise<AgentBotRow[]> {
  return db.select().from(agentBots).where(usableBy(accountId)).orderBy(asc(agentBots.id));
}

/** One bot the account may use (its own or a system bot); `keyShare` keeps it from being deleted until commit. */
export async function findUsableBotRow(db: Executor, accountId: number, id: number, keyShare = false): Promise<AgentBotRow | null> {
  const query = db.select().from(agentBots).where(and(eq(agentBots.id, id), usableBy(accountId))).limit(1);
  const [row] = keyShare ? await query.for('key share') : await query;
  return row ?? null;
}

/** One of the account's own bots, locked for a change (system bots are never returned). */
export async function lockOwnBotRow(db: Executor, accountId: number, id: number): Promise<AgentBotRow | null> {
  const [row] = await db.select().from(agentBots).where(and(eq(agentBots.id, id), eq(agentBots.accountId, accountId))).limit(1).for('update');
  return row ?? null;
}

export async function insertBot(db: Executor, values: typeof agentBots.$inferInsert): Promise<AgentBotRow> {
  const [row] = await db.insert(agentBots).values(values).returning();
  if (!row) throw new Error('agent bot insert returned nothing');
  return row;
}

export async function updateBotRow(db: Executor, accountId: number, id: number, values: AgentBotValues): Promise<AgentBotRow | null> {
  const [row] = await db
    .update(agentBots)
    .set(values)
    .where(and(eq(agentBots.id, id), eq(agentBots.accountId, accountId)))
    .returning();
  return row ?? null;
}

export async function deleteBotRow(db: Executor, accountId: number, id: number): Promise<void> {
  await db.delete(agentBots).where(and(eq(agentBots.id, id), eq(agentBots.accountId, accountId)));
}

/** How many of the account's inboxes this bot answers (served by inboxes_agent_bot_idx). */
export async function countInboxesWithBot(db: Executor, accountId: number, botId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.agentBotId, botId)));
  return row?.value ?? 0;
}

/** The inbox's id and bot, locked for a change when `lock` is set. */
export async function findInboxBotRef(db: Executor, accountId: number, inboxId: number, lock = false) {
  const query = db
    .select({ id: inboxes.id, agentBotId: inboxes.agentBotId })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setInboxBot(db: Executor, accountId: number, inboxId: number, botId: number | null): Promise<void> {
  await db
    .update(inboxes)
    .set({ agentBotId: botId })
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId)));
}
