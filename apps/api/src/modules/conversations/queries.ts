import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { anyInteger, anyIntegerPlaceholder, boundedIds, byPosition, constantText, executeArrays, preparedFor, rawTimestamp, rawTimestampOrNull, schema, sqlInteger, type Executor } from '@app/db';
import { summaryPickColumns } from '../messages/summaries.ts';
import { matchesSearch, searchMatches, type PageBranches } from './list.ts';
import { scopeCondition, type ConversationScope } from './scope.ts';

const { conversations, contacts, inboxes, channels, teams, inboxMembers, accountUsers, users, conversationParticipants, labels } = schema;
export type ConversationRow = typeof conversations.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

/** One conversation by display id in the account: every inbox's (administrators), or the given inboxes'. */
const byDisplayIdQuery = (inboxes: 'all' | 'listed') => (on: Executor) =>
  on
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, sql.placeholder('accountId')),
        eq(conversations.displayId, sql.placeholder('displayId')),
        inboxes === 'listed' ? anyIntegerPlaceholder(conversations.inboxId, 'inboxIds') : undefined,
      ),
    )
    .limit(1);

/**
 * One conversation by display id, if the scope lets the caller see it. The lookup of every request on a
 * conversation (a message posted, a status changed): for a scope without a conversation restriction it runs as a
 * prepared statement, built once (docs/benchmarks.md "Message create CPU"); a restricted custom role's and a
 * locking one are built each time.
 */
