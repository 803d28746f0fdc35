import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { PaymentImportResultSchema } from '@app/shared/payments';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createMember } from '../../../test/factories.ts';
import { caller, paymentsUrl as url, twoInboxes } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const world = () => twoInboxes(t);

const recordsOf = (accountId: number) =>
  t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.accountId, accountId)).orderBy(asc(schema.paymentRecords.orderId));
const historyOf = (accountId: number) =>
  t.db.select().from(schema.paymentStatusChanges).where(eq(schema.paymentStatusChanges.accountId, accountId)).orderBy(asc(schema.paymentStatusChanges.id));

describe('POST withdraws/import and recharges/import (JSON)', () => {
  it('creates records, reports each result, writes their first history row and announces them', async () => {
    const { account, admin, inbox, second } = await world();
    const records = [
      { inbox_id: inbox.id, order_id: 'W-1', amount: '1500.5', utr: '123456789012', upi_id: 'Asha.Rao@OKAXIS', customer_name: 'Asha Rao', extras: { bank: 'HDFC' } },
      { inbox_id: second.id, order_id: 'W-2', amount: 250, currency: 'usd', status: 'processing', created_at: '2026-11-20T08:30:00+05:30' },
    ];
    let res!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', url(account.id, 'withdraws/import'), admin.headers, { records });
    });
    expect(res.statusCode).toBe(200);
    const body = PaymentImportResultSchema.parse(res.json());
    expect(body).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(body.payload.map((r) => [r.inbox_id, r.order_id, r.result])).toEqual([
      [inbox.id, 'W-1', 'created'],
      [second.id, 'W-2', 'created'],
    ]);
    const stored = await recordsOf(account.id);
    expect(stored.map((r) => [r.kind, r.orderId, r.amount, r.currency, r.status, r.upiId])).toEqual([
      ['withdraw', 'W-1', '1500.50', 'INR', 'pending', 'asha.rao@okaxis'],
      ['withdraw', 'W-2', '250.00', 'USD', 'processing', null],
    ]);
    expect(stored[1]!.createdAt.toISOString()).toBe('2026-11-20T03:00:00.000Z');
    expect((await historyOf(account.id)).map((h) => [h.fromStatus, h.toStatus, h.actorType, h.actorId])).toEqual([
      [null, 'pending', 'import', admin.user.id],
      [null, 'processing', 'import', admin.user.id],
    ]);
    expect(events.filter((e) => e.name === 'payment_record.updated').map((e) => (e.data as { order_id: string }).order_id).sort()).toEqual(['W-1', 'W-2']);
  });

  it('is idempotent: the same call twice reports unchanged and writes nothing (updated_at, history, events)', async () => {
    const { account, admin, inbox } = await world();
    const payload = { records: [{ inbox_id: inbox.id, order_id: 'R-1', amount: '99.9', status: 'pending', upi_id: 'meena@ybl', extras: { a: 1, b: [1, 2] } }] };
    expect((await call('POST', url(account.id, 'recharges/import'), admin.headers, payload)).json().created).toBe(1);
    const [before] = await recordsOf(account.id);
    const historyBefore = await historyOf(account.id);
    await new Promise((r) => setTimeout(r, 20));
    let second!: Awaited<ReturnType<typeof call>>;
    const events = await eventsDuring(t, account.id, async () => {
      second = await call('POST', url(account.id, 'recharges/import'), admin.headers, payload);
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ created: 0, updated: 0, unchanged: 1, payload: [{ id: before!.id, inbox_id: inbox.id, order_id: 'R-1', result: 'unchanged' }] });
    const [after] = await recordsOf(account.id);
    expect(after).toEqual(before);
    expect(await historyOf(account.id)).toEqual(historyBefore);
    expect(events).toEqual([]);
    // the same values written differently ("99.90", the UPI id's case, extras' key order) are the same values
    const again = await call('POST', url(account.id, 'recharges/import'), admin.headers, {
      records: [{ inbox_id: inbox.id, order_id: 'R-1', amount: 99.9, upi_id: 'MEENA@ybl', extras: { b: [1, 2], a: 1 } }],
    });
    expect(again.json().unchanged).toBe(1);
    expect((await recordsOf(account.id))[0]!.updatedAt).toEqual(before!.updatedAt);
  });

  it('updates what changed, keeps what a record leaves out, clears what it sets to null, and records a status change', async () => {
    const { account, admin, inbox } = await world();
    await call('POST', url(account.id, 'recharges/import'), admin.headers, {
      records: [{ inbox_id: inbox.id, order_id: 'R-1', amount: '100', utr: '111111111111', customer_name: 'Ravi', customer_reference: 'C-1' }],
    });
    const res = await call('POST', url(account.id, 'recharges/import'), admin.headers, {
      records: [{ inbox_id: inbox.id, order_id: 'R-1', amount: '100', status: 'success', customer_reference: null }],
    });
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [row] = await recordsOf(account.id);
    expect(row).toMatchObject({ status: 'success', utr: '111111111111', customerName: 'Ravi', customerReference: null });
    expect(row!.statusChangedAt).not.toBeNull();
    expect((await historyOf(account.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'success'],
    ]);
    // an import sets any status of the kind (integrators are the source of truth), it is not an operator's transition
    const back = await call('POST', url(account.id, 'recharges/import'), admin.headers, { records: [{ inbox_id: inbox.id, order_id: 'R-1', amount: '100', status: 'pending' }] });
    expect(back.json().updated).toBe(1);
  });

  it('422 names records.<i>.<field> and writes nothing when any record is wrong', async () => {
    const { account, admin, inbox } = await world();
    const other = await world();
    const good = { inbox_id: inbox.id, order_id: 'OK', amount: '10' };
    const before = { records: await countRows(t, schema.paymentRecords), history: await countRows(t, schema.paymentStatusChanges) };
    const cases: [object, string][] = [
      [{ records: [good, { ...good, order_id: 'X', amount: '-5' }] }, 'records.1.amount'],
      [{ records: [good, { ...good, order_id: 'X', amount: '1.234' }] }, 'records.1.amount'],
      [{ records: [{ ...good, order_id: '' }] }, 'records.0.order_id'],
      [{ records: [{ ...good, utr: '12345' }] }, 'records.0.utr'],
      [{ records: [{ ...good, upi_id: 'no-at-sign' }] }, 'records.0.upi_id'],
      [{ records: [{ ...good, currency: 'RUPEES' }] }, 'records.0.currency'],
      [{ records: [{ ...good, created_at: 'yesterday' }] }, 'records.0.created_at'],
      [{ records: [{ ...good, inbox_id: other.inbox.id }] }, 'records.0.inbox_id'],
      [{ records: [{ ...good, status: 'undelivered' }] }, 'records.0.status'],
      [{ records: [good, { ...good, amount: '20' }] }, 'records.1.order_id'],
      [{ records: [] }, 'records'],
      [{ records: Array.from({ length: 1001 }, (_, i) => ({ ...good, order_id: `O-${i}` })) }, 'records'],
      [{}, 'records'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', url(account.id, 'recharges/import'), admin.headers, body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().attributes, field).toContain(field);
    }
    expect({ records: await countRows(t, schema.paymentRecords), history: await countRows(t, schema.paymentStatusChanges) }).toEqual(before);
  });

  it('only administrators import (403 for agents and checkers); 401 without auth; 404 for another account', async () => {
    const { account, admin, inbox } = await world();
    const other = await world();
    const body = { records: [{ inbox_id: inbox.id, order_id: 'X', amount: '1' }] };
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: member.user.id });
      expect((await call('POST', url(account.id, 'withdraws/import'), member.headers, body)).statusCode, role).toBe(403);
    }
    expect((await call('POST', url(account.id, 'withdraws/import'), undefined, body)).statusCode).toBe(401);
    expect((await call('POST', url(other.account.id, 'withdraws/import'), admin.headers, body)).statusCode).toBe(404);
    expect(await recordsOf(account.id)).toEqual([]);
  });

  it('two integrators pushing the same new records at once: each record created once, no error', async () => {
    const { account, admin, inbox } = await world();
    const records = Array.from({ length: 50 }, (_, i) => ({ inbox_id: inbox.id, order_id: `RACE-${i}`, amount: '10', status: 'success' }));
    const answers = await Promise.all([1, 2].map(() => call('POST', url(account.id, 'withdraws/import'), admin.headers, { records })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const created = answers.reduce((sum, a) => sum + a.json().created, 0);
    const unchanged = answers.reduce((sum, a) => sum + a.json().unchanged, 0);
    expect(created).toBe(50);
    expect(unchanged).toBe(50);
    expect(await recordsOf(account.id)).toHaveLength(50);
  });

  it('withdraws and recharges are separate: the same order id may be both', async () => {
    const { account, admin, inbox } = await world();
    const body = { records: [{ inbox_id: inbox.id, order_id: 'SAME', amount: '1' }] };
    expect((await call('POST', url(account.id, 'withdraws/import'), admin.headers, body)).json().created).toBe(1);
    expect((await call('POST', url(account.id, 'recharges/import'), admin.headers, body)).json().created).toBe(1);
    expect((await recordsOf(account.id)).map((r) => r.kind).sort()).toEqual(['recharge', 'withdraw']);
  });
});
