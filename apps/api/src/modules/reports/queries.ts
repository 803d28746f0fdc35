import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { RollupDimension, RollupMetric } from '@app/db/schema';
import type { ReportGroupBy } from '@app/shared/reports';
import type { Totals } from '../reporting-events/rollups.ts';

export { rangeTotals, type Totals } from '../reporting-events/rollups.ts';

const { reportRollups, conversations, accountUsers, users, inboxes, teams, labels } = schema;

// Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;


/** The local time of a UTC instant, as a timestamp without time zone, `offsetMinutes` east of UTC. */
const local = (column: SQL, offsetMinutes: number) => sql`((${column} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}))`;

/** The start of the local hour/day/week (Sunday)/month/year a local timestamp falls in. */
function truncate(localTime: SQL, groupBy: ReportGroupBy): SQL {
  if (groupBy === 'week') return sql`(date_trunc('week', ${localTime} + interval '1 day') - interval '1 day')`;
  return sql`date_trunc(${groupBy}, ${localTime})`;
}

/**
 * GET reports: one metric of one dimension key summed per local bucket, from the quarter-hour rollups whose start
 * lies in [since, until). One index range scan (the primary key leads with account, dimension, metric, key, bucket).
 * `timestamp` is the bucket's start as unix seconds (UTC).
 */
export async function seriesRows(
  db: Executor,
  q: { accountId: number; dimension: RollupDimension; key: string; metric: RollupMetric; since: Date; until: Date; groupBy: ReportGroupBy; offsetMinutes: number },
): Promise<Array<Totals & { timestamp: number }>> {
  const start = sql`(${truncate(local(sql`${reportRollups.bucket}`, q.offsetMinutes), q.groupBy)} - make_interval(mins => ${q.offsetMinutes}))`;
  const result = await db.execute(sql`
    select extract(epoch from ${start})::float8 as timestamp, sum(${reportRollups.count})::float8 as count,
      sum(${reportRollups.sum})::float8 as sum, sum(${reportRollups.sumBh})::float8 as sum_bh
    from ${reportRollups}
    where ${reportRollups.accountId} = ${q.accountId} and ${reportRollups.dimension} = ${q.dimension} and ${reportRollups.metric} = ${q.metric}
      and ${reportRollups.key} = ${q.key} and ${reportRollups.bucket} >= ${q.since.toISOString()} and ${reportRollups.bucket} < ${q.until.toISOString()}
    group by 1`);
  return rowsOf<{ timestamp: number; count: number; sum: number; sum_bh: number }>(result).map((r) => ({ timestamp: r.timestamp, count: r.count, sum: r.sum, sumBh: r.sum_bh }));
}

/** Open and never answered, or with a contact message unanswered since the last reply. */
const unattended = sql`(${conversations.firstReplyCreatedAt} is null or ${conversations.waitingSince} is not null)`;

/**
 * Live counts of an account's conversations (GET reports/conversations?type=account), two statements run
 * together: open, unassigned and pending from conversations_counts_idx alone (index-only: account, status,
 * assignee), and unattended, which needs the open rows themselves (the reply columns are in no index).
 */
export async function liveCounts(db: Executor, accountId: number) {
  const open = sql`${conversations.status} = 'open'`;
  const [[counts], [waiting]] = await Promise.all([
    db
      .select({
        open: sql<number>`(count(*) filter (where ${open}))::int`,
        unassigned: sql<number>`(count(*) filter (where ${open} and ${conversations.assigneeId} is null))::int`,
        pending: sql<number>`(count(*) filter (where ${conversations.status} = 'pending'))::int`,
      })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), inArray(conversations.status, ['open', 'pending']))),
    db
      .select({ unattended: sql<number>`count(*)::int` })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.status, 'open'), unattended)),
  ]);
  return { open: counts?.open ?? 0, unattended: waiting?.unattended ?? 0, unassigned: counts?.unassigned ?? 0, pending: counts?.pending ?? 0 };
}

/** Open and unattended conversations per assignee (GET reports/conversations?type=agent). */
export async function liveCountsByAgent(db: Executor, accountId: number): Promise<Map<number, { open: number; unattended: number }>> {
  const rows = await db
    .select({
      assigneeId: conversations.assigneeId,
      open: sql<number>`count(*)::int`,
      unattended: sql<number>`(count(*) filter (where ${unattended}))::int`,
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.status, 'open'), sql`${conversations.assigneeId} is not null`))
    .groupBy(conversations.assigneeId);
  return new Map(rows.map((r) => [r.assigneeId!, { open: r.open, unattended: r.unattended }]));
}

export type Member = { id: number; name: string; email: string; avatarKey: string | null; availability: 'online' | 'busy' | 'offline' };

/** The members of an account, by name (the agent report lists each of them). */
export function accountMembers(db: Executor, accountId: number, userId?: number): Promise<Member[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarKey: users.avatarKey, availability: accountUsers.availability })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), userId === undefined ? undefined : eq(accountUsers.userId, userId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The inboxes, teams or labels of an account with the key their rollups use (labels: the title, lowercase). */
export async function accountEntities(db: Executor, accountId: number, kind: 'inbox' | 'team' | 'label', id?: number) {
  if (kind === 'inbox') {
    const rows = await db
      .select({ id: inboxes.id, name: inboxes.name })
      .from(inboxes)
      .where(and(eq(inboxes.accountId, accountId), id === undefined ? undefined : eq(inboxes.id, id)))
      .orderBy(asc(inboxes.name), asc(inboxes.id));
    return rows.map((r) => ({ ...r, key: String(r.id) }));
  }
  if (kind === 'team') {
    const rows = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.accountId, accountId), id === undefined ? undefined : eq(teams.id, id)))
      .orderBy(asc(teams.name), asc(teams.id));
    return rows.map((r) => ({ ...r, key: String(r.id) }));
  }
  const rows = await db
    .select({ id: labels.id, name: labels.title })
    .from(labels)
    .where(and(eq(labels.accountId, accountId), id === undefined ? undefined : eq(labels.id, id)))
    .orderBy(asc(labels.title), asc(labels.id));
  return rows.map((r) => ({ ...r, key: r.name.toLowerCase() }));
}
