import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { PaymentImportJobPayloadSchema, type PaymentImportJob } from '@app/shared/payments';
import { buildTestApp, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createMember } from '../../../test/factories.ts';
import { caller, paymentsUrl as url, twoInboxes } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  // a queue prefix of its own, so no other test file's BullMQ worker takes these jobs
  t = await buildTestApp({ JOBS_PREFIX: `payments-csv-${process.pid}-${Date.now()}` });
  call = caller(t);
});
afterAll(() => t.close());

const world = () => twoInboxes(t);

const csvFile = (text: string, filename = 'withdraws.csv') => ({ data: Buffer.from(text), filename, type: 'text/csv' });

function upload(accountId: number, headers: Record<string, string>, kind: 'withdraws' | 'recharges', text: string | Buffer, fields: Record<string, string> = {}) {
  const file = typeof text === 'string' ? csvFile(text) : { data: text, filename: 'x.png', type: 'image/png' };
  return injectMultipart(t.app, 'POST', url(accountId, `${kind}/import`), headers, { ...fields, file });
}

/** Polls the job until it has finished (the in-process runner and BullMQ both run it in the background). */
async function finished(accountId: number, headers: Record<string, string>, id: number): Promise<PaymentImportJob> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await call('GET', url(accountId, `payment_imports/${id}`), headers);
    const job = PaymentImportJobPayloadSchema.parse(res.json()).payload;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Collects payment_import.progress events until `work` is done and the import finished. */
async function progressDuring(work: () => Promise<PaymentImportJob>) {
  const events: DomainEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((e) => void (e.name === 'payment_import.progress' && events.push(e)));
  try {
    const job = await work();
    // the last event follows the commit that made the job finished
    await expect.poll(() => events.some((e) => (e.data as PaymentImportJob).status === job.status), { timeout: 5_000 }).toBe(true);
    return { job, events };
  } finally {
    unsubscribe();
  }
}

