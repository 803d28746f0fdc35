import { and, desc, eq, gt, inArray, isNotNull, lt, min, sql, type SQL } from 'drizzle-orm';
import { anyInteger, anyIntegerPlaceholder, preparedFor, schema, type Executor } from '@app/db';
import type { WorkingHour } from '@app/db/schema';
import { factOf, hoursOf, type ConversationFacts, type DerivedEvent, type MessageFacts, type ReplyHistory } from './derive.ts';
import { applyRollups, type RollupFact } from './rollups.ts';

const { conversations, inboxes, messages, reportingEvents } = schema;

/**
 * The advisory lock of an account's reports (first key; any constant unused by other locks): the relay holds it
 * shared while it writes facts, a rebuild exclusive, so a rebuild never runs beside a relay writing the same account.
 */
export const REPORTS_LOCK_CLASS = 72_635_514;

export const conversationFactColumns = {
  id: conversations.id,
  accountId: conversations.accountId,
  inboxId: conversations.inboxId,
  assigneeId: conversations.assigneeId,
  teamId: conversations.teamId,
  labels: conversations.labels,
  createdAt: conversations.createdAt,
  firstReplyCreatedAt: conversations.firstReplyCreatedAt,
  botInbox: sql<boolean>`${inboxes.agentBotId} is not null`,
  workingHoursEnabled: inboxes.workingHoursEnabled,
  workingHours: inboxes.workingHours,
  timezone: inboxes.timezone,
};

type ConversationFactRow = Omit<ConversationFacts, 'hours'> & { workingHoursEnabled: boolean; workingHours: WorkingHour[]; timezone: string };

export const conversationFactsOf = ({ workingHoursEnabled, workingHours, timezone, botInbox, ...row }: ConversationFactRow): ConversationFacts => ({
  ...row,
  botInbox: Boolean(botInbox),
  hours: hoursOf({ workingHoursEnabled, workingHours, timezone }),
});

const messageFactColumns = {
  id: messages.id,
  createdAt: messages.createdAt,
  messageType: messages.messageType,
  private: messages.private,
  contentType: messages.contentType,
  senderType: messages.senderType,
  senderId: messages.senderId,
};

/** Taken in the statement that loads what the facts read: no extra round trip. */
const sharedLock = (accountId: SQL | number) => sql<unknown>`pg_advisory_xact_lock_shared(${REPORTS_LOCK_CLASS}, ${accountId})`;

/** Subjects of one account, by id (what a relay batch's rows name). */
export type Subjects = { accountId: number; id: number }[];
const byAccount = (subjects: Subjects) => new Set(subjects.map((s) => `${s.accountId}:${s.id}`));

/**
 * Conversations' facts by id, under their accounts' reports locks (shared); the gone ones are missing. This and the
 * message facts are prepared once (preparedFor): the relay loads them for every message (docs/benchmarks.md,
 * "Fourteenth session").
 */
export async function loadConversationFacts(tx: Executor, subjects: Subjects): Promise<Map<number, ConversationFacts>> {
  if (subjects.length === 0) return new Map();
  const rows = await preparedFor(tx, 'report_conversation_facts', (on) =>
    on
      .select({ ...conversationFactColumns, locked: sharedLock(sql`${conversations.accountId}`) })
      .from(conversations)
      .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
      .where(anyIntegerPlaceholder(conversations.id)),
  ).execute({ ids: [...new Set(subjects.map((s) => s.id))] });
  const asked = byAccount(subjects);
  return new Map(rows.filter((r) => asked.has(`${r.accountId}:${r.id}`)).map(({ locked: _, ...facts }) => [facts.id, conversationFactsOf(facts)]));
}

