import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { PaymentRecordPayloadSchema } from '@app/shared/payments';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createInbox, createMember } from '../../../test/factories.ts';
import { caller, insertRecords, paymentsUrl as url } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const WITHDRAW = 'withdraws/update_status_by_order_id_undelivered';
const RECHARGE = 'recharges/update_by_utr_upi';

async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const checker = await createMember(t, account.id, 'checker', { name: 'Priya Checker' });
  const agent = await createMember(t, account.id, 'agent');
  const mine = await createInbox(t, account.id, { name: 'Mine', members: [checker.user.id, agent.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Theirs' });
  return { account, admin, checker, agent, mine, theirs };
}

/** Every table a status change writes, to show that a refused one wrote nothing. */
async function writes() {
  return {
    history: await countRows(t, schema.paymentStatusChanges),
    audit: await countRows(t, schema.auditLogs),
    reporting: await countRows(t, schema.reportingEvents),
  };
}

const record = async (id: number) => (await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.id, id)))[0]!;

describe('PATCH withdraws/update_status_by_order_id_undelivered', () => {
  it('S1-7.28 marks a withdraw undelivered with order_id, inbox, status, utr and extras: record, history, audit, reporting event, realtime event', async () => {
    const { account, checker, mine } = await world();
    const [row] = await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'W-100', status: 'success', extras: { bank: 'SBI' } }]);
    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('PATCH', url(account.id, WITHDRAW), checker.headers, {
        withdraw: { order_id: 'W-100', inbox: mine.id, status: 'undelivered', utr: '123412341234', reason: 'Customer says not received', extras: { ticket: 'T-9' } },
      });
    });
    expect(res.statusCode).toBe(200);
    const { payload } = PaymentRecordPayloadSchema.parse(res.json());
    expect(payload).toMatchObject({ id: row!.id, status: 'undelivered', utr: '123412341234', extras: { bank: 'SBI', ticket: 'T-9' }, inbox_name: 'Mine' });
    expect(payload.status_changed_at).not.toBeNull();
    const stored = await record(row!.id);
    expect(stored.status).toBe('undelivered');
    expect(stored.updatedAt.getTime()).toBeGreaterThan(row!.updatedAt.getTime());

    const history = await t.db.select().from(schema.paymentStatusChanges).where(eq(schema.paymentStatusChanges.recordId, row!.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'success', toStatus: 'undelivered', actorType: 'user', actorId: checker.user.id, actorName: 'Priya Checker', reason: 'Customer says not received' }),
    ]);
    const audit = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'PaymentRecord')));
    expect(audit).toEqual([expect.objectContaining({ action: 'update', auditableId: row!.id, userId: checker.user.id, auditedChanges: expect.objectContaining({ status: ['success', 'undelivered'], utr: [null, '123412341234'] }) })]);
    const reporting = await t.db.select().from(schema.reportingEvents).where(eq(schema.reportingEvents.accountId, account.id));
    expect(reporting).toEqual([
      expect.objectContaining({ name: 'withdraw_status_changed', inboxId: mine.id, userId: checker.user.id, data: { from: 'success', to: 'undelivered', order_id: 'W-100', record_id: row!.id } }),
    ]);
    expect(events).toEqual([{ name: 'payment_record.updated', accountId: account.id, inboxId: mine.id, data: payload }]);
    // the detail shows the change
    const detail = (await call('GET', url(account.id, `withdraws/${row!.id}`), checker.headers)).json();
    expect(detail.payload.history.map((h: { to_status: string }) => h.to_status)).toEqual(['undelivered']);
  });

  it('two operators marking the same withdraw at once: one wins, the other gets 409, one history row', async () => {
    const { account, admin, checker, mine } = await world();
    const [row] = await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'RACE', status: 'success' }]);
    const body = { order_id: 'RACE', inbox: mine.id, status: 'undelivered' };
    const answers = await Promise.all([call('PATCH', url(account.id, WITHDRAW), admin.headers, body), call('PATCH', url(account.id, WITHDRAW), checker.headers, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = await t.db.select().from(schema.paymentStatusChanges).where(eq(schema.paymentStatusChanges.recordId, row!.id));
    expect(history).toHaveLength(1);
  });

  it('accepts the flat body too', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'FLAT', status: 'pending' }]);
    const res = await call('PATCH', url(account.id, WITHDRAW), admin.headers, { order_id: 'FLAT', inbox: mine.id, status: 'processing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.status).toBe('processing');
  });

  it('409 state_conflict for a transition the status does not allow (the same status included), writing nothing', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [
      { orderId: 'PENDING', status: 'pending' },
      { orderId: 'REFUNDED', status: 'refunded' },
      { orderId: 'SUCCESS', status: 'success' },
    ]);
    const before = await writes();
    for (const [orderId, status] of [['PENDING', 'undelivered'], ['REFUNDED', 'success'], ['SUCCESS', 'success'], ['SUCCESS', 'pending']] as const) {
      const res = await call('PATCH', url(account.id, WITHDRAW), admin.headers, { order_id: orderId, inbox: mine.id, status });
      expect(res.statusCode, `${orderId} → ${status}`).toBe(409);
      expect(res.json().error).toMatch(/cannot go from/);
    }
    expect(await writes()).toEqual(before);
    const statuses = (await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.inboxId, mine.id))).map((r) => r.status).sort();
    expect(statuses).toEqual(['pending', 'refunded', 'success']);
  });

  it('404 for an unknown order, an order of another inbox, an inbox the caller is not in, another account', async () => {
    const { account, admin, checker, mine, theirs } = await world();
    const other = await world();
    await insertRecords(t, account.id, theirs.id, 'withdraw', [{ orderId: 'THEIRS', status: 'success' }]);
    await insertRecords(t, other.account.id, other.mine.id, 'withdraw', [{ orderId: 'OTHER', status: 'success' }]);
    const before = await writes();
    const attempts: [Record<string, string>, number, object][] = [
      [admin.headers, account.id, { order_id: 'NOPE', inbox: mine.id, status: 'undelivered' }],
      [admin.headers, account.id, { order_id: 'THEIRS', inbox: mine.id, status: 'undelivered' }],
      [checker.headers, account.id, { order_id: 'THEIRS', inbox: theirs.id, status: 'undelivered' }],
      [admin.headers, account.id, { order_id: 'OTHER', inbox: other.mine.id, status: 'undelivered' }],
      [admin.headers, other.account.id, { order_id: 'OTHER', inbox: other.mine.id, status: 'undelivered' }],
    ];
    for (const [headers, accountId, body] of attempts) {
      expect((await call('PATCH', url(accountId, WITHDRAW), headers, body)).statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await writes()).toEqual(before);
  });

  it('422 on bad input and 401 without auth, writing nothing', async () => {
    const { account, admin, mine } = await world();
    await insertRecords(t, account.id, mine.id, 'withdraw', [{ orderId: 'OK', status: 'success' }]);
    const before = await writes();
    const bad: [object, string][] = [
      [{ inbox: mine.id, status: 'undelivered' }, 'order_id'],
      [{ order_id: 'OK', status: 'undelivered' }, 'inbox'],
      [{ order_id: 'OK', inbox: mine.id, status: 'lost' }, 'status'],
      [{ order_id: 'OK', inbox: mine.id, status: 'undelivered', utr: '12AB' }, 'utr'],
      [{ order_id: 'OK', inbox: mine.id, status: 'undelivered', extras: 'x' }, 'extras'],
    ];
    for (const [body, field] of bad) {
      const res = await call('PATCH', url(account.id, WITHDRAW), admin.headers, body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect((await call('PATCH', url(account.id, WITHDRAW), undefined, { order_id: 'OK', inbox: mine.id, status: 'undelivered' })).statusCode).toBe(401);
    expect(await writes()).toEqual(before);
    expect((await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.orderId, 'OK')))[0]!.status).toBe('success');
  });
});

