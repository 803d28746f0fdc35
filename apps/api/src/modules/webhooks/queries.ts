import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { anyInteger, anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';
import type { WebhookAttempt } from '@app/db/schema';

const { webhooks, webhookDeliveries, inboxes, channels, conversations } = schema;
export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type InboxSummary = { id: number; name: string; channelType: string };

const inboxSummary = { id: inboxes.id, name: inboxes.name, channelType: channels.channelType };

/** The account's webhooks by id, each with its inbox when scoped to one. */
export function listWebhookRows(db: Executor, accountId: number) {
  return db
    .select({ webhook: webhooks, inbox: inboxSummary })
    .from(webhooks)
    .leftJoin(inboxes, eq(inboxes.id, webhooks.inboxId))
    .leftJoin(channels, eq(channels.id, inboxes.channelId))
    .where(eq(webhooks.accountId, accountId))
    .orderBy(webhooks.id);
}

export async function findWebhookRow(db: Executor, accountId: number, id: number): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id))).limit(1);
  return row ?? null;
}

export async function findInboxSummary(db: Executor, accountId: number, id: number): Promise<InboxSummary | null> {
  const [row] = await db.select(inboxSummary).from(inboxes).innerJoin(channels, eq(channels.id, inboxes.channelId)).where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id))).limit(1);
  return row ?? null;
}

export async function urlTaken(db: Executor, accountId: number, url: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.url, url), exceptId ? sql`${webhooks.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertWebhook(db: Executor, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return row;
}

export async function updateWebhookRow(db: Executor, accountId: number, id: number, values: Partial<typeof webhooks.$inferInsert>) {
  const [row] = await db.update(webhooks).set(values).where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id))).returning();
  return row ?? null;
}

export async function deleteWebhookRow(db: Executor, accountId: number, id: number) {
  await db.delete(webhooks).where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)));
}

/** The account's webhooks subscribed to an event (and, for inbox-scoped ones, of that inbox). */
export function subscribedWebhooks(db: Executor, accountId: number, event: string, inboxId: number | undefined) {
  // prepared once per variant (preparedFor): the relay reads them for every batch, a message at a desk's pace
  const variant = inboxId === undefined ? 'account' : 'inbox';
  return preparedFor(db, `subscribed_webhooks_${variant}`, (on) =>
    on
      .select()
      .from(webhooks)
      .where(
        and(
          eq(webhooks.accountId, sql.placeholder('accountId')),
          sql`${webhooks.subscriptions} @> ${sql.placeholder('events')}::jsonb`,
          variant === 'account' ? sql`${webhooks.inboxId} is null` : sql`(${webhooks.inboxId} is null or ${webhooks.inboxId} = ${sql.placeholder('inboxId')})`,
        ),
      ),
  ).execute({ accountId, events: JSON.stringify([event]), inboxId: inboxId ?? null });
}

export async function conversationIdByDisplayId(db: Executor, accountId: number, displayId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, displayId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Writes pending deliveries in one statement; answers how many. The rows travel as one JSON parameter, each
 * payload once however many targets share it (an event's account webhooks and its inbox get the same one):
 * the statement's text never changes (prepared once), and nothing is built per value, where a multi-row
 * VALUES of a relay batch's deliveries (hundreds of rows of kilobytes of JSON each) took most of the relay's time.
 * Ids follow the rows' order.
 */
export type NewDelivery = Omit<typeof webhookDeliveries.$inferInsert, 'maxAttempts' | 'nextAttemptAt'> & { maxAttempts: number; nextAttemptAt: Date };

export async function insertDeliveries(db: Executor, rows: NewDelivery[]): Promise<number> {
  if (rows.length === 0) return 0;
  const payloads: unknown[] = [];
  const indexOf = new Map<unknown, number>();
  const values = rows.map((row) => {
    let p = indexOf.get(row.payload);
    if (p === undefined) indexOf.set(row.payload, (p = payloads.push(row.payload) - 1));
    return {
      account_id: row.accountId,
      webhook_id: row.webhookId ?? null,
      inbox_id: row.inboxId ?? null,
      message_id: row.messageId ?? null,
      event: row.event,
      p,
      max_attempts: row.maxAttempts,
      next_attempt_at: row.nextAttemptAt.toISOString(),
    };
  });
  const d = webhookDeliveries;
  const result = await db.execute(sql`
    insert into ${d} (account_id, webhook_id, inbox_id, message_id, event, payload, max_attempts, next_attempt_at)
    select v.account_id, v.webhook_id, v.inbox_id, v.message_id, v.event, ${JSON.stringify(payloads)}::jsonb -> v.p,
      v.max_attempts, v.next_attempt_at
    from rows from (jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as (account_id int, webhook_id int, inbox_id int, message_id int, event text, p int, max_attempts int, next_attempt_at timestamptz))
      with ordinality as v(account_id, webhook_id, inbox_id, message_id, event, p, max_attempts, next_attempt_at, n)
    order by v.n
    returning ${d.id} as id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export async function listDeliveryRows(db: Executor, accountId: number, webhookId: number, limit: number, offset: number) {
  const where = and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.webhookId, webhookId));
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Queues a delivery again: one more round of attempts from now. */
export async function requeueDelivery(db: Executor, accountId: number, webhookId: number, id: number, now: Date, attemptBudget: number) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, maxAttempts: sql`${webhookDeliveries.attempts} + ${attemptBudget}` })
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)))
    .returning();
  return row ?? null;
}

