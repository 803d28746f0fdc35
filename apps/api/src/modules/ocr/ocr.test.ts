import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { OcrResultPayloadSchema } from '@app/shared/payments';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { receiptPng } from '../../lib/ocr/test-image.ts';
import { ENGINE_VERSION } from '../../lib/ocr/screenshot-reader.ts';
import { caller, insertRecords } from '../payments/test-fixtures.ts';

/*
 * POST ocr/withdraw_button against real tesseract (the English model from node_modules): each fresh read
 * takes about a second, so the tests share a few images and lean on the cache where the read itself is not
 * the point.
 */

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const RECEIPT = ['Payment Successful', 'Paid to Rahul Sharma', 'rahul.sharma@okaxis', 'Amount: ₹1,250.00', 'UTR: 345678901234', '25 Nov 2026, 05:32 PM'];
const url = (accountId: number) => `/api/v1/accounts/${accountId}/ocr/withdraw_button`;

/** A message in the conversation, with attachments stored the way uploads are. */
async function messageWith(accountId: number, inboxId: number, conversationId: number, files: { data: Buffer; extension: string; fileType: 'image' | 'file' }[]) {
  const [message] = await t.db
    .insert(schema.messages)
    .values({ accountId, inboxId, conversationId, content: 'here is my payment', messageType: 'incoming' })
    .returning();
  for (const file of files) {
    const storageKey = await t.app.storage.put({ folder: 'attachments', data: file.data, extension: file.extension });
    await t.db.insert(schema.attachments).values({ accountId, messageId: message!.id, fileType: file.fileType, storageKey, fileName: `f.${file.extension}` });
  }
  return message!;
}

