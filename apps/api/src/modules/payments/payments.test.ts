import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '@app/db';
import { PaymentListSchema, PaymentRecordDetailSchema } from '@app/shared/payments';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createInbox, createMember } from '../../../test/factories.ts';
import { findPaymentMatches, PAYMENT_MATCH_LIMIT } from './matches.ts';
import { caller, insertRecords, paymentsUrl as url } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

/** An account with two inboxes; the agent and the checker are members of the first only. */
async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent');
  const checker = await createMember(t, account.id, 'checker');
  const mine = await createInbox(t, account.id, { name: 'Mine', members: [agent.user.id, checker.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Theirs' });
  return { account, admin, agent, checker, mine, theirs };
}

describe('GET withdraws and recharges', () => {
  it('S1-7.27 lists withdraws newest first with the record shape and page meta', async () => {
    const { account, admin, mine, theirs } = await world();
    const rows = await insertRecords(t, account.id, mine.id, 'withdraw', [
      { orderId: 'W-1', utr: '123456789012', upiId: 'asha@okaxis', amount: '1200.5', status: 'success', customerName: 'Asha Rao', extras: { bank: 'HDFC' } },
      { orderId: 'W-2' },
    ]);
    await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'W-3' }]);
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R-1' }]);
    const res = await call('GET', url(account.id, `withdraws?inbox=${mine.id}`), admin.headers);
    expect(res.statusCode).toBe(200);
    const body = PaymentListSchema.parse(res.json());
    expect(body.meta).toEqual({ current_page: 1, per_page: 25, count: 2, count_capped: false });
    expect(body.payload.map((r) => r.order_id)).toEqual(['W-2', 'W-1']);
    expect(body.payload[1]).toEqual({
      id: rows[0]!.id,
      account_id: account.id,
      inbox_id: mine.id,
      inbox_name: 'Mine',
      kind: 'withdraw',
      order_id: 'W-1',
      utr: '123456789012',
      upi_id: 'asha@okaxis',
      amount: '1200.50',
      currency: 'INR',
      status: 'success',
      customer_name: 'Asha Rao',
      customer_reference: null,
      extras: { bank: 'HDFC' },
      conversation_id: null,
      status_changed_at: null,
      created_at: rows[0]!.createdAt.toISOString(),
      updated_at: expect.any(String),
    });
    // without an inbox, an administrator sees every inbox of the account; recharges are their own list
    expect((await call('GET', url(account.id, 'withdraws'), admin.headers)).json().meta.count).toBe(3);
    expect((await call('GET', url(account.id, 'withdraws'), admin.headers)).json().payload.map((r: { order_id: string }) => r.order_id)).toEqual(['W-3', 'W-2', 'W-1']);
  });

  it('S1-7.29 lists recharges, and pages through them', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'recharge', Array.from({ length: 5 }, (_, i) => ({ orderId: `R-${i}` })));
    const first = (await call('GET', url(account.id, 'recharges?per_page=2'), admin.headers)).json();
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, count: 5, count_capped: false });
    expect(first.payload.map((r: { order_id: string }) => r.order_id)).toEqual(['R-4', 'R-3']);
    const third = (await call('GET', url(account.id, 'recharges?per_page=2&page=3'), admin.headers)).json();
    expect(third.payload.map((r: { order_id: string }) => r.order_id)).toEqual(['R-0']);
    expect(third.payload[0].kind).toBe('recharge');
  });

  it('applies every filter: status, order id, UTR exact and by its last digits, UPI id, customer, amount and date ranges', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [
      { orderId: 'A', status: 'success', utr: '111122223333', upiId: 'ravi.kumar@okhdfcbank', amount: '50.00', customerName: 'Ravi Kumar', createdAt: new Date('2026-11-20T10:00:00Z') },
      { orderId: 'B', status: 'failed', utr: '999988887777', upiId: 'meena@ybl', amount: '500.00', customerReference: 'CUST-77_a%', createdAt: new Date('2026-11-21T10:00:00Z') },
      { orderId: 'C', status: 'pending', amount: '5000.00', customerName: 'Priya Sharma', createdAt: new Date('2026-11-22T23:59:00Z') },
    ]);
    const orders = async (query: string) => {
      const res = await call('GET', url(account.id, `withdraws?${query}`), admin.headers);
      expect(res.statusCode, query).toBe(200);
      return res.json().payload.map((r: { order_id: string }) => r.order_id).sort().join(',');
    };
    expect(await orders('status=failed')).toBe('B');
    expect(await orders('order_id=C')).toBe('C');
    expect(await orders('order_id=c')).toBe('');
    expect(await orders('utr=111122223333')).toBe('A');
    expect(await orders('utr=3333')).toBe('A');
    expect(await orders('utr=87777')).toBe('B');
    // fewer than 4 digits is not a suffix search
    expect(await orders('utr=777')).toBe('');
    expect(await orders('upi_id=MEENA@YBL')).toBe('B');
    expect(await orders('customer=kumar')).toBe('A');
    expect(await orders('customer=77_a%25')).toBe('B');
    // % and _ are literal, not wildcards
    expect(await orders('customer=%25')).toBe('B');
    expect(await orders('customer=sharm')).toBe('C');
    expect(await orders('amount_min=50&amount_max=500')).toBe('A,B');
    expect(await orders('amount_min=500.01')).toBe('C');
    expect(await orders('since=2026-11-21')).toBe('B,C');
    expect(await orders('until=2026-11-21')).toBe('A,B');
    expect(await orders('since=2026-11-20T10:00:01Z&until=2026-11-22T23:59:00Z')).toBe('B');
    expect(await orders('status=success&utr=3333&amount_max=100')).toBe('A');
  });

  it('answers 422 on bad filters', async () => {
    const { account, admin } = await world();
    for (const query of ['status=undelivered_x', 'amount_min=abc', 'since=yesterday', 'per_page=101', 'page=0', 'utr=1234567890123']) {
      const res = await call('GET', url(account.id, `withdraws?${query}`), admin.headers);
      expect(res.statusCode, query).toBe(422);
    }
    // a withdraw status is not a recharge status
    expect((await call('GET', url(account.id, 'recharges?status=undelivered'), admin.headers)).statusCode).toBe(422);
  });

  it('caps the count at 10,000 (1,000 for a customer substring) and says so', async () => {
    const { account, admin, mine } = await world();
    await t.db.execute(
      sql`INSERT INTO payment_records (account_id, inbox_id, kind, order_id, amount, status)
          SELECT ${account.id}, ${mine.id}, 'recharge', 'BULK-' || g, 10, 'pending' FROM generate_series(1, 10001) g`,
    );
    const body = (await call('GET', url(account.id, 'recharges?per_page=1'), admin.headers)).json();
    expect(body.meta).toEqual({ current_page: 1, per_page: 1, count: 10_000, count_capped: true });
    const exact = (await call('GET', url(account.id, 'recharges?per_page=1&order_id=BULK-7'), admin.headers)).json();
    expect(exact.meta).toEqual({ current_page: 1, per_page: 1, count: 1, count_capped: false });
    // a customer substring reads every matching row, so its count stops at 1,000
    await t.db.execute(sql`UPDATE payment_records SET customer_name = 'Ravi Sharma' WHERE inbox_id = ${mine.id} AND order_id IN (SELECT 'BULK-' || g FROM generate_series(1, 1001) g)`);
    expect((await call('GET', url(account.id, 'recharges?per_page=1&customer=sharma'), admin.headers)).json().meta).toEqual({ current_page: 1, per_page: 1, count: 1_000, count_capped: true });
    await t.db.execute(sql`UPDATE payment_records SET customer_name = NULL WHERE inbox_id = ${mine.id} AND order_id = 'BULK-1'`);
    expect((await call('GET', url(account.id, 'recharges?per_page=1&customer=sharma'), admin.headers)).json().meta).toEqual({ current_page: 1, per_page: 1, count: 1_000, count_capped: false });
  });
});

