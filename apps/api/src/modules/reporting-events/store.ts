import { and, desc, eq, gt, inArray, isNotNull, lt, max, min, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
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
const sharedLock = (accountId: number) => sql<unknown>`pg_advisory_xact_lock_shared(${REPORTS_LOCK_CLASS}, ${accountId})`;

/** A conversation's facts, under the account's reports lock (shared). Null when it is gone. */
export async function loadConversationFacts(tx: Executor, accountId: number, conversationId: number): Promise<ConversationFacts | null> {
  const [row] = await tx
    .select({ ...conversationFactColumns, locked: sharedLock(accountId) })
    .from(conversations)
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)));
  if (!row) return null;
  const { locked: _, ...facts } = row;
  return conversationFactsOf(facts);
}

/** A message and its conversation's facts, under the account's reports lock (shared). Null when it is gone. */
export async function loadMessageFacts(tx: Executor, accountId: number, messageId: number): Promise<{ conversation: ConversationFacts; message: MessageFacts } | null> {
  const [row] = await tx
    .select({ conversation: conversationFactColumns, message: messageFactColumns, locked: sharedLock(accountId) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .where(and(eq(messages.id, messageId), eq(messages.accountId, accountId)));
  return row ? { conversation: conversationFactsOf(row.conversation), message: row.message } : null;
}

const agentReply = and(eq(messages.messageType, 'outgoing'), eq(messages.private, false), eq(messages.senderType, 'User'), sql`${messages.contentType} <> 'input_csat'`);

/**
 * What came before an agent's reply (derive.ts isAgentReply), read from the conversation's messages on
 * messages_conversation_id_idx: the previous agent reply (scanning back from the message), and the oldest public
 * incoming message between it and this one. One statement.
 */
export async function loadReplyHistory(tx: Executor, conversationId: number, messageId: number): Promise<Omit<ReplyHistory, 'handoffAt'>> {
  const previous = tx
    .select({ id: max(messages.id).as('previous_id') })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lt(messages.id, messageId), agentReply))
    .as('previous');
  const [row] = await tx
    .select({
      previousId: previous.id,
      waitingSince: min(messages.createdAt),
    })
    .from(previous)
    .leftJoin(
      messages,
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, sql`coalesce(${previous.id}, 0)`),
        lt(messages.id, messageId),
        eq(messages.messageType, 'incoming'),
        eq(messages.private, false),
      ),
    )
    .groupBy(previous.id);
  return { repliedBefore: row?.previousId != null, waitingSince: row?.waitingSince ?? null };
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
export async function recordDerived(tx: Executor, events: readonly DerivedEvent[]): Promise<RollupFact[]> {
  if (events.length === 0) return [];
  const stored = await tx.insert(reportingEvents).values([...events]).onConflictDoNothing().returning();
  const facts = stored.flatMap((row) => factOf(row) ?? []);
  await applyRollups(tx, facts);
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
        inArray(reportingEvents.conversationId, conversationIds),
        eq(reportingEvents.accountId, accountId),
        inArray(reportingEvents.name, names),
        isNotNull(reportingEvents.dedupeKey),
      ),
    )
    .orderBy(reportingEvents.createdAt);
}