/** An account with two inboxes (the agent works the first), a conversation with a receipt in each. */
async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent');
  const mine = await createInbox(t, account.id, { name: 'Mine', members: [agent.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Theirs' });
  const conversation = await createConversation(t, account.id, mine.id);
  const hidden = await createConversation(t, account.id, theirs.id);
  return { account, admin, agent, mine, theirs, conversation, hidden };
}

let receipt: Buffer;
beforeAll(async () => {
  receipt = await receiptPng(RECEIPT);
});

describe('POST ocr/withdraw_button', () => {
  it('reads a message image: fields, confidence and the matching records of the caller’s inboxes; a repeat comes from the cache', async () => {
    const w = await world();
    const message = await messageWith(w.account.id, w.mine.id, w.conversation.id, [{ data: receipt, extension: 'png', fileType: 'image' }]);
    const [withdraw] = await insertRecords(t, w.account.id, w.mine.id, 'withdraw', [{ orderId: 'W-OCR', utr: '345678901234', amount: '1250.00' }]);
    const [recharge] = await insertRecords(t, w.account.id, w.mine.id, 'recharge', [{ orderId: 'R-OCR', upiId: 'rahul.sharma@okaxis', amount: '1250' }]);
    // same UTR, but in an inbox the agent does not work; and one with the UPI id but another amount
    const [elsewhere] = await insertRecords(t, w.account.id, w.theirs.id, 'withdraw', [{ orderId: 'W-THEIRS', utr: '345678901234' }]);
    await insertRecords(t, w.account.id, w.mine.id, 'recharge', [{ orderId: 'R-OTHER-AMOUNT', upiId: 'rahul.sharma@okaxis', amount: '99.00' }]);

    const res = await call('POST', url(w.account.id), w.agent.headers, { message_id: message.id });
    expect(res.statusCode).toBe(200);
    const { payload } = OcrResultPayloadSchema.parse(res.json());
    expect(payload.fields).toEqual({
      utr: '345678901234',
      amount: '1250.00',
      upi_id: 'rahul.sharma@okaxis',
      date: '2026-11-25',
      time: '17:32',
      status: 'success',
      status_words: ['Successful'],
    });
    expect(payload.text).toContain('Payment Successful');
    expect(payload.confidence).toBeGreaterThan(60);
    expect(payload.message_id).toBe(message.id);
    expect(payload.file_url).toMatch(/^http:\/\/localhost:3000\/uploads\/attachments\/.+\.png$/);
    expect(payload.cached).toBe(false);
    expect(payload.matches.withdraws.map((r) => r.id)).toEqual([withdraw!.id]);
    expect(payload.matches.recharges.map((r) => r.id)).toEqual([recharge!.id]);

    const [stored] = await t.db.select().from(schema.ocrResults).where(eq(schema.ocrResults.accountId, w.account.id));
    expect(stored).toMatchObject({ messageId: message.id, engine: ENGINE_VERSION, fields: payload.fields });

    // the administrator sees every inbox: the other inbox's withdraw matches too; the read is the cached one
    const again = await call('POST', url(w.account.id), w.admin.headers, { message_id: message.id });
    expect(again.statusCode).toBe(200);
    const repeat = OcrResultPayloadSchema.parse(again.json()).payload;
    expect(repeat.cached).toBe(true);
    expect(repeat.fields).toEqual(payload.fields);
    expect(repeat.text).toBe(payload.text);
    expect(repeat.matches.withdraws.map((r) => r.id).sort()).toEqual([withdraw!.id, elsewhere!.id].sort());
    expect(await t.db.$count(schema.ocrResults, eq(schema.ocrResults.accountId, w.account.id))).toBe(1);
  });

  it('reads a file of this installation by /uploads path or full URL; the cache is shared by both forms', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const key = await t.app.storage.put({ folder: 'attachments', data: await receiptPng(['Transaction Failed', 'UPI Ref No: 112233445566', 'Rs. 75.50']), extension: 'png' });
    const first = await call('POST', url(account.id), admin.headers, { file_url: `/uploads/${key}` });
    expect(first.statusCode).toBe(200);
    const read = OcrResultPayloadSchema.parse(first.json()).payload;
    expect(read).toMatchObject({ message_id: null, cached: false, matches: { withdraws: [], recharges: [] } });
    expect(read.fields).toMatchObject({ utr: '112233445566', amount: '75.50', status: 'failed', upi_id: null });
    const second = await call('POST', url(account.id), admin.headers, { file_url: `http://localhost:3000/uploads/${key}` });
    expect(OcrResultPayloadSchema.parse(second.json()).payload).toMatchObject({ cached: true, fields: read.fields });
  });

  it('422 for a message without an image, a file that is not an image of this installation, or bad input; nothing is read or kept', async () => {
    const w = await world();
    const textOnly = await messageWith(w.account.id, w.mine.id, w.conversation.id, []);
    const pdfOnly = await messageWith(w.account.id, w.mine.id, w.conversation.id, [{ data: Buffer.from('%PDF-1.4 not really'), extension: 'pdf', fileType: 'file' }]);
    const brokenKey = await t.app.storage.put({ folder: 'attachments', data: Buffer.from('not a png at all'), extension: 'png' });
    const before = await countRows(t, schema.ocrResults);
    const cases: [object, string][] = [
      [{ message_id: textOnly.id }, 'message_id'],
      [{ message_id: pdfOnly.id }, 'message_id'],
      [{}, 'message_id'],
      [{ message_id: textOnly.id, file_url: '/uploads/attachments/x.png' }, 'message_id'],
      [{ message_id: 'abc' }, 'message_id'],
      [{ file_url: 'https://evil.example/uploads/attachments/aaaaaaaaaaaaaaaaaaaaaaaa.png' }, 'file_url'],
      [{ file_url: 'http://169.254.169.254/latest/meta-data' }, 'file_url'],
      [{ file_url: '/uploads/attachments/aaaaaaaaaaaaaaaaaaaaaaaa.png' }, 'file_url'],
      [{ file_url: '/uploads/imports/aaaaaaaaaaaaaaaaaaaaaaaa.csv' }, 'file_url'],
      [{ file_url: '/uploads/..%2f..%2fetc%2fpasswd.png' }, 'file_url'],
      [{ file_url: `/uploads/${brokenKey}` }, 'file_url'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', url(w.account.id), w.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().attributes, JSON.stringify(body)).toContain(field);
    }
    expect(await countRows(t, schema.ocrResults)).toBe(before);
  });

  it('404 for a message of another inbox (for an agent), of another account, or an account the caller is not in', async () => {
    const w = await world();
    const other = await createAccountWithAdmin(t);
    const hiddenMessage = await messageWith(w.account.id, w.theirs.id, w.hidden.id, [{ data: receipt, extension: 'png', fileType: 'image' }]);
    const otherInbox = await createInbox(t, other.account.id);
    const otherConversation = await createConversation(t, other.account.id, otherInbox.id);
    const foreign = await messageWith(other.account.id, otherInbox.id, otherConversation.id, [{ data: receipt, extension: 'png', fileType: 'image' }]);

    expect((await call('POST', url(w.account.id), w.agent.headers, { message_id: hiddenMessage.id })).statusCode).toBe(404);
    expect((await call('POST', url(w.account.id), w.admin.headers, { message_id: foreign.id })).statusCode).toBe(404);
    expect((await call('POST', url(w.account.id), w.admin.headers, { message_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await call('POST', url(other.account.id), w.admin.headers, { message_id: foreign.id })).statusCode).toBe(404);
  });

  it('401 without auth; 403 for a custom role without a conversation or checker permission', async () => {
    const w = await world();
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: w.account.id, name: 'Reports only', permissions: ['report_manage'] }).returning();
    const reporter = await createMember(t, w.account.id, 'agent', { customRoleId: role!.id });
    expect((await call('POST', url(w.account.id), undefined, { message_id: 1 })).statusCode).toBe(401);
    expect((await call('POST', url(w.account.id), reporter.headers, { message_id: 1 })).statusCode).toBe(403);
  });
});

describe('OCR capacity', () => {
  let busy: TestContext;
  beforeAll(async () => {
    busy = await buildTestApp({ OCR_WORKERS: '1', OCR_QUEUE_LIMIT: '0' });
  });
  afterAll(() => busy.close());

  it('answers 503 with Retry-After when the worker is busy and the queue is full', async () => {
    const { account, admin } = await createAccountWithAdmin(busy);
    const keys = await Promise.all(
      ['UTR: 111122223333', 'UTR: 444455556666'].map(async (line) => busy.app.storage.put({ folder: 'attachments', data: await receiptPng([line]), extension: 'png' })),
    );
    const responses = await Promise.all(keys.map((key) => busy.app.inject({ method: 'POST', url: url(account.id), headers: admin.headers, payload: { file_url: `/uploads/${key}` } })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 503]);
    const refused = responses.find((r) => r.statusCode === 503)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().error).toMatch(/busy/i);
    // the refused image was not kept: asking again reads it
    expect(await busy.db.$count(schema.ocrResults, eq(schema.ocrResults.accountId, account.id))).toBe(1);
  });
});