describe('visibility', () => {
  it('agents and checkers see only the records of their inboxes; another inbox is 404', async () => {
    const { account, agent, checker, mine, theirs } = await world();
    const [own] = await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'OWN' }]);
    const [foreign] = await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'FOREIGN' }]);
    await insertRecords(t, account.id, theirs.id, 'recharge', [{ orderId: 'FOREIGN-R' }]);
    for (const member of [agent, checker]) {
      const list = (await call('GET', url(account.id, 'withdraws'), member.headers)).json();
      expect(list.payload.map((r: { order_id: string }) => r.order_id)).toEqual(['OWN']);
      expect(list.meta.count).toBe(1);
      expect((await call('GET', url(account.id, 'recharges'), member.headers)).json().payload).toEqual([]);
      expect((await call('GET', url(account.id, `withdraws?inbox=${theirs.id}`), member.headers)).statusCode).toBe(404);
      expect((await call('GET', url(account.id, `withdraws?inbox_id=${theirs.id}`), member.headers)).statusCode).toBe(404);
      expect((await call('GET', url(account.id, `withdraws/${own!.id}`), member.headers)).statusCode).toBe(200);
      expect((await call('GET', url(account.id, `withdraws/${foreign!.id}`), member.headers)).statusCode).toBe(404);
      expect((await call('GET', url(account.id, `withdraws/export?inbox=${theirs.id}`), member.headers)).statusCode).toBe(404);
    }
  });

  it('a custom role with checker_view_manage sees its inboxes; one without it is refused (403)', async () => {
    const { account, mine, theirs } = await world();
    const [viewRole] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Payments desk', permissions: ['checker_view_manage'] }).returning();
    const [otherRole] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Contacts only', permissions: ['contact_manage'] }).returning();
    const viewer = await createMember(t, account.id, 'agent', { customRoleId: viewRole!.id });
    const outsider = await createMember(t, account.id, 'agent', { customRoleId: otherRole!.id });
    await t.db.insert(schema.inboxMembers).values([{ accountId: account.id, inboxId: mine.id, userId: viewer.user.id }, { accountId: account.id, inboxId: mine.id, userId: outsider.user.id }]);
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'SEEN' }]);
    await insertRecords(t, account.id, theirs.id, 'recharge', [{ orderId: 'UNSEEN' }]);
    const list = await call('GET', url(account.id, 'recharges'), viewer.headers);
    expect(list.json().payload.map((r: { order_id: string }) => r.order_id)).toEqual(['SEEN']);
    for (const path of ['recharges', 'withdraws', 'recharges/export']) {
      expect((await call('GET', url(account.id, path), outsider.headers)).statusCode, path).toBe(403);
    }
    expect((await call('PATCH', url(account.id, 'recharges/update_by_utr_upi'), outsider.headers, { order_id: 'SEEN', status: 'success' })).statusCode).toBe(403);
  });

  it('401 without auth; 404 for another account, its records and its inboxes', async () => {
    const { account, admin, mine } = await world();
    const other = await world();
    const [theirs] = await insertRecords(t, other.account.id, other.mine.id, 'withdraw', [{ orderId: 'X' }]);
    for (const path of ['withdraws', 'recharges', 'withdraws/export', `withdraws/${theirs!.id}`]) {
      expect((await call('GET', url(account.id, path), undefined)).statusCode, path).toBe(401);
    }
    expect((await call('GET', url(other.account.id, 'withdraws'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `withdraws/${theirs!.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `withdraws?inbox=${other.mine.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 'withdraws/abc'), admin.headers)).statusCode).toBe(404);
    // a recharge is not found as a withdraw
    const [recharge] = await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R' }]);
    expect((await call('GET', url(account.id, `withdraws/${recharge!.id}`), admin.headers)).statusCode).toBe(404);
  });
});

