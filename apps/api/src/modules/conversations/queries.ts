import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { summaryPickColumns } from '../messages/summaries.ts';
import { scopeCondition, type ConversationScope } from './scope.ts';

const { conversations, contacts, contactInboxes, inboxes, channels, teams, inboxMembers, accountUsers, users, conversationParticipants, labels } = schema;
export type ConversationRow = typeof conversations.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

/** One conversation by display id, if the scope lets the caller see it. */
export async function findConversationRow(db: Executor, scope: ConversationScope, displayId: number, lock = false): Promise<ConversationRow | null> {
  const query = db
    .select()
    .from(conversations)
    .where(and(scopeCondition(scope), eq(conversations.displayId, displayId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  return row ?? null;
}

/**
 * What a conversation payload needs besides the row: its contact (joined), and its channel, team name and
 * contact inbox's hmac flag as scalar subqueries. A six-way join cost more to plan (≈2 ms) than to run
 * for a 25-row page; the subqueries are planned apart and each reads one row by primary key. The message
 * summary's picks (last message, last non-activity message, unread count) come with the page too, instead of a
 * second round trip; Postgres evaluates these subqueries only for the rows the LIMIT keeps.
 */
function listColumns(): ListColumns {
  // built on first use: messages and conversations import each other, so not at module load
  return (columns ??= {
    conversation: conversations,
    contact: contacts,
    channelType: sql<string>`(select ${channels.channelType} from ${inboxes} join ${channels} on ${channels.id} = ${inboxes.channelId} where ${inboxes.id} = ${conversations.inboxId})`,
    teamName: sql<string | null>`(select ${teams.name} from ${teams} where ${teams.id} = ${conversations.teamId})`,
    hmacVerified: sql<boolean | null>`(select ${contactInboxes.hmacVerified} from ${contactInboxes} where ${contactInboxes.id} = ${conversations.contactInboxId})`,
    ...summaryPickColumns(conversations.id, conversations.agentLastSeenAt),
  });
}
type ListColumns = {
  conversation: typeof conversations;
  contact: typeof contacts;
  channelType: SQL<string>;
  teamName: SQL<string | null>;
  hmacVerified: SQL<boolean | null>;
} & ReturnType<typeof summaryPickColumns>;
let columns: ListColumns | undefined;

export type ConversationListRow = {
  conversation: ConversationRow;
  contact: ContactRow;
  channelType: string;
  teamName: string | null;
  hmacVerified: boolean | null;
  lastId: number | null;
  lastNonActivityId: number | null;
  unreadCount: number;
};

/** A page of conversations with what their payloads need, in one query. */
export function selectConversationRows(db: Executor, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<ConversationListRow[]> {
  return db
    .select(listColumns())
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** mine / unassigned / all over a condition; served index-only by conversations_counts_idx. */
export async function countConversations(db: Executor, where: SQL | undefined, userId: number) {
  const [row] = await db
    .select({
      all: count(),
      mine: sql<number>`count(*) filter (where ${conversations.assigneeId} = ${userId})`.mapWith(Number),
      unassigned: sql<number>`count(*) filter (where ${conversations.assigneeId} is null)`.mapWith(Number),
    })
    .from(conversations)
    .where(where);
  return { all: row?.all ?? 0, mine: row?.mine ?? 0, unassigned: row?.unassigned ?? 0 };
}

/** The next display id of an account; the counter row stays locked until the transaction ends. */
export async function nextDisplayId(tx: Executor, accountId: number): Promise<number> {
  const counter = schema.conversationDisplayIds;
  const [row] = await tx
    .insert(counter)
    .values({ accountId, lastValue: 1 })
    .onConflictDoUpdate({ target: counter.accountId, set: { lastValue: sql`${counter.lastValue} + 1` } })
    .returning({ value: counter.lastValue });
  return row!.value;
}

export async function insertConversation(tx: Executor, values: typeof conversations.$inferInsert): Promise<ConversationRow> {
  const [row] = await tx.insert(conversations).values(values).returning();
  return row!;
}

export async function updateConversationRow(tx: Executor, id: number, values: Partial<typeof conversations.$inferInsert>): Promise<ConversationRow> {
  const [row] = await tx.update(conversations).set(values).where(eq(conversations.id, id)).returning();
  return row!;
}

export async function deleteConversationRow(tx: Executor, id: number) {
  await tx.delete(conversations).where(eq(conversations.id, id));
}

export async function findInboxRow(db: Executor, accountId: number, inboxId: number) {
  const [row] = await db
    .select({ inbox: inboxes, channelType: channels.channelType })
    .from(inboxes)
    .innerJoin(channels, eq(channels.id, inboxes.channelId))
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, inboxId)))
    .limit(1);
  return row ?? null;
}

export async function findTeamRow(db: Executor, accountId: number, teamId: number) {
  const [row] = await db.select().from(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, teamId))).limit(1);
  return row ?? null;
}

