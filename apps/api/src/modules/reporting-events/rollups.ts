import { sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { RollupDimension, RollupMetric } from '@app/db/schema';

const { reportRollups, reportDailyRollups } = schema;

// Both drivers (node-postgres and PGlite) answer raw statements as { rows }.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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
 * Adds cells to one rollup table: the cells as one JSON parameter, inserted in their order (primary-key order, so two
 * relays adding to the same rows wait for each other, never deadlock), one statement text whatever their number.
 */
function addCells(tx: Executor, table: typeof reportRollups | typeof reportDailyRollups, bucketColumn: SQL, bucketType: SQL, cells: Array<Cell & { bucket: string }>) {
  const input = JSON.stringify(cells.map((c) => ({ a: c.accountId, d: c.dimension, k: c.key, m: c.metric, b: c.bucket, c: c.count, s: c.sum, h: c.sumBh })));
  return tx.execute(sql`
    insert into ${table} (account_id, dimension, key, metric, ${bucketColumn}, count, sum, sum_bh)
    select v.a, v.d, v.k, v.m, v.b, v.c, v.s, v.h
    from rows from (jsonb_to_recordset(${input}::jsonb) as (a integer, d text, k text, m text, b ${bucketType}, c bigint, s double precision, h double precision))
      with ordinality as v(a, d, k, m, b, c, s, h, n)
    order by v.n
    on conflict (account_id, dimension, metric, key, ${bucketColumn}) do update
      set count = ${table}.count + excluded.count, sum = ${table}.sum + excluded.sum, sum_bh = ${table}.sum_bh + excluded.sum_bh`);
}

/**
 * Adds facts to both rollup grains in the caller's transaction (two statements whatever the number of facts).
 * Call it in the transaction that records what the facts come from, so they count exactly once.
 */
export async function applyRollups(tx: Executor, facts: readonly RollupFact[]): Promise<void> {
  if (facts.length === 0) return;
  await addCells(tx, reportRollups, sql.raw('bucket'), sql.raw('timestamptz'), cellsOf(facts, (at) => quarterOf(at).toISOString()));
  await addCells(tx, reportDailyRollups, sql.raw('day'), sql.raw('date'), cellsOf(facts, utcDayOf));
}

/** What one rollup cell (or a sum of cells) holds: facts counted, their seconds, and the seconds within business hours. */
export type Totals = { count: number; sum: number; sumBh: number };

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days wholly inside [since, until) (from the daily rollups) and the quarter-hour ranges left at either
 * end: a sum over a long range reads a few rows per day, exactly whatever the offset.
 */
export function splitRange(since: Date, until: Date): { days: [string, string] | null; quarters: Array<[Date, Date]> } {
  const firstDay = Math.ceil(since.getTime() / DAY_MS) * DAY_MS;
  const endDay = Math.floor(until.getTime() / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return { days: null, quarters: [[since, until]] };
  const quarters: Array<[Date, Date]> = [];
  if (since.getTime() < firstDay) quarters.push([since, new Date(firstDay)]);
  if (endDay < until.getTime()) quarters.push([new Date(endDay), until]);
  return { days: [utcDay(firstDay), utcDay(endDay)], quarters };
}

/**
 * Totals per key and metric over [since, until) for the given keys of one dimension: one statement, a union of
 * the daily rollups' whole days and the quarter hours at the two ends, each an index range scan per key.
 */
export async function rangeTotals(
  db: Executor,
  q: { accountId: number; dimension: RollupDimension; keys: readonly string[]; metrics: readonly RollupMetric[]; since: Date; until: Date },
): Promise<Map<string, Map<RollupMetric, Totals>>> {
  const out = new Map<string, Map<RollupMetric, Totals>>();
  if (q.keys.length === 0) return out;
  const { days, quarters } = splitRange(q.since, q.until);
  const keys = sql`array[${sql.join(q.keys.map((k) => sql`${k}`), sql`, `)}]::text[]`;
  const metrics = sql`array[${sql.join(q.metrics.map((m) => sql`${m}`), sql`, `)}]::text[]`;
  const parts: SQL[] = [];
  if (days) {
    parts.push(sql`
      select ${reportDailyRollups.key} as key, ${reportDailyRollups.metric} as metric, ${reportDailyRollups.count} as count,
        ${reportDailyRollups.sum} as sum, ${reportDailyRollups.sumBh} as sum_bh
      from ${reportDailyRollups}
      where ${reportDailyRollups.accountId} = ${q.accountId} and ${reportDailyRollups.dimension} = ${q.dimension}
        and ${reportDailyRollups.metric} = any(${metrics}) and ${reportDailyRollups.key} = any(${keys})
        and ${reportDailyRollups.day} >= ${days[0]} and ${reportDailyRollups.day} < ${days[1]}`);
  }
  for (const [from, to] of quarters) {
    parts.push(sql`
      select ${reportRollups.key} as key, ${reportRollups.metric} as metric, ${reportRollups.count} as count,
        ${reportRollups.sum} as sum, ${reportRollups.sumBh} as sum_bh
      from ${reportRollups}
      where ${reportRollups.accountId} = ${q.accountId} and ${reportRollups.dimension} = ${q.dimension}
        and ${reportRollups.metric} = any(${metrics}) and ${reportRollups.key} = any(${keys})
        and ${reportRollups.bucket} >= ${from.toISOString()} and ${reportRollups.bucket} < ${to.toISOString()}`);
  }
  const result = await db.execute(sql`
    select key, metric, sum(count)::float8 as count, sum(sum)::float8 as sum, sum(sum_bh)::float8 as sum_bh
    from (${sql.join(parts, sql` union all `)}) facts group by key, metric`);
  for (const r of rowsOf<{ key: string; metric: RollupMetric; count: number; sum: number; sum_bh: number }>(result)) {
    const perKey = out.get(r.key) ?? new Map<RollupMetric, Totals>();
    perKey.set(r.metric, { count: r.count, sum: r.sum, sumBh: r.sum_bh });
    out.set(r.key, perKey);
  }
  return out;
}