export async function findConversationRow(db: Executor, scope: ConversationScope, displayId: number, lock = false): Promise<ConversationRow | null> {
  if (!lock && !scope.restriction) {
    const inboxes = scope.inboxes === 'all' ? 'all' : 'listed';
    const params = { accountId: scope.accountId, displayId, ...(scope.inboxes === 'all' ? {} : { inboxIds: `{${scope.inboxes.join(',')}}` }) };
    const [row] = await preparedFor(db, `conversation_by_display_id_${inboxes}`, byDisplayIdQuery(inboxes)).execute(params);
    return row ?? null;
  }
  const query = db
    .select()
    .from(conversations)
    .where(and(scopeCondition(scope), eq(conversations.displayId, displayId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: conversations }) : await query;
  return row ?? null;
}

/** The conversation columns a payload reads (serializers.ts), not the whole row. */
export type ConversationPageRow = Pick<
  ConversationRow,
  | 'id'
  | 'accountId'
  | 'displayId'
  | 'uuid'
  | 'inboxId'
  | 'assigneeId'
  | 'teamId'
  | 'status'
  | 'priority'
  | 'snoozedUntil'
  | 'muted'
  | 'labels'
  | 'additionalAttributes'
  | 'customAttributes'
  | 'firstReplyCreatedAt'
  | 'waitingSince'
  | 'lastActivityAt'
  | 'agentLastSeenAt'
  | 'assigneeLastSeenAt'
  | 'contactLastSeenAt'
  | 'createdAt'
  | 'updatedAt'
>;
/** The contact columns of its push payload (contacts' serializeContactPush). */
export type ContactPushRow = Pick<ContactRow, 'id' | 'name' | 'email' | 'phoneNumber' | 'identifier' | 'avatarKey' | 'blocked' | 'additionalAttributes' | 'customAttributes'>;

export type ConversationListRow = {
  conversation: ConversationPageRow;
  contact: ContactPushRow;
  channelType: string;
  teamName: string | null;
  hmacVerified: boolean | null;
  lastId: number | null;
  lastNonActivityId: number | null;
  unreadCount: number;
};

/**
 * The page's columns, flat, as one piece of SQL text: exactly what a payload needs (the conversation's and its
 * contact's, the channel, team name and contact inbox's hmac flag as scalar subqueries), each under a short alias.
 * A six-way join cost more to plan (≈2 ms) than to run for a 25-row page; the subqueries are planned apart and each
 * reads one row by primary key. The message summary's picks (last message, last non-activity message, unread count)
 * come with the page too, instead of a second round trip; Postgres evaluates these subqueries only for the rows the
 * LIMIT keeps. One fixed text rather than drizzle's select builder: building the 40-column select and mapping its
 * nested rows was a third of a list request's CPU (docs/benchmarks.md, "List request CPU"). The names are checked
 * against the schema by the conversations tests (every field of the payload is asserted there).
 */
const CONVERSATION_COLUMNS = [
  ['id', 'c_id'],
  ['account_id', 'c_account_id'],
  ['display_id', 'c_display_id'],
  ['uuid', 'c_uuid'],
  ['inbox_id', 'c_inbox_id'],
  ['assignee_id', 'c_assignee_id'],
  ['team_id', 'c_team_id'],
  ['status', 'c_status'],
  ['priority', 'c_priority'],
  ['snoozed_until', 'c_snoozed_until'],
  ['muted', 'c_muted'],
  ['labels', 'c_labels'],
  ['additional_attributes', 'c_additional_attributes'],
  ['custom_attributes', 'c_custom_attributes'],
  ['first_reply_created_at', 'c_first_reply_created_at'],
  ['waiting_since', 'c_waiting_since'],
  ['last_activity_at', 'c_last_activity_at'],
  ['agent_last_seen_at', 'c_agent_last_seen_at'],
  ['assignee_last_seen_at', 'c_assignee_last_seen_at'],
  ['contact_last_seen_at', 'c_contact_last_seen_at'],
  ['created_at', 'c_created_at'],
  ['updated_at', 'c_updated_at'],
] as const;
const CONTACT_COLUMNS = ['id', 'name', 'email', 'phone_number', 'identifier', 'avatar_key', 'blocked', 'additional_attributes', 'custom_attributes'] as const;
const LOOKUPS = [
  // two single-row lookups, not a join: Postgres hash-joins two small tables for every row otherwise (0.4 -> 0.23
  // ms for a page's 25 rows)
  ['channel_type', `(select ch.channel_type from "channels" ch where ch.id = (select i.channel_id from "inboxes" i where i.id = "conversations"."inbox_id"))`],
  ['team_name', `(select t.name from "teams" t where t.id = "conversations"."team_id")`],
  ['hmac_verified', `(select ci.hmac_verified from "contact_inboxes" ci where ci.id = "conversations"."contact_inbox_id")`],
] as const;
const PAGE_COLUMNS = sql.raw(
  [
    ...CONVERSATION_COLUMNS.map(([column, alias]) => `"conversations"."${column}" as ${alias}`),
    ...CONTACT_COLUMNS.map((column) => `"contacts"."${column}" as p_${column}`),
    ...LOOKUPS.map(([alias, lookup]) => `${lookup} as ${alias}`),
  ].join(', '),
);

/** A page row's columns as both drivers answer them: timestamps as text (drizzle's parsers), jsonb and arrays parsed. */
type PageRow = {
  c_id: number;
  c_account_id: number;
  c_display_id: number;
  c_uuid: string;
  c_inbox_id: number;
  c_assignee_id: number | null;
  c_team_id: number | null;
  c_status: ConversationRow['status'];
  c_priority: ConversationRow['priority'];
  c_snoozed_until: string | Date | null;
  c_muted: boolean;
  c_labels: string[];
  c_additional_attributes: Record<string, unknown>;
  c_custom_attributes: Record<string, unknown>;
  c_first_reply_created_at: string | Date | null;
  c_waiting_since: string | Date | null;
  c_last_activity_at: string | Date;
  c_agent_last_seen_at: string | Date | null;
  c_assignee_last_seen_at: string | Date | null;
  c_contact_last_seen_at: string | Date | null;
  c_created_at: string | Date;
  c_updated_at: string | Date;
  p_id: number;
  p_name: string;
  p_email: string | null;
  p_phone_number: string | null;
  p_identifier: string | null;
  p_avatar_key: string | null;
  p_blocked: boolean;
  p_additional_attributes: Record<string, unknown>;
  p_custom_attributes: Record<string, unknown>;
  channel_type: string;
  team_name: string | null;
  hmac_verified: boolean | null;
  last_id: number | null;
  non_activity_id: number | null;
  unread_count: number;
};

// jsonb answered as text by a driver that does not parse it
const json = (value: Record<string, unknown> | string): Record<string, unknown> => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value);

/**
 * The page's rows are read as arrays (executeArrays), each column by its position in the select: PAGE_COLUMNS, then
 * the summary picks. The driver fills an array by index, where an object row is written key by key
 * (docs/benchmarks.md, "Eleventh session").
 */
