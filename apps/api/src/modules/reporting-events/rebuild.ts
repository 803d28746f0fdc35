import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { schema, type Db, type Executor } from '@app/db';
import { creationEvents, factOf, isAgentReply, messageEvents, REBUILT_EVENTS, statusEvents, type ConversationFacts, type DerivedEvent, type MessageFacts } from './derive.ts';
import { rollUpCsat } from './csat-rollups.ts';
import { applyRollups } from './rollups.ts';
import { conversationFactColumns, conversationFactsOf, eventsOf, REPORTS_LOCK_CLASS } from './store.ts';

const { conversations, inboxes, messages, reportingEvents, reportRollups, reportDailyRollups } = schema;

/** Conversations read per chunk (with their public messages). */
const CONVERSATION_CHUNK = 500;
/** Events per insert (13 columns each: well under Postgres' 65,535 parameters). */
const INSERT_CHUNK = 1000;
/** Events per rollup write (each adds to one cell per dimension: with a few labels, a few thousand rows). */
const ROLLUP_CHUNK = 800;

export type RebuildSummary = { accountId: number; conversations: number; events: number; facts: number };

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A conversation's message-derived events, walking its public messages in order (the relay's rules, derive.ts). */
function walk(conversation: ConversationFacts, ordered: readonly MessageFacts[], handoffAt: Date | null): DerivedEvent[] {
  const out = creationEvents(conversation);
  let repliedBefore = false;
  let waitingSince: Date | null = null;
  for (const message of ordered) {
    if (isAgentReply(message)) {
      out.push(...messageEvents(conversation, message, { repliedBefore, waitingSince, handoffAt }));
      repliedBefore = true;
      waitingSince = null;
      continue;
    }
    out.push(...messageEvents(conversation, message, null));
    if (message.messageType === 'incoming' && (!waitingSince || message.createdAt < waitingSince)) waitingSince = message.createdAt;
  }
  return out;
}

async function insertEvents(tx: Executor, events: DerivedEvent[]) {
  for (let i = 0; i < events.length; i += INSERT_CHUNK) {
    await tx.insert(reportingEvents).values(events.slice(i, i + INSERT_CHUNK)).onConflictDoNothing();
  }
}

/** Recomputes the events of one chunk of conversations (ids after `after`); answers the last id and the counts. */
async function rebuildChunk(tx: Executor, accountId: number, after: number): Promise<{ last: number | null; conversations: number; events: number }> {
  const rows = await tx
    .select({ ...conversationFactColumns, status: conversations.status, updatedAt: conversations.updatedAt })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .where(and(eq(conversations.accountId, accountId), gt(conversations.id, after)))
    .orderBy(asc(conversations.id))
    .limit(CONVERSATION_CHUNK);
  if (rows.length === 0) return { last: null, conversations: 0, events: 0 };
  const ids = rows.map((r) => r.id);
  const messageRows = await tx
    .select({
      conversationId: messages.conversationId,
      id: messages.id,
      createdAt: messages.createdAt,
      messageType: messages.messageType,
      private: messages.private,
      contentType: messages.contentType,
      senderType: messages.senderType,
      senderId: messages.senderId,
    })
    .from(messages)
    .where(and(inArray(messages.conversationId, ids), inArray(messages.messageType, ['incoming', 'outgoing']), eq(messages.private, false)))
    .orderBy(asc(messages.conversationId), asc(messages.id));
  const byConversation = groupBy(messageRows, (m) => m.conversationId);
  const kept = groupBy(await eventsOf(tx, accountId, ids, ['conversation_bot_handoff', 'conversation_resolved']), (e) => e.conversationId!);
  const events: DerivedEvent[] = [];
  for (const { status, updatedAt, ...row } of rows) {
    const conversation = conversationFactsOf(row);
    const recorded = kept.get(conversation.id) ?? [];
    const handoffAt = recorded.find((e) => e.name === 'conversation_bot_handoff')?.at ?? null;
    events.push(...walk(conversation, byConversation.get(conversation.id) ?? [], handoffAt));
    // A conversation resolved without the relay seeing it (inserted directly: the demo seed, an import) gets
    // its resolution at its last update, since created (it has no earlier resolution).
    if (status === 'resolved' && !recorded.some((e) => e.name === 'conversation_resolved')) {
      events.push(...statusEvents(conversation, { previous: 'open', current: 'resolved', at: updatedAt }, null));
    }
  }
  await insertEvents(tx, events);
  return { last: ids.at(-1)!, conversations: rows.length, events: events.length };
}

/** Adds every derived event of the account to the (emptied) rollups, in chunks by id. */
async function rollUpAll(tx: Executor, accountId: number): Promise<number> {
  let after = 0;
  let facts = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, accountId), isNotNull(reportingEvents.dedupeKey), gt(reportingEvents.id, after)))
      .orderBy(asc(reportingEvents.id))
      .limit(ROLLUP_CHUNK);
    if (rows.length === 0) return facts;
    const chunk = rows.flatMap((row) => factOf(row) ?? []);
    await applyRollups(tx, chunk);
    facts += chunk.length;
    after = rows.at(-1)!.id;
  }
}

/**
 * Recomputes an account's reports from its conversations and messages (docs/reports.md "Rebuilding"): the
 * message- and creation-derived events (REBUILT_EVENTS) are deleted and derived again, with the relay's rules;
 * the status events (resolutions, reopens, handoffs) are kept, as they are the only record of status changes,
 * and a resolved conversation without one gets one; then both rollup tables are emptied and summed again from
 * the events, and the CSAT counts from the responses and survey messages (csat-rollups.ts). One transaction under the account's reports lock taken exclusive: a relay writing this account
 * waits for it (and it for the relay), and an event the relay writes after it is already stored under its
 * dedupe key, so nothing counts twice. Streams in chunks: memory stays flat at millions of messages.
 */
export async function rebuildReports(db: Db, accountId: number): Promise<RebuildSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPORTS_LOCK_CLASS}, ${accountId})`);
    await tx
      .delete(reportingEvents)
      .where(and(eq(reportingEvents.accountId, accountId), isNotNull(reportingEvents.dedupeKey), inArray(reportingEvents.name, [...REBUILT_EVENTS])));
    await tx.delete(reportRollups).where(eq(reportRollups.accountId, accountId));
    await tx.delete(reportDailyRollups).where(eq(reportDailyRollups.accountId, accountId));
    const summary: RebuildSummary = { accountId, conversations: 0, events: 0, facts: 0 };
    for (let after = 0; ; ) {
      const chunk = await rebuildChunk(tx, accountId, after);
      if (chunk.last === null) break;
      summary.conversations += chunk.conversations;
      summary.events += chunk.events;
      after = chunk.last;
    }
    summary.facts = await rollUpAll(tx, accountId);
    await rollUpCsat(tx, accountId);
    return summary;
  });
}

/** Every account's id, for `reports rebuild` without --account. */
export async function accountIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: schema.accounts.id }).from(schema.accounts).orderBy(asc(schema.accounts.id));
  return rows.map((r) => r.id);
}