/** Messages and their conversations' facts by message id, under their accounts' reports locks (shared); the gone ones are missing. */
export async function loadMessageFacts(tx: Executor, subjects: Subjects): Promise<Map<number, { conversation: ConversationFacts; message: MessageFacts }>> {
  if (subjects.length === 0) return new Map();
  const rows = await preparedFor(tx, 'report_message_facts', (on) =>
    on
      .select({ conversation: conversationFactColumns, message: messageFactColumns, accountId: messages.accountId, locked: sharedLock(sql`${messages.accountId}`) })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
      .where(anyIntegerPlaceholder(messages.id)),
  ).execute({ ids: [...new Set(subjects.map((s) => s.id))] });
  const asked = byAccount(subjects);
  return new Map(
    rows.filter((r) => asked.has(`${r.accountId}:${r.message.id}`)).map((r) => [r.message.id, { conversation: conversationFactsOf(r.conversation), message: r.message }]),
  );
}

/**
 * What came before agents' replies (derive.ts isAgentReply), by message id, in one statement: for each, the
 * previous agent reply of its conversation, and the oldest public incoming message between it and this one.
 * The previous reply is the first match scanning back from the message on messages_conversation_id_idx (`order by
 * id desc limit 1`, which stops there; `max(id)` was planned as an aggregate over every earlier message: 3x the buffers).
 */
export async function loadReplyHistories(tx: Executor, replies: { conversationId: number; messageId: number }[]): Promise<Map<number, Omit<ReplyHistory, 'handoffAt'>>> {
  if (replies.length === 0) return new Map();
  const result = await tx.execute(sql`
    select r.message_id as "messageId", previous.id as "previousId",
      (select extract(epoch from min(m.created_at)) * 1000 from ${messages} m
        where m.conversation_id = r.conversation_id and m.id > coalesce(previous.id, 0) and m.id < r.message_id
          and m.message_type = 'incoming' and m.private = false) as "waitingSinceMs"
    from unnest(${`{${replies.map((r) => r.conversationId).join(',')}}`}::int[], ${`{${replies.map((r) => r.messageId).join(',')}}`}::int[]) as r(conversation_id, message_id)
    left join lateral (
      select m.id from ${messages} m
      where m.conversation_id = r.conversation_id and m.id < r.message_id
        and m.message_type = 'outgoing' and m.private = false and m.sender_type = 'User' and m.content_type <> 'input_csat'
      order by m.id desc limit 1
    ) previous on true`);
  const rows = (result as unknown as { rows: { messageId: number; previousId: number | null; waitingSinceMs: number | string | null }[] }).rows;
  return new Map(rows.map((r) => [Number(r.messageId), { repliedBefore: r.previousId != null, waitingSince: r.waitingSinceMs == null ? null : new Date(Number(r.waitingSinceMs)) }]));
}