const col = byPosition<PageRow>([
  ...CONVERSATION_COLUMNS.map(([, alias]) => alias),
  ...CONTACT_COLUMNS.map((column) => `p_${column}` as const),
  ...LOOKUPS.map(([alias]) => alias),
  'last_id',
  'non_activity_id',
  'unread_count',
]);

function listRowOf(r: unknown[]): ConversationListRow {
  return {
    conversation: {
      id: col(r, 'c_id'),
      accountId: col(r, 'c_account_id'),
      displayId: col(r, 'c_display_id'),
      uuid: col(r, 'c_uuid'),
      inboxId: col(r, 'c_inbox_id'),
      assigneeId: col(r, 'c_assignee_id'),
      teamId: col(r, 'c_team_id'),
      status: col(r, 'c_status'),
      priority: col(r, 'c_priority'),
      snoozedUntil: rawTimestampOrNull(col(r, 'c_snoozed_until')),
      muted: col(r, 'c_muted'),
      labels: col(r, 'c_labels'),
      additionalAttributes: json(col(r, 'c_additional_attributes')),
      customAttributes: json(col(r, 'c_custom_attributes')),
      firstReplyCreatedAt: rawTimestampOrNull(col(r, 'c_first_reply_created_at')),
      waitingSince: rawTimestampOrNull(col(r, 'c_waiting_since')),
      lastActivityAt: rawTimestamp(col(r, 'c_last_activity_at')),
      agentLastSeenAt: rawTimestampOrNull(col(r, 'c_agent_last_seen_at')),
      assigneeLastSeenAt: rawTimestampOrNull(col(r, 'c_assignee_last_seen_at')),
      contactLastSeenAt: rawTimestampOrNull(col(r, 'c_contact_last_seen_at')),
      createdAt: rawTimestamp(col(r, 'c_created_at')),
      updatedAt: rawTimestamp(col(r, 'c_updated_at')),
    },
    contact: {
      id: col(r, 'p_id'),
      name: col(r, 'p_name'),
      email: col(r, 'p_email'),
      phoneNumber: col(r, 'p_phone_number'),
      identifier: col(r, 'p_identifier'),
      avatarKey: col(r, 'p_avatar_key'),
      blocked: col(r, 'p_blocked'),
      additionalAttributes: json(col(r, 'p_additional_attributes')),
      customAttributes: json(col(r, 'p_custom_attributes')),
    },
    channelType: col(r, 'channel_type'),
    teamName: col(r, 'team_name'),
    hmacVerified: col(r, 'hmac_verified'),
    lastId: col(r, 'last_id'),
    lastNonActivityId: col(r, 'non_activity_id'),
    unreadCount: Number(col(r, 'unread_count')),
  };
}

/**
 * What every page statement selects from (its columns, the summary picks, the contact join), as text written once.
 * Built on first use: messages and conversations import each other, so not at module load. The page's rows are read
 * by position (`col`): the three picks come last, in this order.
 */
const pageSelectText = constantText(() => {
  const { lastId, lastNonActivityId, unreadCount } = summaryPickColumns(conversations.id, conversations.agentLastSeenAt);
  return sql`select ${PAGE_COLUMNS}, ${lastId} as last_id, ${lastNonActivityId} as non_activity_id, ${unreadCount} as unread_count
    from ${conversations} inner join ${contacts} on ${contacts.id} = ${conversations.contactId}`;
});
const pageSelect = (db: Executor) => sql.raw(pageSelectText(db));

/**
 * A page of conversations with what their payloads need. In one statement by default. With `idsFirst`, in two: the
 * page's ids (a small statement over conversations alone), then the payload columns of those ids (always the same
 * text, so Postgres keeps one generic plan of it). For conditions whose plan depends on their values (a label, a
 * search), Postgres plans the statement on every execution, and planning the payload's dozen subqueries cost as
 * much as running them (docs/benchmarks.md, "Plans of the list"); the small statement plans in a fraction of that.
 */
export async function selectConversationRows(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number | null,
  offset: number,
  options: { idsFirst?: boolean; merge?: PageBranches } = {},
): Promise<ConversationListRow[]> {
  const whereSql = where ? sql`where ${where}` : sql``;
  const orderSql = orderBy.length ? sql`order by ${sql.join(orderBy, sql`, `)}` : sql``;
  // no limit: rows by their ids (presentations), one statement text whatever their number
  const pageSql = limit === null ? sql`` : sql`limit ${sqlInteger(limit)} offset ${sqlInteger(offset)}`;
  if (options.idsFirst || options.merge) {
    return conversationRowsByIds(db, await conversationPageIds(db, where, orderBy, limit, offset, options.merge));
  }
  const rows = await executeArrays(db, sql`${pageSelect(db)} ${whereSql} ${orderSql} ${pageSql}`);
  return rows.map(listRowOf);
}

