import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema } from '@app/db';
import { CONVERSATION_PRIORITIES, CONVERSATION_STATUSES } from '@app/shared/constants';
import type { ConversationSort, ListConversationsQuery } from '@app/shared/conversations';
import type { FilterQuery } from '@app/shared/custom-filters';
import type { ConversationScope } from './scope.ts';

const c = schema.conversations;

/**
 * The conditions of a conversation list except the assignee tab: the meta counts are computed over
 * these, then the tab (me / unassigned / assigned) narrows the page (Chatwoot's semantics).
 */
export function listConditions(query: ListConversationsQuery, userId: number, now = new Date()): SQL[] {
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(c.status, query.status));
  if (query.inbox_id) conditions.push(eq(c.inboxId, query.inbox_id));
  if (query.team_id) conditions.push(eq(c.teamId, query.team_id));
  const labels = [...(query.labels ?? []), ...(query['labels[]'] ?? [])].map((l) => l.toLowerCase());
  // any of the labels (the GIN index on labels serves &&)
  if (labels.length) conditions.push(sql`${c.labels} && ${sql.param(labels)}::text[]`);
  switch (query.conversation_type ?? query.button_type) {
    case 'mention':
      conditions.push(sql`exists (select 1 from ${schema.mentions} m where m.conversation_id = ${c.id} and m.user_id = ${userId})`);
      break;
    case 'participating':
      conditions.push(
        sql`exists (select 1 from ${schema.conversationParticipants} p where p.conversation_id = ${c.id} and p.user_id = ${userId})`,
      );
      break;
    case 'unattended':
      // 001 section 4: no first reply yet, or a contact waiting for an answer
      conditions.push(or(isNull(c.firstReplyCreatedAt), isNotNull(c.waitingSince))!);
      break;
  }
  if (query.updated_within) conditions.push(sql`${c.lastActivityAt} >= ${new Date(now.getTime() - query.updated_within * 1000)}`);
  if (query.hour_value) {
    const since = new Date(now.getTime() - query.hour_value * 3_600_000);
    conditions.push(query.range_type === 'created' ? sql`${c.createdAt} >= ${since}` : sql`${c.lastActivityAt} >= ${since}`);
  }
  if (query.last_message_sender === 'contact') conditions.push(isNotNull(c.waitingSince));
  if (query.last_message_sender === 'agent') conditions.push(isNull(c.waitingSince));
  return conditions;
}

/**
 * Whether listConditions reads what messages, mentions and participants change (last activity, waiting since, first
 * reply, mentions, participants): such counts are dropped on every message (counts-cache.ts `reachOf`), the others
 * only when a conversation's status, assignee, inbox, team or labels change. Keep in step with listConditions.
 */
export function listReadsActivity(query: ListConversationsQuery): boolean {
  const type = query.conversation_type ?? query.button_type;
  return (
    type === 'mention' ||
    type === 'participating' ||
    type === 'unattended' ||
    query.updated_within !== undefined ||
    (query.hour_value !== undefined && query.range_type !== 'created') ||
    query.last_message_sender !== undefined
  );
}

export function assigneeCondition(type: ListConversationsQuery['assignee_type'], userId: number): SQL | undefined {
  switch (type) {
    case 'me':
      return eq(c.assigneeId, userId);
    case 'unassigned':
      return isNull(c.assigneeId);
    case 'assigned':
      return isNotNull(c.assigneeId);
    default:
      return undefined;
  }
}

// The indexes are declared `DESC NULLS LAST` (drizzle's .desc()); Postgres walks an index only for an ORDER BY
// that matches it exactly, forwards (DESC NULLS LAST) or backwards (ASC NULLS FIRST), even on NOT NULL columns.
const newest = (column: AnyPgColumn) => sql`${column} desc nulls last`;
const oldest = (column: AnyPgColumn) => sql`${column} asc nulls first`;