/** When a conversation's latest event of one name happened (before `before` when given). */
export async function latestEventAt(tx: Executor, accountId: number, conversationId: number, name: string, before?: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ at: reportingEvents.createdAt })
    .from(reportingEvents)
    .where(
      and(
        eq(reportingEvents.conversationId, conversationId),
        eq(reportingEvents.accountId, accountId),
        eq(reportingEvents.name, name),
        isNotNull(reportingEvents.dedupeKey),
        before ? lt(reportingEvents.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(reportingEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * When a conversation resolved at `at` started its current stretch: created, or, when it was resolved before,
 * reopened after that. The reopen is the first recorded reopen after the previous resolution, or the first public
 * incoming message after it (a customer's message reopens a resolved conversation; its reopen row travels in the
 * inbound lane, so it may be relayed after this resolution). Null: since created.
 */
export async function resolutionStart(tx: Executor, accountId: number, conversationId: number, at: Date): Promise<Date | null> {
  const previous = await latestEventAt(tx, accountId, conversationId, 'conversation_resolved', at);
  if (!previous) return null;
  const reopenEvent = tx
    .select({ at: min(reportingEvents.createdAt) })
    .from(reportingEvents)
    .where(
      and(
        eq(reportingEvents.conversationId, conversationId),
        eq(reportingEvents.accountId, accountId),
        eq(reportingEvents.name, 'conversation_reopened'),
        gt(reportingEvents.createdAt, previous),
        lt(reportingEvents.createdAt, at),
      ),
    );
  const incoming = tx
    .select({ at: min(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.messageType, 'incoming'),
        eq(messages.private, false),
        gt(messages.createdAt, previous),
        lt(messages.createdAt, at),
      ),
    );
  const [row] = await tx.select({ at: sql<Date | string | null>`least((${reopenEvent}), (${incoming}))` }).from(sql`(select 1) as one`);
  return row?.at ? new Date(row.at) : previous;
}

/**
 * Stores derived events (an event already stored under its dedupe key is left alone) and adds the facts of
 * the ones stored now to the rollups: whatever the number of times an event is written, it counts once.
 */
export async function recordDerived(tx: Executor, events: readonly DerivedEvent[], options: { rollups?: 'now' | 'caller' } = {}): Promise<RollupFact[]> {
  if (events.length === 0) return [];
  // One parameter (the rows as JSON) and one text whatever the number of events: a VALUES list of 12 parameters a
  // row cost more CPU to build than the relay's other work on the batch, and its text (too long to be kept
  // prepared) was parsed and planned again on every batch.
  const rows = events.map((e) => ({
    account_id: e.accountId,
    inbox_id: e.inboxId ?? null,
    conversation_id: e.conversationId ?? null,
    user_id: e.userId ?? null,
    name: e.name,
    value: e.value ?? null,
    value_in_business_hours: e.valueInBusinessHours ?? null,
    event_start_time: e.eventStartTime ?? null,
    event_end_time: e.eventEndTime ?? null,
    data: e.data ?? {},
    dedupe_key: e.dedupeKey,
    created_at: e.createdAt,
  }));
  const result = await tx.execute(sql`
    insert into ${reportingEvents} (account_id, inbox_id, conversation_id, user_id, name, value, value_in_business_hours, event_start_time, event_end_time, data, dedupe_key, created_at)
    select account_id, inbox_id, conversation_id, user_id, name, value, value_in_business_hours, event_start_time, event_end_time, data, dedupe_key, created_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(account_id integer, inbox_id integer, conversation_id integer, user_id integer, name text,
        value double precision, value_in_business_hours double precision, event_start_time timestamptz, event_end_time timestamptz, data jsonb,
        dedupe_key text, created_at timestamptz)
    on conflict do nothing
    returning account_id as "accountId", name, created_at as "createdAt", value, value_in_business_hours as "valueInBusinessHours",
      inbox_id as "inboxId", user_id as "userId", data`);
  type Stored = Parameters<typeof factOf>[0];
  const stored = (result as unknown as { rows: (Omit<Stored, 'createdAt' | 'value' | 'valueInBusinessHours'> & { createdAt: Date | string; value: number | string | null; valueInBusinessHours: number | string | null })[] }).rows;
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const facts = stored.flatMap((row) => factOf({ ...row, createdAt: new Date(row.createdAt), value: num(row.value), valueInBusinessHours: num(row.valueInBusinessHours) }) ?? []);
  // 'caller': the caller adds them (the relay, last in its batch)
  if (options.rollups !== 'caller') await applyRollups(tx, facts);
  return facts;
}

/** Derived events of some conversations (the rebuild reads the handoff and resolution times it keeps). */
export async function eventsOf(tx: Executor, accountId: number, conversationIds: number[], names: string[]) {
  if (conversationIds.length === 0) return [];
  return tx
    .select({ conversationId: reportingEvents.conversationId, name: reportingEvents.name, at: reportingEvents.createdAt })
    .from(reportingEvents)
    .where(
      and(
        anyInteger(reportingEvents.conversationId, conversationIds),
        eq(reportingEvents.accountId, accountId),
        inArray(reportingEvents.name, names),
        isNotNull(reportingEvents.dedupeKey),
      ),
    )
    .orderBy(reportingEvents.createdAt);
}