/** The page rows of these conversations, in the ids' order (always the same statement text: one generic plan). */
export async function conversationRowsByIds(db: Executor, ids: number[]): Promise<ConversationListRow[]> {
  if (ids.length === 0) return [];
  const rows = await executeArrays(db, { sql: `${pageSelectText(db)} where "conversations"."id" = any($1::integer[])`, params: [ids] });
  const byId = new Map(rows.map((r) => [col(r, 'c_id'), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [listRowOf(row)] : [];
  });
}

/** The ids of a page of conversations matching `where`, in `orderBy`; merged from `merge`'s reads when given. */
export async function conversationPageIds(db: Executor, where: SQL | undefined, orderBy: SQL[], limit: number | null, offset: number, merge?: PageBranches): Promise<number[]> {
  const orderSql = orderBy.length ? sql`order by ${sql.join(orderBy, sql`, `)}` : sql``;
  const pageSql = limit === null ? sql`` : sql`limit ${sqlInteger(limit)} offset ${sqlInteger(offset)}`;
  const idsSql =
    merge && limit !== null
      ? mergedPageIds(where, orderSql, pageSql, merge, offset + limit)
      : sql`select ${conversations.id} as id from ${conversations} ${where ? sql`where ${where}` : sql``} ${orderSql} ${pageSql}`;
  const page = (await db.execute(idsSql)) as unknown as { rows: { id: number }[] };
  return page.rows.map((r) => r.id);
}

/**
 * A page's ids as the merge of several ordered reads (list.ts `pageBranches`): each branch's first `upTo` rows (the
 * page's rows and those before it) in the branch's order, then the page of their union in the page's order. For a
 * page that one read of an index cannot give in order: every status (the list's indexes lead with the status) or a
 * priority sort (the priority is only included in the index), where Postgres sorted every matching conversation
 * for any page (docs/benchmarks.md, "Nineteenth session").
 */
function mergedPageIds(where: SQL | undefined, orderSql: SQL, pageSql: SQL, merge: PageBranches, upTo: number): SQL {
  const c = conversations;
  const branchOrder = sql`order by ${sql.join(merge.order, sql`, `)}`;
  const branches = merge.conditions.map((condition) => sql`(select ${c.id} from ${c} where ${and(where, condition)} ${branchOrder} limit ${sqlInteger(upTo)})`);
  return sql`select ${c.id} as id from (${sql.join(branches, sql` union all `)}) as branch(id) join ${c} on ${c.id} = branch.id ${orderSql} ${pageSql}`;
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

/**
 * Matches a search collects and sorts; a q with more is common, and its conversations are walked to in order. Collecting
 * costs each match (~3 µs a message, ~6 µs a conversation through its contact); walking costs each conversation passed
 * over (~40 µs, tested for its contact and messages) until the page is full, fewer the more common q: on the bench's
 * account (2,200,000 messages, 200,000 conversations) the two meet near this.
 */
export const FEW_CONVERSATIONS = 10_000;

/** How q matches an account's conversations: their ids when few (SearchMatching), else the test of one conversation. */
export type SearchMatching = { ids: number[] } | { test: SQL };

/**
 * The conversations q matches, as a search reads them: up to FEW_CONVERSATIONS + 1 of its matches first (boundedIds;
 * each way a conversation matches counts): no more, and they are the ids; more, and q is common: `test` tests one
 * conversation (matchesSearch), for a walk over conversations in order.
 */
export async function searchMatching(db: Executor, accountId: number, q: string, few = FEW_CONVERSATIONS): Promise<SearchMatching> {
  const found = await boundedIds(db, searchMatches(accountId, q), few + 1);
  return found.length <= few ? { ids: [...new Set(found)] } : { test: matchesSearch(q) };
}

/** SearchMatching as a condition over conversations. */
export const matchingCondition = (matching: SearchMatching): SQL => ('ids' in matching ? anyInteger(conversations.id, matching.ids) : matching.test);
