import { sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { RollupDimension, RollupMetric } from '@app/db/schema';

const { reportRollups, reportDailyRollups } = schema;

/** Rollup buckets are quarter hours (every time zone's offset is a multiple of 15 minutes). */
export const ROLLUP_BUCKET_MS = 15 * 60 * 1000;

/**
 * One reportable fact: a count (a conversation created, a message sent...) or a duration (`value` seconds, and
 * `valueBh` of them within the inbox's business hours) at `at`, with what it belongs to. The fact counts once in
 * the account and once in each dimension it names: its inbox, its agent, its team and each of its labels.
 */
export type RollupFact = {
  accountId: number;
  metric: RollupMetric;
  at: Date;
  value?: number | null;
  valueBh?: number | null;
  inboxId?: number | null;
  agentId?: number | null;
  teamId?: number | null;
  /** Label titles (lowercase, as conversations.labels holds them). */
  labels?: readonly string[];
  /** How many facts this is: 1 unless told; -1 takes back a fact counted before (a changed CSAT answer). */
  count?: number;
};

type Cell = { accountId: number; dimension: RollupDimension; key: string; metric: RollupMetric; count: number; sum: number; sumBh: number };

export const quarterOf = (at: Date): Date => new Date(Math.floor(at.getTime() / ROLLUP_BUCKET_MS) * ROLLUP_BUCKET_MS);
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

function dimensionsOf(fact: RollupFact): Array<[RollupDimension, string]> {
  const out: Array<[RollupDimension, string]> = [['account', '']];
  if (fact.inboxId) out.push(['inbox', String(fact.inboxId)]);
  if (fact.agentId) out.push(['agent', String(fact.agentId)]);
  if (fact.teamId) out.push(['team', String(fact.teamId)]);
  for (const label of new Set(fact.labels ?? [])) out.push(['label', label]);
  return out;
}

/** Adds facts up per cell (one row per dimension, metric and bucket), in primary-key order. */
function cellsOf<B extends string>(facts: readonly RollupFact[], bucketOf: (at: Date) => B): Array<Cell & { bucket: B }> {
  const cells = new Map<string, Cell & { bucket: B }>();
  for (const fact of facts) {
    const bucket = bucketOf(fact.at);
    for (const [dimension, key] of dimensionsOf(fact)) {
      const id = `${fact.accountId}\u0000${dimension}\u0000${fact.metric}\u0000${key}\u0000${bucket}`;
      const cell = cells.get(id) ?? { accountId: fact.accountId, dimension, key, metric: fact.metric, bucket, count: 0, sum: 0, sumBh: 0 };
      cell.count += fact.count ?? 1;
      cell.sum += fact.value ?? 0;
      cell.sumBh += fact.valueBh ?? 0;
      cells.set(id, cell);
    }
  }
  // The same order in every transaction: two relays adding to the same rows wait for each other, never deadlock.
  return [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, cell]) => cell);
}

/**
 * Adds facts to both rollup grains in the caller's transaction (two statements whatever the number of facts).
 * Call it in the transaction that records what the facts come from, so they count exactly once.
 */
export async function applyRollups(tx: Executor, facts: readonly RollupFact[]): Promise<void> {
  if (facts.length === 0) return;
  const quarters = cellsOf(facts, (at) => quarterOf(at).toISOString());
  await tx
    .insert(reportRollups)
    .values(quarters.map(({ bucket, ...cell }) => ({ ...cell, bucket: new Date(bucket) })))
    .onConflictDoUpdate({
      target: [reportRollups.accountId, reportRollups.dimension, reportRollups.metric, reportRollups.key, reportRollups.bucket],
      set: {
        count: sql`${reportRollups.count} + excluded.count`,
        sum: sql`${reportRollups.sum} + excluded.sum`,
        sumBh: sql`${reportRollups.sumBh} + excluded.sum_bh`,
      },
    });
  const days = cellsOf(facts, utcDayOf);
  await tx
    .insert(reportDailyRollups)
    .values(days.map(({ bucket, ...cell }) => ({ ...cell, day: bucket })))
    .onConflictDoUpdate({
      target: [reportDailyRollups.accountId, reportDailyRollups.dimension, reportDailyRollups.metric, reportDailyRollups.day, reportDailyRollups.key],
      set: {
        count: sql`${reportDailyRollups.count} + excluded.count`,
        sum: sql`${reportDailyRollups.sum} + excluded.sum`,
        sumBh: sql`${reportDailyRollups.sumBh} + excluded.sum_bh`,
      },
    });
}