describe('GET withdraws/:id', () => {
  it('answers the record with its history, oldest first', async () => {
    const { account, admin, mine } = await world();
    const [row] = await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'H-1', status: 'success' }]);
    await t.db.insert(schema.paymentStatusChanges).values([
      { accountId: account.id, recordId: row!.id, fromStatus: null, toStatus: 'pending', actorType: 'import', actorName: null },
      { accountId: account.id, recordId: row!.id, fromStatus: 'pending', toStatus: 'success', actorType: 'user', actorId: admin.user.id, actorName: 'Admin', reason: 'paid' },
    ]);
    const res = await call('GET', url(account.id, `withdraws/${row!.id}`), admin.headers);
    expect(res.statusCode).toBe(200);
    const { payload } = PaymentRecordDetailSchema.parse(res.json());
    expect(payload.order_id).toBe('H-1');
    expect(payload.history.map((h) => [h.from_status, h.to_status, h.actor.type, h.reason])).toEqual([
      [null, 'pending', 'import', null],
      ['pending', 'success', 'user', 'paid'],
    ]);
    expect(payload.history[1]!.actor).toEqual({ type: 'user', id: admin.user.id, name: 'Admin' });
    const [recharge] = await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'H-2' }]);
    const shown = (await call('GET', url(account.id, `recharges/${recharge!.id}`), admin.headers)).json();
    expect(shown.payload).toMatchObject({ id: recharge!.id, kind: 'recharge', history: [] });
  });
});