describe('POST withdraws/import with a CSV file', () => {
  it('runs the import as a job: valid rows upserted (extra columns to extras), invalid rows reported, progress to the starter', async () => {
    const { account, admin, inbox, second } = await world();
    const csv = [
      '\uFEFFOrder_ID,amount,status,utr,upi_id,customer_name,created_at,bank,inbox_id',
      `W-1,1200.50,success,123456789012,Asha@OKAXIS,"Rao, Asha",2026-11-20T10:00:00Z,HDFC,`,
      `W-2,abc,pending,,,Bad Amount,,,`,
      `W-3,300,lost,,,Bad Status,,,`,
      `W-4,400,,,,Other Inbox,,SBI,${second.id}`,
      `,500,,,,No Order,,,`,
      `W-5,50,,,,Foreign Inbox,,,999999`,
      '',
    ].join('\r\n');
    const { job, events } = await progressDuring(async () => {
      const res = await upload(account.id, admin.headers, 'withdraws', csv, { inbox_id: String(inbox.id) });
      expect(res.statusCode).toBe(202);
      const queued = PaymentImportJobPayloadSchema.parse(res.json()).payload;
      expect(queued).toMatchObject({ kind: 'withdraw', status: 'queued', file_name: 'withdraws.csv', processed_rows: 0 });
      return finished(account.id, admin.headers, queued.id);
    });
    expect(job).toMatchObject({ status: 'completed', total_rows: 6, processed_rows: 6, created: 2, updated: 0, unchanged: 0, failed: 4, error: null });
    expect(job.error_report_url).toBe(`/api/v1/accounts/${account.id}/payment_imports/${job.id}/errors`);
    expect(job.finished_at).not.toBeNull();
    // the uploaded file is removed right after the job says completed; the error report comes from the job
    const [stored] = await t.db.select().from(schema.paymentImports).where(eq(schema.paymentImports.id, job.id));
    await expect.poll(() => t.app.storage.read(stored!.fileKey), { timeout: 5_000 }).toBeNull();

    const rows = await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.accountId, account.id)).orderBy(asc(schema.paymentRecords.orderId));
    expect(rows.map((r) => [r.orderId, r.inboxId, r.amount, r.status, r.upiId, r.customerName, r.extras])).toEqual([
      ['W-1', inbox.id, '1200.50', 'success', 'asha@okaxis', 'Rao, Asha', { bank: 'HDFC' }],
      ['W-4', second.id, '400.00', 'pending', null, 'Other Inbox', { bank: 'SBI' }],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    const history = await t.db.select().from(schema.paymentStatusChanges).where(eq(schema.paymentStatusChanges.accountId, account.id));
    expect(history.map((h) => [h.toStatus, h.actorType, h.actorId, h.importId])).toEqual(
      expect.arrayContaining([['success', 'import', admin.user.id, job.id]]),
    );

    // progress goes to the starter only, ends with the finished job
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(e).toMatchObject({ name: 'payment_import.progress', accountId: account.id, userId: admin.user.id });
    expect(events.at(-1)!.data).toEqual(job);

    const report = await call('GET', url(account.id, `payment_imports/${job.id}/errors`), admin.headers);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(`attachment; filename="payment-import-${job.id}-errors.csv"`);
    const failed = parse(report.body, { columns: true }) as { row: string; order_id: string; errors: string }[];
    expect(failed.map((f) => [f.row, f.order_id])).toEqual([
      ['3', 'W-2'],
      ['4', 'W-3'],
      ['6', ''],
      ['7', 'W-5'],
    ]);
    expect(failed[0]!.errors).toMatch(/^amount: /);
    expect(failed[1]!.errors).toMatch(/^status: is not a withdraw status/);
    expect(failed[2]!.errors).toMatch(/^order_id: /);
    expect(failed[3]!.errors).toBe('inbox_id: is not an inbox of this account');
  });

  it('writes in batches of 1,000 with a progress event after each, and the same file again changes nothing', async () => {
    const { account, admin, inbox } = await world();
    const lines = ['order_id,amount,upi_id'];
    for (let i = 0; i < 2_500; i += 1) lines.push(`R-${i},${(i % 900) + 1}.25,user${i}@ybl`);
    const csv = lines.join('\n');
    const first = await progressDuring(async () => {
      const res = await upload(account.id, admin.headers, 'recharges', csv, { inbox_id: String(inbox.id) });
      return finished(account.id, admin.headers, res.json().payload.id);
    });
    expect(first.job).toMatchObject({ status: 'completed', total_rows: 2_500, processed_rows: 2_500, created: 2_500, failed: 0, error_report_url: null });
    const processed = first.events.map((e) => (e.data as PaymentImportJob).processed_rows);
    expect(processed).toEqual(expect.arrayContaining([1_000, 2_000, 2_500]));
    expect(await countRows(t, schema.paymentRecords)).toBeGreaterThanOrEqual(2_500);

    const [sample] = await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.orderId, 'R-42'));
    const historyBefore = await countRows(t, schema.paymentStatusChanges);
    const again = await progressDuring(async () => {
      const res = await upload(account.id, admin.headers, 'recharges', csv, { inbox_id: String(inbox.id) });
      return finished(account.id, admin.headers, res.json().payload.id);
    });
    expect(again.job).toMatchObject({ status: 'completed', created: 0, updated: 0, unchanged: 2_500, failed: 0 });
    const [sampleAfter] = await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.orderId, 'R-42'));
    expect(sampleAfter!.updatedAt).toEqual(sample!.updatedAt);
    expect(await countRows(t, schema.paymentStatusChanges)).toBe(historyBefore);
  });

  it('refuses at upload (422, nothing stored) a file that is not CSV, lacks order_id or amount, or has no inbox', async () => {
    const { account, admin, inbox } = await world();
    const other = await world();
    const before = await countRows(t, schema.paymentImports);
    const cases: [string | Buffer, Record<string, string>, string][] = [
      [PNG, { inbox_id: String(inbox.id) }, 'file'],
      ['order_id,status\nA,pending\n', { inbox_id: String(inbox.id) }, 'file'],
      ['amount\n10\n', { inbox_id: String(inbox.id) }, 'file'],
      ['', { inbox_id: String(inbox.id) }, 'file'],
      ['order_id,amount\nA,10\n', {}, 'inbox_id'],
      ['order_id,amount\nA,10\n', { inbox_id: String(other.inbox.id) }, 'inbox_id'],
      ['order_id,amount\nA,10\n', { inbox_id: 'abc' }, 'inbox_id'],
    ];
    for (const [text, fields, field] of cases) {
      const res = await upload(account.id, admin.headers, 'withdraws', text, fields);
      expect(res.statusCode, `${field} ${String(text).slice(0, 20)}`).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect(await countRows(t, schema.paymentImports)).toBe(before);
  });

  it('a file that breaks mid-way fails the import with the reason and keeps the rows before it', async () => {
    const { account, admin, inbox } = await world();
    const csv = ['order_id,amount', 'A-1,10', 'A-2,"20', 'A-3,30'].join('\n');
    const res = await upload(account.id, admin.headers, 'withdraws', csv, { inbox_id: String(inbox.id) });
    const job = await finished(account.id, admin.headers, res.json().payload.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The file is not valid CSV/);
    expect(job).toMatchObject({ processed_rows: 1, created: 1 });
    const orders = (await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.accountId, account.id))).map((r) => r.orderId);
    expect(orders).toEqual(['A-1']);
  });

  it('takes over an import whose worker died (lease expired) and resumes after the rows it had written', async () => {
    const { account, admin, inbox } = await world();
    const key = await t.app.storage.put({ folder: 'payment_imports', data: Buffer.from('order_id,amount\nD-1,1\nD-2,2\nD-3,3\n'), extension: 'csv' });
    const [stale] = await t.db
      .insert(schema.paymentImports)
      .values({ accountId: account.id, kind: 'withdraw', inboxId: inbox.id, userId: admin.user.id, fileKey: key, status: 'running', processedRows: 1, totalRows: 3, createdCount: 1, leaseUntil: new Date(Date.now() - 1000) })
      .returning();
    // a live lease is left alone
    const [live] = await t.db
      .insert(schema.paymentImports)
      .values({ accountId: account.id, kind: 'withdraw', inboxId: inbox.id, userId: admin.user.id, fileKey: key, status: 'running', leaseUntil: new Date(Date.now() + 600_000) })
      .returning();
    t.app.jobs.enqueue('imports', 'run');
    const job = await finished(account.id, admin.headers, stale!.id);
    expect(job).toMatchObject({ status: 'completed', processed_rows: 3, created: 3 });
    const orders = (await t.db.select().from(schema.paymentRecords).where(eq(schema.paymentRecords.accountId, account.id))).map((r) => r.orderId).sort();
    expect(orders).toEqual(['D-2', 'D-3']);
    expect((await call('GET', url(account.id, `payment_imports/${live!.id}`), admin.headers)).json().payload.status).toBe('running');
  });

  it('only administrators upload and read imports; another account is 404; 401 without auth', async () => {
    const { account, admin, inbox } = await world();
    const other = await world();
    const res = await upload(account.id, admin.headers, 'withdraws', 'order_id,amount\nZ,1\n', { inbox_id: String(inbox.id) });
    const id = res.json().payload.id as number;
    await finished(account.id, admin.headers, id);
    const agent = await createMember(t, account.id, 'agent');
    expect((await upload(account.id, agent.headers, 'withdraws', 'order_id,amount\nZ,1\n', { inbox_id: String(inbox.id) })).statusCode).toBe(403);
    expect((await call('GET', url(account.id, `payment_imports/${id}`), agent.headers)).statusCode).toBe(403);
    expect((await call('GET', url(account.id, `payment_imports/${id}/errors`), agent.headers)).statusCode).toBe(403);
    expect((await call('GET', url(other.account.id, `payment_imports/${id}`), other.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `payment_imports/${id}`), other.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(other.account.id, `payment_imports/${id}/errors`), other.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `payment_imports/${id}`), undefined)).statusCode).toBe(401);
  });
});
