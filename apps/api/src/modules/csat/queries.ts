import { and, asc, count, desc, eq, exists, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { CsatQuery } from '@app/shared/csat';
import { scopeCondition, type ConversationScope } from '../conversations/scope.ts';

const { csatSurveyResponses: r, conversations, messages, contacts, users, inboxes } = schema;

/** The CSAT filters of S1-7.100 that narrow responses and surveys sent alike (rating narrows responses only). */
export type CsatFilters = Pick<CsatQuery, 'since' | 'until' | 'user_ids' | 'inbox_id' | 'team_id' | 'rating'>;

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The caller's conversations when their scope is narrower than the account (agents): null sees them all. */
const visibleConversation = (scope: ConversationScope | null, conversationId: SQL | typeof r.conversationId) =>
  scope ? exists(sql`(select 1 from ${conversations} where ${conversations.id} = ${conversationId} and ${scopeCondition(scope)})`) : undefined;

/**
 * The WHERE of the responses an account's caller may read with the filters: since/until ([since, until) on
 * created_at), inbox, team and assigned agents as stored on the response, ratings.
 */
export function responseConditions(accountId: number, filters: CsatFilters, scope: ConversationScope | null): SQL {
  return and(
    eq(r.accountId, accountId),
    filters.since !== undefined ? gte(r.createdAt, fromUnix(filters.since)) : undefined,
    filters.until !== undefined ? lt(r.createdAt, fromUnix(filters.until)) : undefined,
    filters.inbox_id !== undefined ? eq(r.inboxId, filters.inbox_id) : undefined,
    filters.team_id !== undefined ? eq(r.teamId, filters.team_id) : undefined,
    filters.user_ids?.length ? inArray(r.assignedAgentId, filters.user_ids) : undefined,
    filters.rating?.length ? inArray(r.rating, filters.rating) : undefined,
    visibleConversation(scope, r.conversationId),
  )!;
}

// Spelled to match csat_survey_responses_account_created_idx (created_at DESC NULLS LAST, id DESC NULLS LAST):
// a plain DESC means NULLS FIRST, which the planner would not serve from that index (a sort of every row instead).
const newest = [sql`${r.createdAt} desc nulls last`, sql`${r.id} desc nulls last`];
const oldest = [sql`${r.createdAt} asc nulls first`, sql`${r.id} asc nulls first`];
const ORDER = {
  created_at: oldest,
  '-created_at': newest,
  rating: [asc(r.rating), ...newest],
  '-rating': [desc(r.rating), ...newest],
} satisfies Record<CsatQuery['sort'], SQL[]>;

export type ResponseRow = Awaited<ReturnType<typeof selectResponses>>[number];

/** Responses with their contact, agent and inbox, in the asked order; a page (limit/offset) or all. */
export function selectResponses(db: Executor, where: SQL, sort: CsatQuery['sort'], page?: { limit: number; offset: number }) {
  const query = db
    .select({
      id: r.id,
      accountId: r.accountId,
      rating: r.rating,
      feedbackMessage: r.feedbackMessage,
      messageId: r.messageId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      conversationDisplayId: conversations.displayId,
      contact: { id: contacts.id, name: contacts.name, email: contacts.email, phoneNumber: contacts.phoneNumber, avatarKey: contacts.avatarKey },
      agent: { id: users.id, name: users.name, displayName: users.displayName, email: users.email, avatarKey: users.avatarKey },
      inbox: { id: inboxes.id, name: inboxes.name },
    })
    .from(r)
    .innerJoin(conversations, eq(conversations.id, r.conversationId))
    .leftJoin(contacts, eq(contacts.id, r.contactId))
    .leftJoin(users, eq(users.id, r.assignedAgentId))
    .leftJoin(inboxes, eq(inboxes.id, r.inboxId))
    .where(where)
    .orderBy(...ORDER[sort]);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countResponses(db: Executor, where: SQL): Promise<number> {
  const [row] = await db.select({ value: count() }).from(r).where(where);
  return row?.value ?? 0;
}

/** How many responses of each rating match. */
export async function ratingCounts(db: Executor, where: SQL): Promise<Map<number, number>> {
  const rows = await db.select({ rating: r.rating, value: count() }).from(r).where(where).groupBy(r.rating);
  return new Map(rows.map((row) => [row.rating, row.value]));
}

/**
 * Surveys sent (input_csat messages) in the range, with the inbox, team and agent filters read from the
 * conversation (the agent and team it has now; a response keeps those of when it was answered). The
 * messages_csat_sent_idx partial index serves the account and range.
 */
export async function countSurveysSent(db: Executor, accountId: number, filters: CsatFilters, scope: ConversationScope | null): Promise<number> {
  const byConversation = filters.team_id !== undefined || Boolean(filters.user_ids?.length) || scope !== null;
  const conditions = and(
    eq(messages.accountId, accountId),
    eq(messages.contentType, 'input_csat'),
    filters.since !== undefined ? gte(messages.createdAt, fromUnix(filters.since)) : undefined,
    filters.until !== undefined ? lt(messages.createdAt, fromUnix(filters.until)) : undefined,
    filters.inbox_id !== undefined ? eq(messages.inboxId, filters.inbox_id) : undefined,
    byConversation
      ? exists(
          sql`(select 1 from ${conversations} where ${conversations.id} = ${messages.conversationId} and ${and(
            eq(conversations.accountId, accountId),
            filters.team_id !== undefined ? eq(conversations.teamId, filters.team_id) : undefined,
            filters.user_ids?.length ? inArray(conversations.assigneeId, filters.user_ids) : undefined,
            scope ? scopeCondition(scope) : undefined,
          )})`,
        )
      : undefined,
  );
  const [row] = await db.select({ value: count() }).from(messages).where(conditions);
  return row?.value ?? 0;
}
