import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createInbox, createMember } from '../../../test/factories.ts';
import { csvCell } from '../../lib/csv.ts';
import { EXPORT_COLUMNS } from './export.ts';
import { caller, insertRecords, paymentsUrl as url } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent');
  const mine = await createInbox(t, account.id, { name: 'Mine', members: [agent.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Theirs' });
  return { account, admin, agent, mine, theirs };
}

const rowsOf = (body: string) => parse(body, { columns: true }) as Record<string, string>[];
/** Today's ISO date, read before and after the call so a run across midnight still passes. */
const isoDays = () => new Set([new Date().toISOString().slice(0, 10)]);

describe('GET withdraws/export and recharges/export', () => {
  it('S1-7.31 GET withdraws/export with max_count 10000 answers a CSV file of the filtered withdraws, newest first', async () => {
    const { account, admin, mine, theirs } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [
      { orderId: 'W-1', utr: '123456789012', upiId: 'asha@okaxis', amount: '1200.50', status: 'success', customerName: 'Asha Rao', extras: { bank: 'HDFC' } },
      { orderId: 'W-2', status: 'failed' },
    ]);
    await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'W-3', status: 'success' }]);
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R-1' }]);
    const res = await call('GET', url(account.id, 'withdraws/export?max_count=10000'), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="withdraws-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.order_id)).toEqual(['W-3', 'W-2', 'W-1']);
    expect(rows[2]).toMatchObject({ inbox_name: 'Mine', utr: '123456789012', upi_id: 'asha@okaxis', amount: '1200.50', currency: 'INR', status: 'success', customer_name: 'Asha Rao', extras: '{"bank":"HDFC"}' });
    const filtered = await call('GET', url(account.id, `withdraws/export?max_count=10000&inbox=${mine.id}&status=success`), admin.headers);
    expect(rowsOf(filtered.body).map((r) => r.order_id)).toEqual(['W-1']);
  });

  it('S1-7.32 GET recharges/export with max_count 10000 answers a CSV file of the recharges', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R-1', status: 'success' }, { orderId: 'R-2' }]);
    await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'W-1' }]);
    const res = await call('GET', url(account.id, 'recharges/export?max_count=10000'), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="recharges-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rowsOf(res.body).map((r) => [r.order_id, r.status])).toEqual([['R-2', 'pending'], ['R-1', 'success']]);
  });

  it('S1-9.19 S1-9.20 the withdraw and recharge exports are named by ISO date (kind-YYYY-MM-DD.csv, today in UTC)', async () => {
    const { account, admin } = await world();
    for (const kind of ['withdraws', 'recharges']) {
      const before = isoDays();
      const res = await call('GET', url(account.id, `${kind}/export`), admin.headers);
      const days = new Set([...before, ...isoDays()]);
      const name = /filename="(.+)"/.exec(res.headers['content-disposition'] as string)?.[1];
      expect([...days].map((day) => `${kind}-${day}.csv`)).toContain(name);
      // an empty export is still a CSV with its header
      expect(res.body).toBe(`${EXPORT_COLUMNS.join(',')}\r\n`);
    }
  });

  it('escapes cells a spreadsheet would run as formulas, and quotes per RFC 4180', async () => {
    const { account, admin, mine } = await world();
    const nasty = ['=HYPERLINK("http://evil")', '+91 98765', '-2+3', '@SUM(A1)', '\tTabbed', '\rCarriage', 'Kumar, Ravi', 'Say "hi"', 'two\nlines', 'Plain Name'];
    await insertRecords(t, account.id, mine.id, 'withdraw', nasty.map((customerName, i) => ({ orderId: `N-${i}`, customerName })));
    const res = await call('GET', url(account.id, 'withdraws/export'), admin.headers);
    const names = new Map(rowsOf(res.body).map((r) => [r.order_id, r.customer_name]));
    expect(nasty.map((_, i) => names.get(`N-${i}`))).toEqual([
      `'=HYPERLINK("http://evil")`,
      `'+91 98765`,
      `'-2+3`,
      `'@SUM(A1)`,
      `'\tTabbed`,
      `'\rCarriage`,
      'Kumar, Ravi',
      'Say "hi"',
      'two\nlines',
      'Plain Name',
    ]);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
  });

  it('stops at max_count and reads past the 1,000-row batches without losing or repeating a row (ties on created_at)', async () => {
    const { account, admin, mine } = await world();
    await t.db.execute(
      sql`INSERT INTO payment_records (account_id, inbox_id, kind, order_id, amount, status, created_at)
          SELECT ${account.id}, ${mine.id}, 'recharge', 'B-' || g, 10, 'pending', '2026-11-01T00:00:00Z'::timestamptz + (g / 7) * interval '1 microsecond'
          FROM generate_series(1, 2500) g`,
    );
    const all = rowsOf((await call('GET', url(account.id, 'recharges/export'), admin.headers)).body);
    expect(all).toHaveLength(2500);
    expect(new Set(all.map((r) => r.order_id)).size).toBe(2500);
    const ids = all.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const some = rowsOf((await call('GET', url(account.id, 'recharges/export?max_count=1500'), admin.headers)).body);
    expect(some.map((r) => r.id)).toEqual(all.slice(0, 1500).map((r) => r.id));
    for (const bad of ['max_count=10001', 'max_count=0', 'max_count=abc', 'status=lost']) {
      expect((await call('GET', url(account.id, `recharges/export?${bad}`), admin.headers)).statusCode, bad).toBe(422);
    }
  });

  it('agents export only their inboxes; 401 without auth; 404 for another account; 403 without a payments permission', async () => {
    const { account, agent, mine, theirs } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'SEEN' }]);
    await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'HIDDEN' }]);
    expect(rowsOf((await call('GET', url(account.id, 'withdraws/export'), agent.headers)).body).map((r) => r.order_id)).toEqual(['SEEN']);
    expect((await call('GET', url(account.id, 'withdraws/export'), undefined)).statusCode).toBe(401);
    const other = await world();
    expect((await call('GET', url(other.account.id, 'withdraws/export'), agent.headers)).statusCode).toBe(404);
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Reports', permissions: ['report_manage'] }).returning();
    const reporter = await createMember(t, account.id, 'agent', { customRoleId: role!.id });
    expect((await call('GET', url(account.id, 'recharges/export'), reporter.headers)).statusCode).toBe(403);
  });
});