/**
 * Round robin candidates: the inbox's online members (optionally only members of a team), each with
 * how many open conversations they hold in the inbox and when they were last given one.
 */
export async function autoAssignCandidates(db: Executor, accountId: number, inboxId: number, teamId: number | null) {
  const load = sql<number>`(select count(*) from ${conversations} c where c.assignee_id = ${inboxMembers.userId} and c.inbox_id = ${inboxId} and c.status = 'open')`.mapWith(Number);
  const lastAssigned = sql<Date | null>`(select max(c.created_at) from ${conversations} c where c.assignee_id = ${inboxMembers.userId} and c.inbox_id = ${inboxId})`;
  return db
    .select({ userId: inboxMembers.userId, load, lastAssigned })
    .from(inboxMembers)
    .innerJoin(accountUsers, and(eq(accountUsers.userId, inboxMembers.userId), eq(accountUsers.accountId, accountId)))
    .innerJoin(users, eq(users.id, inboxMembers.userId))
    .where(
      and(
        eq(inboxMembers.inboxId, inboxId),
        eq(accountUsers.availability, 'online'),
        sql`${users.confirmedAt} is not null`,
        sql`${accountUsers.role} <> 'checker'`,
        teamId ? sql`exists (select 1 from ${schema.teamMembers} tm where tm.team_id = ${teamId} and tm.user_id = ${inboxMembers.userId})` : undefined,
      ),
    );
}

export async function participantIds(db: Executor, conversationId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

export async function addParticipants(tx: Executor, accountId: number, conversationId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx
    .insert(conversationParticipants)
    .values(userIds.map((userId) => ({ accountId, conversationId, userId })))
    .onConflictDoNothing();
}

export async function removeParticipants(tx: Executor, conversationId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.delete(conversationParticipants).where(and(eq(conversationParticipants.conversationId, conversationId), inArray(conversationParticipants.userId, userIds)));
}

export async function existingLabelTitles(db: Executor, accountId: number, titles: string[]): Promise<string[]> {
  if (titles.length === 0) return [];
  const rows = await db
    .select({ title: labels.title })
    .from(labels)
    .where(and(eq(labels.accountId, accountId), inArray(sql`lower(${labels.title})`, titles)));
  return rows.map((r) => r.title.toLowerCase());
}

/** Snoozed conversations whose time has come go back to open; answers what changed. */
export function reopenDueSnoozed(db: Executor, now: Date, limit: number) {
  return db
    .update(conversations)
    .set({ status: 'open', snoozedUntil: null })
    .where(
      inArray(
        conversations.id,
        db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.status, 'snoozed'), sql`${conversations.snoozedUntil} <= ${now}`))
          .limit(limit),
      ),
    )
    .returning();
}

export async function contactExists(db: Executor, accountId: number, contactId: number): Promise<boolean> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId))).limit(1);
  return Boolean(row);
}

/** When the contact's latest message arrived (messages_conversation_id_idx, newest first). */
export async function latestIncomingAt(db: Executor, conversationId: number): Promise<Date | null> {
  const m = schema.messages;
  const [row] = await db
    .select({ at: m.createdAt })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.messageType, 'incoming')))
    .orderBy(sql`${m.id} desc`)
    .limit(1);
  return row?.at ?? null;
}

/** A conversation's messages for its transcript, oldest first, without private notes. */
export function transcriptMessages(db: Executor, conversationId: number, limit: number) {
  const m = schema.messages;
  return db
    .select({ id: m.id, content: m.content, messageType: m.messageType, senderType: m.senderType, senderId: m.senderId, createdAt: m.createdAt })
    .from(m)
    .where(and(eq(m.conversationId, conversationId), eq(m.private, false), sql`${m.messageType} in ('incoming', 'outgoing')`))
    .orderBy(m.id)
    .limit(limit);
}