describe('PATCH recharges/update_by_utr_upi', () => {
  it('S1-7.30 confirms a recharge found by its UTR, filling in the UPI id it lacked', async () => {
    const { account, checker, mine } = await world();
    const [row] = await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'R-1', utr: '555566667777', status: 'pending' }]);
    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('PATCH', url(account.id, RECHARGE), checker.headers, { recharge: { utr: '555566667777', upi_id: 'Anil.K@OKSBI', status: 'success' } });
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: row!.id, status: 'success', utr: '555566667777', upi_id: 'anil.k@oksbi' });
    expect(events.map((e) => e.name)).toEqual(['payment_record.updated']);
    const reporting = await t.db.select().from(schema.reportingEvents).where(eq(schema.reportingEvents.accountId, account.id));
    expect(reporting).toEqual([expect.objectContaining({ name: 'recharge_status_changed', data: { from: 'pending', to: 'success', order_id: 'R-1', record_id: row!.id } })]);
    expect(await countRows(t, schema.paymentStatusChanges)).toBeGreaterThan(0);
  });

  it('matches by order id (with inbox) first, then UTR, then the UPI id of an open recharge', async () => {
    const { account, admin, mine, theirs } = await world();
    const [byOrder, byUpi, doneUpi] = await insertRecords(t, account.id, mine.id, 'recharge', [
      { orderId: 'ORD-A', status: 'pending' },
      { orderId: 'ORD-B', status: 'expired', upiId: 'shared@ybl' },
      { orderId: 'ORD-C', status: 'success', upiId: 'shared@ybl' },
    ]);
    await insertRecords(t, account.id, theirs.id, 'recharge', [{ orderId: 'ORD-A', status: 'pending' }]);
    const byOrderRes = await call('PATCH', url(account.id, RECHARGE), admin.headers, { order_id: 'ORD-A', inbox: mine.id, utr: '101010101010', status: 'failed' });
    expect(byOrderRes.json().payload).toMatchObject({ id: byOrder!.id, status: 'failed', utr: '101010101010' });
    // the success one is final, so the UPI id names one open recharge
    const byUpiRes = await call('PATCH', url(account.id, RECHARGE), admin.headers, { upi_id: 'shared@ybl', status: 'success' });
    expect(byUpiRes.statusCode).toBe(200);
    expect(byUpiRes.json().payload.id).toBe(byUpi!.id);
    expect((await record(doneUpi!.id)).status).toBe('success');
  });

  it('409 with the candidates when several match; 409 for a final status or a contradicting UTR; 404 when none; nothing written', async () => {
    const { account, admin, mine, theirs } = await world();
    const [a, b] = await insertRecords(t, account.id, mine.id, 'recharge', [
      { orderId: 'DUP', status: 'pending', upiId: 'twice@ybl' },
      { orderId: 'DUP-2', status: 'pending', upiId: 'twice@ybl' },
      { orderId: 'DONE', status: 'success', utr: '121212121212' },
      { orderId: 'HAS-UTR', status: 'pending', utr: '565656565656' },
    ]);
    await insertRecords(t, account.id, theirs.id, 'recharge', [{ orderId: 'DUP', status: 'pending' }]);
    const before = await writes();
    const several = await call('PATCH', url(account.id, RECHARGE), admin.headers, { upi_id: 'twice@ybl', status: 'success' });
    expect(several.statusCode).toBe(409);
    expect(several.json()).toEqual({ error: expect.any(String), candidates: [a!.id, b!.id] });
    // an order id without an inbox matches in every inbox the caller sees
    expect((await call('PATCH', url(account.id, RECHARGE), admin.headers, { order_id: 'DUP', status: 'success' })).statusCode).toBe(409);
    expect((await call('PATCH', url(account.id, RECHARGE), admin.headers, { utr: '121212121212', status: 'failed' })).statusCode).toBe(409);
    expect((await call('PATCH', url(account.id, RECHARGE), admin.headers, { order_id: 'HAS-UTR', inbox: mine.id, utr: '999999999999', status: 'success' })).statusCode).toBe(409);
    expect((await call('PATCH', url(account.id, RECHARGE), admin.headers, { utr: '000000000000', status: 'success' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, RECHARGE), admin.headers, { upi_id: 'nobody@ybl', status: 'success' })).statusCode).toBe(404);
    expect(await writes()).toEqual(before);
  });

  it('an agent only reaches recharges of their inboxes; 422 on bad input; 401 without auth', async () => {
    const { account, agent, mine, theirs } = await world();
    await insertRecords(t, account.id, theirs.id, 'recharge', [{ orderId: 'HIDDEN', status: 'pending', utr: '343434343434' }]);
    await insertRecords(t, account.id, mine.id, 'recharge', [{ orderId: 'SEEN', status: 'pending' }]);
    const before = await writes();
    expect((await call('PATCH', url(account.id, RECHARGE), agent.headers, { utr: '343434343434', status: 'success' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, RECHARGE), agent.headers, { order_id: 'HIDDEN', inbox: theirs.id, status: 'success' })).statusCode).toBe(404);
    for (const body of [{ status: 'success' }, { order_id: 'SEEN', status: 'undelivered' }, { upi_id: 'not-an-upi', status: 'success' }, { order_id: 'SEEN' }]) {
      expect((await call('PATCH', url(account.id, RECHARGE), agent.headers, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('PATCH', url(account.id, RECHARGE), undefined, { order_id: 'SEEN', status: 'success' })).statusCode).toBe(401);
    expect(await writes()).toEqual(before);
    expect((await call('PATCH', url(account.id, RECHARGE), agent.headers, { order_id: 'SEEN', inbox: mine.id, status: 'expired' })).statusCode).toBe(200);
  });
});
