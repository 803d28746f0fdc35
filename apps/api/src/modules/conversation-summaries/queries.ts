import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { ConversationStatus } from '@app/shared/constants';

const { inboxes, conversations, users } = schema;

/** Conversations of one inbox with one status and one assignee (null: unassigned); status null = no conversations. */
export type SummaryCountRow = {
  inboxId: number;
  inboxName: string;
  status: ConversationStatus | null;
  assigneeId: number | null;
  agentName: string | null;
  count: number;
};

export type SummaryFilter = { accountId: number; inboxIds: number[] | null; since: Date; until: Date };

/**
 * One grouped query: every inbox of the filter (zeros included, through the left join) with its
 * conversations created in [since, until) counted by status and assignee, and the assignees' names.
 */
export function countConversationsByInbox(db: Executor, filter: SummaryFilter): Promise<SummaryCountRow[]> {
  const inWindow = and(
    eq(conversations.inboxId, inboxes.id),
    eq(conversations.accountId, filter.accountId),
    gte(conversations.createdAt, filter.since),
    lt(conversations.createdAt, filter.until),
  );
  return db
    .select({
      inboxId: inboxes.id,
      inboxName: inboxes.name,
      status: conversations.status,
      assigneeId: conversations.assigneeId,
      agentName: users.name,
      count: count(conversations.id),
    })
    .from(inboxes)
    .leftJoin(conversations, inWindow)
    .leftJoin(users, eq(users.id, conversations.assigneeId))
    .where(
      and(
        eq(inboxes.accountId, filter.accountId),
        filter.inboxIds === null ? undefined : filter.inboxIds.length ? inArray(inboxes.id, filter.inboxIds) : sql`false`,
      ),
    )
    .groupBy(inboxes.id, inboxes.name, conversations.status, conversations.assigneeId, users.name)
    .orderBy(asc(inboxes.name), asc(inboxes.id));
}