/** ORDER BY of each sort; every one ends on id so pages never repeat or skip a row. */
export function sortOrder(sort: ConversationSort): SQL[] {
  switch (sort) {
    // conversations_account_created_idx is (account_id, created_at) ascending, nulls last: walked forwards for
    // `asc` and backwards for `desc` (nulls first), with an incremental sort on the id among equal times. Both
    // columns are NOT NULL, so where the nulls would go changes no page.
    case 'sort_on_created_at':
    case 'created_at_asc':
      return [sql`${c.createdAt} asc`, sql`${c.id} asc`];
    case 'created_at_desc':
      return [sql`${c.createdAt} desc`, sql`${c.id} desc`];
    case 'sort_on_priority':
    case 'priority_desc':
      return [sql`${c.priority} desc nulls last`, newest(c.lastActivityAt), newest(c.id)];
    case 'priority_asc':
      return [sql`${c.priority} asc nulls first`, newest(c.lastActivityAt), newest(c.id)];
    case 'sort_on_waiting_since':
    case 'waiting_since_asc':
      return [sql`${c.waitingSince} asc nulls last`, oldest(c.id)];
    case 'waiting_since_desc':
      return [sql`${c.waitingSince} desc nulls last`, newest(c.id)];
    case 'last_activity_at_asc':
      return [oldest(c.lastActivityAt), oldest(c.id)];
    default:
      return [newest(c.lastActivityAt), newest(c.id)];
  }
}

export const combine = (...parts: (SQL | undefined)[]) => and(...parts.filter((p): p is SQL => p !== undefined));

/** The reads a page is merged from when one ordered read cannot give it (queries.ts `mergedPageIds`). */
export type PageBranches = { conditions: SQL[]; order: SQL[] };

const PRIORITY_SORTS = new Set<ConversationSort>(['sort_on_priority', 'priority_desc', 'priority_asc']);
/** Sorts a list index reads in order within a status (and a priority): by last activity, either way. */
const ACTIVITY_SORTS = new Set<ConversationSort>(['latest', 'last_activity_at_desc', 'last_activity_at_asc', ...PRIORITY_SORTS]);

/**
 * Whether a sort may sort the matching conversations (no list index orders the created and waiting sorts; the
 * account's creation index orders the created ones, a status or an inbox tested on the way): then the page's ids
 * come first, from a statement of the conversations alone, which Postgres can sort in parallel when it chooses to sort;
 * the page's statement with its payload's lookups was never planned in parallel and took three times as long.
 */
export const sortsEverything = (sort: ConversationSort) => !ACTIVITY_SORTS.has(sort);

/**
 * Whether every condition of a list is one the list indexes read as a range (the inbox, the team, the assignee tab,
 * a bound on the last activity) rather than test row by row. Only such a page is merged from ordered reads: a read
 * per status walks its range until it has the page, so a rare label, a mention or a last sender that few or no
 * conversations match would walk every conversation of the status, where one read finds the few and sorts them.
 */
export function rangesOnly(query: ListConversationsQuery, scope: Pick<ConversationScope, 'restriction'>): boolean {
  return (
    scope.restriction === null &&
    !query.labels?.length &&
    !query['labels[]']?.length &&
    (query.conversation_type ?? query.button_type) === undefined &&
    query.last_message_sender === undefined &&
    !(query.hour_value !== undefined && query.range_type === 'created')
  );
}

/** Filter attributes the list indexes lead with (then the status, then the last activity). */
const RANGE_FILTER_KEYS = new Set(['inbox_id', 'team_id', 'assignee_id']);

/**
 * rangesOnly for POST filter: every row one inbox, team or assignee, joined by `and` (no status: such a filter covers
 * every status, which pageBranches merges; a status row makes the read one range already).
 */
export function filterRangesOnly(payload: FilterQuery['payload'], scope: Pick<ConversationScope, 'restriction'>): boolean {
  return (
    scope.restriction === null &&
    payload.every(
      (row) => RANGE_FILTER_KEYS.has(row.attribute_key) && row.custom_attribute_type === undefined && row.filter_operator === 'equal_to' && row.values.length === 1 && row.query_operator !== 'or',
    )
  );
}

