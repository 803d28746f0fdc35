import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccount, createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { recordReportingEvent } from './record.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const URL = '/api/v1/reporting_events';
const post = (headers: Headers | undefined, payload: object) => t.app.inject({ method: 'POST', url: URL, ...(headers ? { headers } : {}), payload });
const eventsOf = (accountId: number) => t.db.select().from(schema.reportingEvents).where(eq(schema.reportingEvents.accountId, accountId));

/** An account with an inbox Ann (agent) and Cid (checker) work, one nobody but the administrator sees, and a conversation in each. */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const bob = await createMember(t, account.id, 'agent', { name: 'Bob' });
  const cid = await createMember(t, account.id, 'checker', { name: 'Cid' });
  const inbox = await createInbox(t, account.id, { members: [ann.user.id, cid.user.id] });
  const hiddenInbox = await createInbox(t, account.id);
  const conversation = await createConversation(t, account.id, inbox.id);
  const hiddenConversation = await createConversation(t, account.id, hiddenInbox.id);
  const body = { type: 'withdraw_button_clicked', inbox_id: inbox.id, conversation_id: conversation.displayId, actions: ['ocr', 'raise_issue'], agent_name: 'Ann' };
  return { account, admin, ann, bob, cid, inbox, hiddenInbox, conversation, hiddenConversation, body };
}

describe('POST /api/v1/reporting_events', () => {
  it("S1-7.35 stores type, inbox, conversation, actions and agent_name in the inbox's account, not account-scoped", async () => {
    const { account, ann, inbox, conversation, body } = await setup();
    const res = await post(ann.headers, body);
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload;
    expect(payload).toMatchObject({
      account_id: account.id,
      inbox_id: inbox.id,
      conversation_id: conversation.displayId,
      user_id: ann.user.id,
      name: 'withdraw_button_clicked',
      data: { actions: ['ocr', 'raise_issue'], agent_name: 'Ann' },
    });
    const rows = await eventsOf(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: payload.id,
      name: 'withdraw_button_clicked',
      inboxId: inbox.id,
      conversationId: conversation.id,
      userId: ann.user.id,
      data: { actions: ['ocr', 'raise_issue'], agent_name: 'Ann' },
    });
  });

  it('takes actions as an object or text, the body under reporting_event, an API token, and no conversation', async () => {
    const { account, cid, admin, inbox, body } = await setup();
    expect((await post(cid.headers, { reporting_event: { ...body, actions: { status: 'undelivered' } } })).json().payload.data).toEqual({
      actions: { status: 'undelivered' },
      agent_name: 'Ann',
    });
    const byToken = await post({ api_access_token: admin.token }, { type: 'ocr_run', inbox_id: inbox.id, actions: 'ran OCR' });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json().payload).toMatchObject({ conversation_id: null, user_id: admin.user.id, data: { actions: 'ran OCR', agent_name: null } });
    expect(await eventsOf(account.id)).toHaveLength(2);
  });

  it('answers 422 on bad input and writes nothing; 401 without auth', async () => {
    const { account, ann, body } = await setup();
    for (const bad of [{ ...body, type: '' }, { ...body, inbox_id: 'x' }, { ...body, conversation_id: -1 }, { ...body, type: undefined }, { ...body, actions: 5 }]) {
      expect((await post(ann.headers, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect(await eventsOf(account.id)).toHaveLength(0);
  });

  it("answers 404 for an inbox the caller does not see, another account's inbox, a conversation of another inbox and an unknown one", async () => {
    const { account, ann, bob, cid, hiddenInbox, hiddenConversation, inbox, body } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirInbox = await createInbox(t, other.id, { members: [otherAdmin.user.id] });
    const cases: [Headers, object][] = [
      [bob.headers, body],
      [ann.headers, { ...body, inbox_id: hiddenInbox.id, conversation_id: hiddenConversation.displayId }],
      [cid.headers, { ...body, inbox_id: hiddenInbox.id, conversation_id: hiddenConversation.displayId }],
      [ann.headers, { ...body, inbox_id: theirInbox.id, conversation_id: 1 }],
      [otherAdmin.headers, body],
      [ann.headers, { ...body, inbox_id: 2_000_000_000 }],
      [ann.headers, { ...body, conversation_id: hiddenConversation.displayId }],
      [ann.headers, { ...body, conversation_id: 999_999 }],
    ];
    for (const [headers, payload] of cases) expect((await post(headers, payload)).statusCode, JSON.stringify(payload)).toBe(404);
    expect(await eventsOf(account.id)).toHaveLength(0);
    expect(await eventsOf(other.id)).toHaveLength(0);
    expect(inbox.accountId).toBe(account.id);
  });

  it('a suspended account takes no events', async () => {
    const { ann, account, body } = await setup();
    await t.db.update(schema.accounts).set({ status: 'suspended' }).where(eq(schema.accounts.id, account.id));
    expect((await post(ann.headers, body)).statusCode).toBe(403);
    expect(await eventsOf(account.id)).toHaveLength(0);
  });
});

describe('recordReportingEvent', () => {
  it("writes on the caller's transaction: rolled back with it", async () => {
    const account = await createAccount(t);
    await t.db
      .transaction(async (tx) => {
        await recordReportingEvent(tx, { accountId: account.id, name: 'withdraw_status_changed', data: { from: 'success', to: 'undelivered' } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await eventsOf(account.id)).toHaveLength(0);
    const row = await recordReportingEvent(t.db, { accountId: account.id, name: 'withdraw_status_changed', value: 1, data: { from: 'success', to: 'undelivered' } });
    expect(row).toMatchObject({ accountId: account.id, name: 'withdraw_status_changed', value: 1, inboxId: null, data: { from: 'success', to: 'undelivered' } });
  });
});

describe('OpenAPI', () => {
  it('documents POST /api/v1/reporting_events with its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/v1/reporting_events'].post;
    expect(route).toMatchObject({ tags: ['reporting events'], summary: expect.any(String), description: expect.any(String) });
    expect(route.requestBody.content['application/json'].schema).toBeDefined();
  });
});