export type ClaimedDelivery = DeliveryRow & { url: string; secretSealed: string; sealedIn: 'webhook' | 'channel' };

/**
 * Claims due deliveries in one statement: the select skips rows another runner holds, and the same
 * update bumps `attempts` and moves `next_attempt_at` past the send (a lease), so no other runner
 * picks them up while they are being sent, and a crashed runner's claims come due again. Each comes
 * with where it goes: its webhook's URL and secret, or its API inbox's `webhook_url` and channel secrets.
 */
export async function claimDueDeliveries(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const d = webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)))
    .orderBy(asc(d.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(d)
    .set({ attempts: sql`${d.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(d.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const webhookIds = [...new Set(claimed.flatMap((c) => (c.webhookId ? [c.webhookId] : [])))];
  const inboxIds = [...new Set(claimed.flatMap((c) => (c.inboxId ? [c.inboxId] : [])))];
  const [hooks, inboxTargets] = await Promise.all([
    webhookIds.length ? db.select({ id: webhooks.id, url: webhooks.url, secretSealed: webhooks.secretSealed }).from(webhooks).where(anyInteger(webhooks.id, webhookIds)) : [],
    inboxIds.length ? inboxWebhookTargets(db, inboxIds) : [],
  ]);
  const byWebhook = new Map(hooks.map((t) => [t.id, t]));
  const byInbox = new Map(inboxTargets.map((t) => [t.inboxId, t]));
  return claimed.flatMap((c): ClaimedDelivery[] => {
    if (c.webhookId) {
      const target = byWebhook.get(c.webhookId);
      return target ? [{ ...c, url: target.url, secretSealed: target.secretSealed, sealedIn: 'webhook' }] : [];
    }
    const target = c.inboxId ? byInbox.get(c.inboxId) : undefined;
    return target?.url ? [{ ...c, url: target.url, secretSealed: target.secrets ?? '', sealedIn: 'channel' }] : [];
  });
}

/** API inboxes' `webhook_url` (null when unset) and sealed channel secrets. */
export function inboxWebhookTargets(db: Executor, inboxIds: number[]) {
  return preparedFor(db, 'inbox_webhook_targets', (on) =>
    on
      .select({ inboxId: inboxes.id, channelType: channels.channelType, url: sql<string | null>`nullif(${channels.settings}->>'webhook_url', '')`, secrets: channels.secrets })
      .from(inboxes)
      .innerJoin(channels, eq(channels.id, inboxes.channelId))
      .where(anyIntegerPlaceholder(inboxes.id)),
  ).execute({ ids: inboxIds });
}

export type AttemptOutcome = {
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date;
  statusCode: number | null;
  error: string | null;
  deliveredAt: Date | null;
  entry: WebhookAttempt;
};

/**
 * Writes attempts' results in one statement (what one run of the sender sent), each only if its delivery
 * is still at the attempt that was claimed (a redelivery or another claim since then wins); answers the
 * ids written.
 */
export async function recordAttempts(db: Executor, attempts: { id: number; attempt: number; outcome: AttemptOutcome }[]): Promise<Set<number>> {
  if (attempts.length === 0) return new Set();
  const values = attempts.map(({ id, attempt, outcome }) => ({
    id,
    attempt,
    status: outcome.status,
    next_attempt_at: outcome.nextAttemptAt.toISOString(),
    status_code: outcome.statusCode,
    error: outcome.error,
    delivered_at: outcome.deliveredAt?.toISOString() ?? null,
    entry: outcome.entry,
  }));
  const d = webhookDeliveries;
  const result = await db.execute(sql`
    update ${d} set status = v.status, next_attempt_at = v.next_attempt_at, last_status_code = v.status_code, last_error = v.error,
      delivered_at = v.delivered_at, attempt_log = ${d.attemptLog} || jsonb_build_array(v.entry)
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(id int, attempt int, status text, next_attempt_at timestamptz, status_code int, error text, delivered_at timestamptz, entry jsonb)
    where ${d.id} = v.id and ${d.attempts} = v.attempt
    returning ${d.id} as id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

/** When the earliest pending delivery comes due. */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const d = webhookDeliveries;
  const [row] = await db.select({ at: d.nextAttemptAt }).from(d).where(eq(d.status, 'pending')).orderBy(asc(d.nextAttemptAt)).limit(1);
  return row?.at ?? null;
}