/**
 * Every status is one read per status, since the list's indexes lead with the status; a priority sort is one read
 * per priority (and none), each in the rest of the sort's order, since the priority is only included in the index.
 * Undefined when one ordered read serves the page, and for the created and waiting sorts, which no list index
 * orders: the creation index holds every status already, and a read per status would sort each status's waiting
 * times where one read sorts them all at once (in parallel). Only
 * for a list of ranges (rangesOnly).
 */
export function pageBranches(status: ListConversationsQuery['status'], sort: ConversationSort): PageBranches | undefined {
  const byPriority = PRIORITY_SORTS.has(sort);
  if ((status !== 'all' && !byPriority) || !ACTIVITY_SORTS.has(sort)) return undefined;
  const statuses = status === 'all' ? CONVERSATION_STATUSES.map((s) => eq(c.status, s)) : [undefined];
  const priorities = byPriority ? [...CONVERSATION_PRIORITIES.map((p) => eq(c.priority, p)), isNull(c.priority)] : [undefined];
  const order = sortOrder(sort);
  return {
    conditions: statuses.flatMap((s) => priorities.map((p) => combine(s, p) ?? sql`true`)),
    // within a priority's read the priority is constant: ordered by the rest, the read follows the index
    order: byPriority ? order.slice(1) : order,
  };
}

/** Message search needs three characters for the trigram index to narrow anything down. */
const MIN_MESSAGE_SEARCH = 3;

/** The ids of the conversations q matches, one SELECT each way it can match, each through its own index. */
function searchBranches(accountId: number, q: string): SQL[] {
  const contacts = schema.contacts;
  const branches: SQL[] = [
    sql`select cc.id from ${c} cc join ${contacts} on ${contacts.id} = cc.contact_id where ${contacts.accountId} = ${accountId} and ${schema.contactSearchMatches(contacts, schema.likePattern(q))}`,
  ];
  if (/^\d{1,9}$/.test(q)) branches.push(sql`select cd.id from ${c} cd where cd.account_id = ${accountId} and cd.display_id = ${Number(q)}`);
  if (q.length >= MIN_MESSAGE_SEARCH) {
    branches.push(
      sql`select m.conversation_id from ${schema.messages} m where m.account_id = ${accountId} and ${schema.messageContentMatches(sql`m.content`, q)} and m.message_type in ('incoming', 'outgoing')`,
    );
  }
  return branches;
}

/**
 * Display id equal to q, or the contact's handles contain q, or a message contains q (trigram and digit indexes).
 * One UNION of ids: each branch uses its own index once, instead of an OR the planner can only answer
 * by scanning every conversation.
 */
export function searchCondition(accountId: number, q: string): SQL {
  return sql`${c.id} in (${sql.join(searchBranches(accountId, q), sql` union `)})`;
}

/** searchCondition's ids as they come, a conversation once for each way it matches (to read a bounded number of). */
export const searchMatches = (accountId: number, q: string): SQL => sql.join(searchBranches(accountId, q), sql` union all `);

/**
 * searchCondition tested on one conversation of the outer query at a time: for a walk over conversations in order,
 * where matches are common. The message test is the ILIKE alone (the digit windows only narrow an index scan).
 */
export function matchesSearch(q: string): SQL {
  const contacts = schema.contacts;
  const pattern = schema.likePattern(q);
  const tests: SQL[] = [sql`exists (select 1 from ${contacts} where ${contacts.id} = ${c.contactId} and ${schema.contactSearchMatches(contacts, pattern)})`];
  if (/^\d{1,9}$/.test(q)) tests.push(sql`${c.displayId} = ${Number(q)}`);
  if (q.length >= MIN_MESSAGE_SEARCH) {
    // `offset 0` keeps it a test of this conversation's messages: without it Postgres may turn the EXISTS into an
    // IN over every message holding q, hashed, and read all of them before the walk's first row (0.8 s a status for
    // a word in 5 % of the conversations, against 0.2 s tested row by row)
    tests.push(sql`exists (select 1 from ${schema.messages} m where m.conversation_id = ${c.id} and m.content ilike ${pattern} and m.message_type in ('incoming', 'outgoing') offset 0)`);
  }
  return sql`(${sql.join(tests, sql` or `)})`;
}