describe('findPaymentMatches (OCR)', () => {
  it('finds withdraws and recharges by UTR, or by UPI id and amount, newest first, only in the given inboxes', async () => {
    const { account, mine, theirs } = await world();
    const other = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [
      { orderId: 'W-UTR', utr: '777788889999' },
      { orderId: 'W-UPI', upiId: 'ravi@ybl', amount: '250.00' },
      { orderId: 'W-UPI-OTHER-AMOUNT', upiId: 'ravi@ybl', amount: '999.00' },
    ]);
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R-UTR', utr: '777788889999' }]);
    await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'HIDDEN', utr: '777788889999' }]);
    await insertRecords(t, other.account.id, other.mine.id, 'withdraw', [{ orderId: 'FOREIGN', utr: '777788889999' }]);
    const orders = (m: Awaited<ReturnType<typeof findPaymentMatches>>) => ({ withdraws: m.withdraws.map((r) => r.order_id), recharges: m.recharges.map((r) => r.order_id) });

    const mineOnly = await findPaymentMatches(t.db, { accountId: account.id, inboxIds: [mine.id], utr: '777788889999', upiId: 'RAVI@ybl', amount: '250.00' });
    expect(orders(mineOnly)).toEqual({ withdraws: ['W-UPI', 'W-UTR'], recharges: ['R-UTR'] });
    expect(mineOnly.withdraws[0]).toMatchObject({ inbox_name: 'Mine', kind: 'withdraw', amount: '250.00' });
    const everyInbox = await findPaymentMatches(t.db, { accountId: account.id, inboxIds: null, utr: '777788889999' });
    expect(orders(everyInbox)).toEqual({ withdraws: ['HIDDEN', 'W-UTR'], recharges: ['R-UTR'] });
    // a UPI id without an amount matches every record of that UPI id
    expect(orders(await findPaymentMatches(t.db, { accountId: account.id, inboxIds: [mine.id], upiId: 'ravi@ybl' })).withdraws).toEqual(['W-UPI-OTHER-AMOUNT', 'W-UPI']);
    expect(await findPaymentMatches(t.db, { accountId: account.id, inboxIds: [mine.id] })).toEqual({ withdraws: [], recharges: [] });
    expect(await findPaymentMatches(t.db, { accountId: account.id, inboxIds: [], utr: '777788889999' })).toEqual({ withdraws: [], recharges: [] });

    await insertRecords(t, account.id, mine.id, 'recharge', Array.from({ length: 12 }, (_, i) => ({ orderId: `MANY-${i}`, utr: '121212121212' })));
    expect((await findPaymentMatches(t.db, { accountId: account.id, inboxIds: null, utr: '121212121212' })).recharges).toHaveLength(PAYMENT_MATCH_LIMIT);
  });
});

describe('OpenAPI', () => {
  it('documents every payment route with its summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const base = '/api/v1/accounts/{accountId}';
    const routes: [string, string][] = [
      ['get', '/withdraws'],
      ['get', '/recharges'],
      ['get', '/withdraws/{id}'],
      ['get', '/withdraws/export'],
      ['get', '/recharges/export'],
      ['post', '/withdraws/import'],
      ['post', '/recharges/import'],
      ['patch', '/withdraws/update_status_by_order_id_undelivered'],
      ['patch', '/recharges/update_by_utr_upi'],
      ['get', '/payment_imports/{id}'],
      ['get', '/payment_imports/{id}/errors'],
    ];
    for (const [method, path] of routes) {
      const operation = doc.paths[`${base}${path}`]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags).toEqual(['payments']);
    }
    expect(doc.paths[`${base}/withdraws`].get.description).toMatch(/Administrators see every inbox/);
  });
});
