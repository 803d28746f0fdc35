import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { RollupMetric } from '@app/db/schema';
import { applyRollups, ROLLUP_BUCKET_MS, type RollupFact } from './rollups.ts';
import { REPORTS_LOCK_CLASS } from './store.ts';

const { csatSurveyResponses, messages, reportRollups, reportDailyRollups } = schema;

/**
 * CSAT in the report rollups (docs/csat.md "Metrics from the rollups"): `csat_sent` for each survey message (the
 * account and its inbox), `csat_rating_N` for each response (the account, and the inbox, team and agent stored on
 * the response), at the survey's and the response's creation. The csat module keeps them in the transaction that
 * writes the survey or the answer; `rollUpCsat` recomputes them in a rebuild.
 */
export const csatRatingMetric = (rating: number): RollupMetric => `csat_rating_${rating}` as RollupMetric;

export type CsatResponseFact = { accountId: number; rating: number; createdAt: Date; inboxId: number | null; teamId: number | null; assignedAgentId: number | null };

/** The rollup fact of one response; `count: -1` takes back a response as it was before a change. */
export const csatResponseFact = (response: CsatResponseFact, count = 1): RollupFact => ({
  accountId: response.accountId,
  metric: csatRatingMetric(response.rating),
  at: response.createdAt,
  inboxId: response.inboxId,
  teamId: response.teamId,
  agentId: response.assignedAgentId,
  count,
});

export const csatSentFact = (survey: { accountId: number; inboxId: number | null; createdAt: Date }): RollupFact => ({
  accountId: survey.accountId,
  metric: 'csat_sent',
  at: survey.createdAt,
  inboxId: survey.inboxId,
});

/**
 * Adds CSAT facts in the caller's transaction under the account's reports lock (shared), as the relay adds its
 * own: a rebuild (exclusive) never runs beside it.
 */
export async function applyCsatRollups(tx: Executor, accountId: number, facts: readonly RollupFact[]): Promise<void> {
  if (facts.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${REPORTS_LOCK_CLASS}, ${accountId})`);
  await applyRollups(tx, facts);
}

/**
 * The CSAT rows of an account's emptied rollups, recomputed set-based from its responses and survey messages:
 * four statements whatever the number of rows. The dimensions are those `applyRollups` gives each fact (the
 * account always; inbox, agent and team when set). Runs inside `rebuildReports`, under its exclusive lock.
 */
export async function rollUpCsat(tx: Executor, accountId: number): Promise<void> {
  const quarter = (at: AnyColumn): SQL => sql`to_timestamp(floor(extract(epoch from ${at}) / ${ROLLUP_BUCKET_MS / 1000}) * ${ROLLUP_BUCKET_MS / 1000})`;
  const day = (at: AnyColumn): SQL => sql`(${at} at time zone 'UTC')::date`;
  type Bucket = typeof quarter;
  const r = csatSurveyResponses;
  const responses = (bucketOf: Bucket) => sql`
    select ${r.accountId} as account_id, d.dimension, 'csat_rating_' || ${r.rating} as metric, d.key, ${bucketOf(r.createdAt)} as bucket, count(*) as count
    from ${r} cross join lateral (values ('account', ''), ('inbox', ${r.inboxId}::text), ('agent', ${r.assignedAgentId}::text), ('team', ${r.teamId}::text)) d(dimension, key)
    where ${r.accountId} = ${accountId} and d.key is not null
    group by 1, 2, 3, 4, 5`;
  const sent = (bucketOf: Bucket) => sql`
    select ${messages.accountId} as account_id, d.dimension, 'csat_sent' as metric, d.key, ${bucketOf(messages.createdAt)} as bucket, count(*) as count
    from ${messages} cross join lateral (values ('account', ''), ('inbox', ${messages.inboxId}::text)) d(dimension, key)
    where ${messages.accountId} = ${accountId} and ${messages.contentType} = 'input_csat' and d.key is not null
    group by 1, 2, 3, 4, 5`;
  for (const facts of [responses, sent]) {
    await tx.execute(sql`
      insert into ${reportRollups} (account_id, dimension, metric, key, bucket, count)
      ${facts(quarter)}
      on conflict (account_id, dimension, metric, key, bucket) do update set count = ${reportRollups}.count + excluded.count`);
    await tx.execute(sql`
      insert into ${reportDailyRollups} (account_id, dimension, metric, key, day, count)
      ${facts(day)}
      on conflict (account_id, dimension, metric, day, key) do update set count = ${reportDailyRollups}.count + excluded.count`);
  }
}
