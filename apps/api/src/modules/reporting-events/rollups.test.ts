import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { connect, schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccount } from '../../../test/factories.ts';
import { applyRollups, quarterOf, type RollupFact } from './rollups.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quarters = (accountId: number) =>
  t.db
    .select()
    .from(schema.reportRollups)
    .where(eq(schema.reportRollups.accountId, accountId))
    .orderBy(asc(schema.reportRollups.dimension), asc(schema.reportRollups.key), asc(schema.reportRollups.bucket));
const days = (accountId: number, dimension: 'account' | 'label') =>
  t.db
    .select()
    .from(schema.reportDailyRollups)
    .where(and(eq(schema.reportDailyRollups.accountId, accountId), eq(schema.reportDailyRollups.dimension, dimension)))
    .orderBy(asc(schema.reportDailyRollups.day));

describe('report rollups', () => {
  it('adds each fact once to the account and to each of its dimensions, per quarter hour and per UTC day', async () => {
    const account = await createAccount(t);
    const fact = (at: string, value: number, labels: string[]): RollupFact => ({
      accountId: account.id,
      metric: 'first_response',
      at: new Date(at),
      value,
      valueBh: value / 2,
      inboxId: 7,
      agentId: 3,
      teamId: null,
      labels,
    });
    await applyRollups(t.db, [fact('2026-03-01T10:01:00Z', 60, ['vip']), fact('2026-03-01T10:14:59Z', 120, ['vip', 'vip'])]);
    // a second batch adds to the same rows, and a fact in the next quarter and on the next UTC day gets its own
    await applyRollups(t.db, [fact('2026-03-01T10:15:00Z', 30, []), fact('2026-03-02T00:00:00Z', 10, ['billing'])]);

    const rows = await quarters(account.id);
    const cell = (dimension: string, key: string, bucket: string) => rows.find((r) => r.dimension === dimension && r.key === key && r.bucket.toISOString() === bucket);
    expect(cell('account', '', '2026-03-01T10:00:00.000Z')).toMatchObject({ count: 2, sum: 180, sumBh: 90 });
    expect(cell('account', '', '2026-03-01T10:15:00.000Z')).toMatchObject({ count: 1, sum: 30 });
    expect(cell('inbox', '7', '2026-03-01T10:00:00.000Z')).toMatchObject({ count: 2, sum: 180 });
    expect(cell('agent', '3', '2026-03-01T10:00:00.000Z')).toMatchObject({ count: 2, sum: 180 });
    // a label named twice on one fact counts once; no team row for a fact without a team
    expect(cell('label', 'vip', '2026-03-01T10:00:00.000Z')).toMatchObject({ count: 2, sum: 180 });
    expect(rows.some((r) => r.dimension === 'team')).toBe(false);

    const daily = await days(account.id, 'account');
    expect(daily.map((d) => [d.day, d.count, d.sum])).toEqual([
      ['2026-03-01', 3, 210],
      ['2026-03-02', 1, 10],
    ]);
    expect((await days(account.id, 'label')).map((d) => [d.day, d.key, d.count])).toEqual([
      ['2026-03-01', 'vip', 2],
      ['2026-03-02', 'billing', 1],
    ]);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')('a batch of any size is one statement text per grain (a JSON parameter, not a VALUES list per length)', async () => {
    const account = await createAccount(t);
    const fact = (labels: string[]): RollupFact => ({ accountId: account.id, metric: 'incoming_message', at: new Date('2026-03-01T10:01:00Z'), inboxId: 7, labels });
    // a connection of its own, on which nothing else ran: the statements counted are the ones these calls prepared
    const own = await connect({ url: t.database.url!, poolSize: 1 });
    const texts = await own.db.transaction(async (tx) => {
      await applyRollups(tx, [fact([])]);
      await applyRollups(tx, [fact(['vip']), fact(['billing', 'kyc'])]);
      const result = (await tx.execute(sql`select statement from pg_prepared_statements where statement like '%insert into "report_%rollups"%'`)) as unknown as {
        rows: { statement: string }[];
      };
      return result.rows.map((r) => r.statement);
    }).finally(() => own.close());
    expect(texts.filter((text) => text.includes('"report_rollups"'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('"report_daily_rollups"'))).toHaveLength(1);
    // the two batches landed: 2 + 3 cells of the account, its inbox and the labels
    expect((await quarters(account.id)).map((r) => [r.dimension, r.key, r.count])).toEqual([
      ['account', '', 3],
      ['inbox', '7', 3],
      ['label', 'billing', 1],
      ['label', 'kyc', 1],
      ['label', 'vip', 1],
    ]);
  });

  it('puts a fact in the quarter hour it falls in', () => {
    expect(quarterOf(new Date('2026-03-01T23:59:59.999Z')).toISOString()).toBe('2026-03-01T23:45:00.000Z');
    expect(quarterOf(new Date('2026-03-01T05:30:00.000Z')).toISOString()).toBe('2026-03-01T05:30:00.000Z');
  });
});
