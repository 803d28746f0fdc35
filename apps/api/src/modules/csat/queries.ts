import { and, asc, count, desc, eq, exists, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { CSAT_RATINGS, type CsatQuery } from '@app/shared/csat';
import { scopeCondition, type ConversationScope } from '../conversations/scope.ts';
import { csatRatingMetric } from '../reporting-events/csat-rollups.ts';
import { rangeTotals, ROLLUP_BUCKET_MS } from '../reporting-events/rollups.ts';

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

/** Which rollup rows answer a metrics query: one dimension's keys over [since, until), both on quarter hours. */
export type RollupReading = { dimension: 'account' | 'inbox' | 'team' | 'agent'; keys: string[]; since: Date; until: Date; sentToo: boolean };

const QUARTER_SECONDS = ROLLUP_BUCKET_MS / 1000;

/**
 * The rollup reading of a metrics query, or null when only the rows can answer it: an open range, an edge inside a
 * quarter hour, or more than one of the inbox, team and agent filters. Surveys sent are rolled up by account and
 * inbox only (the team and agent filters read them from the conversation as it is now), so `sentToo` says whether
 * the rollups answer them too.
 */
export function rollupReading(filters: CsatFilters): RollupReading | null {
  const { since, until } = filters;
  if (since === undefined || until === undefined || since % QUARTER_SECONDS !== 0 || until % QUARTER_SECONDS !== 0) return null;
  const narrowed: Array<Pick<RollupReading, 'dimension' | 'keys'>> = [];
  if (filters.inbox_id !== undefined) narrowed.push({ dimension: 'inbox', keys: [String(filters.inbox_id)] });
  if (filters.team_id !== undefined) narrowed.push({ dimension: 'team', keys: [String(filters.team_id)] });
  if (filters.user_ids?.length) narrowed.push({ dimension: 'agent', keys: [...new Set(filters.user_ids)].map(String) });
  if (narrowed.length > 1) return null;
  const { dimension, keys } = narrowed[0] ?? { dimension: 'account', keys: [''] };
  return { dimension, keys, since: fromUnix(since), until: fromUnix(until), sentToo: dimension === 'account' || dimension === 'inbox' };
}

/** Responses by rating from the rollups (the rating filter keeps its ratings only). */
export async function ratingTotals(db: Executor, accountId: number, reading: RollupReading, ratings?: readonly number[]): Promise<Map<number, number>> {
  const wanted = ratings?.length ? CSAT_RATINGS.filter((rating) => ratings.includes(rating)) : CSAT_RATINGS;
  const totals = await rangeTotals(db, { accountId, ...reading, metrics: wanted.map(csatRatingMetric) });
  const counts = new Map<number, number>();
  for (const perKey of totals.values()) {
    for (const rating of wanted) counts.set(rating, (counts.get(rating) ?? 0) + (perKey.get(csatRatingMetric(rating))?.count ?? 0));
  }
  return counts;
}

/** Surveys sent from the rollups (account or inbox readings). */
export async function sentTotal(db: Executor, accountId: number, reading: RollupReading): Promise<number> {
  const totals = await rangeTotals(db, { accountId, ...reading, metrics: ['csat_sent'] });
  return [...totals.values()].reduce((sum, perKey) => sum + (perKey.get('csat_sent')?.count ?? 0), 0);
}
