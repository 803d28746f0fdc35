import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, type Member } from '../../../test/factories.ts';
import { PUBLIC_API_RATE_LIMIT } from './index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, path: string, payload?: object, headers?: Record<string, string>) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const pub = (identifier: string, rest = '') => `/public/api/v1/inboxes/${identifier}${rest}`;

type Setup = { accountId: number; admin: Member; inboxId: number; identifier: string; hmacToken: string };

/** An account with an API inbox made through the dashboard API, as an administrator sees it. */
async function apiInbox(channel: Record<string, unknown> = {}): Promise<Setup> {
  const { account, admin } = await createAccountWithAdmin(t);
  const res = await call('POST', `/api/v1/accounts/${account.id}/inboxes`, { name: 'Backend', channel: { type: 'api', webhook_url: '', ...channel } }, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  const inbox = res.json() as { id: number; inbox_identifier: string; hmac_token: string };
  expect(inbox.inbox_identifier).toBeTruthy();
  expect(inbox.hmac_token).toBeTruthy();
  return { accountId: account.id, admin, inboxId: inbox.id, identifier: inbox.inbox_identifier, hmacToken: inbox.hmac_token };
}


const sign = (token: string, value: string) => createHmac('sha256', token).update(value).digest('hex');

async function contactIn(setup: Setup, body: object = { name: 'Ada', email: `ada-${Math.random().toString(36).slice(2)}@example.com` }) {
  const res = await call('POST', pub(setup.identifier, '/contacts'), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; source_id: string; pubsub_token: string };
}

async function conversationOf(setup: Setup, sourceId: string) {
  const res = await call('POST', pub(setup.identifier, `/contacts/${sourceId}/conversations`), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; inbox_id: number; status: string };
}

describe('public client API of API inboxes', () => {
  it('round trip: contact → conversation → incoming message, seen by the agent as message_type 0 from the contact', async () => {
    const setup = await apiInbox();
    let contact!: { id: number; source_id: string; pubsub_token: string };
    const contactEvents = await eventsDuring(t, setup.accountId, async () => {
      contact = await contactIn(setup, { name: 'Ada Lovelace', email: 'Ada@Example.com', phone_number: '+15550009999', custom_attributes: { plan: 'pro' } });
    });
    expect(contact).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+15550009999' });
    expect(contact.source_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(contact.pubsub_token).toBeTruthy();
    expect(contactEvents.map((e) => e.name)).toContain('contact.created');

    const fetched = await call('GET', pub(setup.identifier, `/contacts/${contact.source_id}`));
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ id: contact.id, source_id: contact.source_id, pubsub_token: contact.pubsub_token });

    const patched = await call('PATCH', pub(setup.identifier, `/contacts/${contact.source_id}`), { name: 'Ada L.', custom_attributes: { tier: 2 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Ada L.', custom_attributes: { plan: 'pro', tier: 2 } });

    let conversation!: { id: number; inbox_id: number; status: string };
    const created = await eventsDuring(t, setup.accountId, async () => {
      conversation = await conversationOf(setup, contact.source_id);
    });
    expect(conversation).toMatchObject({ inbox_id: setup.inboxId, status: 'open', messages: [], contact: { id: contact.id } });
    expect(created.map((e) => e.name)).toContain('conversation.created');

    const base = pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages`);
    let sent!: { id: number; message_type: number; echo_id: string; sender: { id: number; type: string } };
    const messageEvents = await eventsDuring(t, setup.accountId, async () => {
      const res = await call('POST', base, { content: 'Hello from the client', echo_id: 'echo-1' });
      expect(res.statusCode, res.body).toBe(200);
      sent = res.json();
    });
    expect(sent).toMatchObject({ message_type: 0, echo_id: 'echo-1', sender: { id: contact.id, type: 'contact' } });
    const event = messageEvents.find((e) => e.name === 'message.created');
    expect(event?.data).toMatchObject({ id: sent.id, echo_id: 'echo-1', sender_type: 'Contact', sender_id: contact.id });

    const [row] = await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, (await t.db.select().from(schema.messages).where(eq(schema.messages.id, sent.id)))[0]!.conversationId));
    expect(row!.waitingSince).not.toBeNull();

    const agentView = await call('GET', `/api/v1/accounts/${setup.accountId}/conversations/${conversation.id}/messages`, undefined, setup.admin.headers);
    expect(agentView.statusCode, agentView.body).toBe(200);
    expect(agentView.json().payload).toEqual([
      expect.objectContaining({ id: sent.id, message_type: 0, content: 'Hello from the client', sender_type: 'Contact', sender_id: contact.id }),
    ]);

    const list = await call('GET', base);
    expect(list.json()).toEqual([expect.objectContaining({ id: sent.id, content: 'Hello from the client' })]);
    const conversations = await call('GET', pub(setup.identifier, `/contacts/${contact.source_id}/conversations`));
    expect(conversations.json()).toEqual([expect.objectContaining({ id: conversation.id, messages: [expect.objectContaining({ id: sent.id })] })]);

    const contactRow = (await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, contact.id)))[0]!;
    expect(contactRow.lastActivityAt).not.toBeNull();
  });

  it('an incoming message reopens a resolved conversation', async () => {
    const setup = await apiInbox();
    const contact = await contactIn(setup);
    const conversation = await conversationOf(setup, contact.source_id);
    await t.db.update(schema.conversations).set({ status: 'resolved' }).where(eq(schema.conversations.displayId, conversation.id));
    const events = await eventsDuring(t, setup.accountId, () =>
      call('POST', pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages`), { content: 'again' }),
    );
    expect(events.map((e) => e.name)).toContain('conversation.status_changed');
    const list = await call('GET', pub(setup.identifier, `/contacts/${contact.source_id}/conversations`));
    expect(list.json()[0].status).toBe('open');
  });

  it('PATCH a message stores the submitted_values of a form reply', async () => {
    const setup = await apiInbox();
    const contact = await contactIn(setup);
    const conversation = await conversationOf(setup, contact.source_id);
    const agent = await call(
      'POST',
      `/api/v1/accounts/${setup.accountId}/conversations/${conversation.id}/messages`,
      { content: 'Pick one', content_type: 'input_select', content_attributes: { items: [{ title: 'A', value: 'a' }] } },
      setup.admin.headers,
    );
    expect(agent.statusCode, agent.body).toBe(200);
    const res = await call('PATCH', pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages/${agent.json().id}`), {
      submitted_values: [{ title: 'A', value: 'a' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content_attributes).toMatchObject({ items: [{ title: 'A', value: 'a' }], submitted_values: [{ title: 'A', value: 'a' }] });
  });

  it('private notes never appear in the client message list', async () => {
    const setup = await apiInbox();
    const contact = await contactIn(setup);
    const conversation = await conversationOf(setup, contact.source_id);
    const note = await call('POST', `/api/v1/accounts/${setup.accountId}/conversations/${conversation.id}/messages`, { content: 'secret note', private: true }, setup.admin.headers);
    expect(note.statusCode, note.body).toBe(200);
    const reply = await call('POST', `/api/v1/accounts/${setup.accountId}/conversations/${conversation.id}/messages`, { content: 'public reply' }, setup.admin.headers);
    expect(reply.statusCode, reply.body).toBe(200);
    const list = await call('GET', pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages`));
    expect(list.json().map((m: { content: string }) => m.content)).toEqual(['public reply']);
    const conversations = await call('GET', pub(setup.identifier, `/contacts/${contact.source_id}/conversations`));
    expect(JSON.stringify(conversations.json())).not.toContain('secret note');
    const patchNote = await call('PATCH', pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages/${note.json().id}`), { submitted_values: {} });
    expect(patchNote.statusCode).toBe(404);
  });

  it('an existing contact with the same email is reused with a new source id', async () => {
    const setup = await apiInbox();
    const first = await contactIn(setup, { name: 'Bo', email: 'bo@example.com' });
    const second = await contactIn(setup, { name: 'Bo again', email: 'BO@example.com' });
    expect(second.id).toBe(first.id);
    expect(second.source_id).not.toBe(first.source_id);
    // A second client session does not see the first one's conversations.
    await conversationOf(setup, first.source_id);
    expect((await call('GET', pub(setup.identifier, `/contacts/${second.source_id}/conversations`))).json()).toEqual([]);
  });

  it('a multipart message with attachments[] is stored with its file', async () => {
    const setup = await apiInbox();
    const contact = await contactIn(setup);
    const conversation = await conversationOf(setup, contact.source_id);
    const res = await injectMultipart(t.app, 'POST', pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages`), {}, [
      ['content', 'see attached'],
      ['attachments[]', { data: PNG, filename: 'shot.png', type: 'image/png' }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content: 'see attached', message_type: 0, attachments: [expect.objectContaining({ file_type: 'image' })] });
  });

  it('an inbox with an agent bot starts client conversations pending', async () => {
    const setup = await apiInbox();
    const [bot] = await t.db.insert(schema.agentBots).values({ accountId: setup.accountId, name: 'Triage', outgoingUrl: 'https://bot.example.com' }).returning();
    await t.db.update(schema.inboxes).set({ agentBotId: bot!.id }).where(eq(schema.inboxes.id, setup.inboxId));
    const contact = await contactIn(setup);
    expect((await conversationOf(setup, contact.source_id)).status).toBe('pending');
  });

  it('public routes are rate-limited per client address', async () => {
    const setup = await apiInbox();
    const res = await call('POST', pub(setup.identifier, '/contacts'), { name: 'Rate' });
    expect(res.headers['x-ratelimit-limit']).toBe(String(PUBLIC_API_RATE_LIMIT));
  });

  describe('HMAC identity', () => {
    it('with hmac_mandatory a missing or wrong identifier_hash is refused (401) and nothing is written; the right one marks the contact inbox hmac_verified', async () => {
      const setup = await apiInbox({ hmac_mandatory: true });
      const before = { contacts: await countRows(t, schema.contacts), contactInboxes: await countRows(t, schema.contactInboxes) };
      for (const body of [{ identifier: 'user-1' }, { identifier: 'user-1', identifier_hash: sign('wrong-token', 'user-1') }, { identifier_hash: sign(setup.hmacToken, '') }]) {
        const res = await call('POST', pub(setup.identifier, '/contacts'), body);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().error).toBe('HMAC failed: Invalid Identifier Hash Provided');
      }
      expect({ contacts: await countRows(t, schema.contacts), contactInboxes: await countRows(t, schema.contactInboxes) }).toEqual(before);

      const contact = await contactIn(setup, { identifier: 'user-1', identifier_hash: sign(setup.hmacToken, 'user-1'), name: 'Verified' });
      const [row] = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.sourceId, contact.source_id));
      expect(row!.hmacVerified).toBe(true);
      const conversation = await conversationOf(setup, contact.source_id);
      const agent = await call('GET', `/api/v1/accounts/${setup.accountId}/conversations/${conversation.id}`, undefined, setup.admin.headers);
      expect(agent.json().meta.hmac_verified).toBe(true);
    });

    it('without hmac_mandatory a wrong hash leaves the contact inbox unverified', async () => {
      const setup = await apiInbox();
      const contact = await contactIn(setup, { identifier: 'user-2', identifier_hash: 'nope' });
      const [row] = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.sourceId, contact.source_id));
      expect(row!.hmacVerified).toBe(false);
    });
  });

  describe('refusals', () => {
    it('an unknown inbox identifier is 404', async () => {
      const res = await call('POST', pub('no-such-inbox', '/contacts'), { name: 'X' });
      expect(res.statusCode).toBe(404);
      expect((await call('GET', pub('no-such-inbox', '/contacts/abc'))).statusCode).toBe(404);
    });

    it("a web widget inbox's identifier is refused (404)", async () => {
      const { account, admin } = await createAccountWithAdmin(t);
      const res = await call('POST', `/api/v1/accounts/${account.id}/inboxes`, { name: 'Site', channel: { type: 'web_widget', website_url: 'https://example.com' } }, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().website_token as string;
      expect(token).toBeTruthy();
      const before = await countRows(t, schema.contacts);
      expect((await call('POST', pub(token, '/contacts'), { name: 'X' })).statusCode).toBe(404);
      expect(await countRows(t, schema.contacts)).toBe(before);
    });

    it("another inbox's source id, or a conversation of another contact, is 404", async () => {
      const a = await apiInbox();
      const b = await apiInbox();
      const contactA = await contactIn(a);
      const contactB = await contactIn(b);
      expect((await call('GET', pub(a.identifier, `/contacts/${contactB.source_id}`))).statusCode).toBe(404);
      expect((await call('POST', pub(a.identifier, `/contacts/${contactB.source_id}/conversations`), {})).statusCode).toBe(404);

      const other = await contactIn(a);
      const conversation = await conversationOf(a, other.source_id);
      const path = pub(a.identifier, `/contacts/${contactA.source_id}/conversations/${conversation.id}/messages`);
      const before = await countRows(t, schema.messages);
      expect((await call('GET', path)).statusCode).toBe(404);
      expect((await call('POST', path, { content: 'hi' })).statusCode).toBe(404);
      expect(await countRows(t, schema.messages)).toBe(before);
    });

    it('422 on bad input with nothing written', async () => {
      const setup = await apiInbox();
      const before = { contacts: await countRows(t, schema.contacts), contactInboxes: await countRows(t, schema.contactInboxes) };
      for (const body of [{ email: 'not-an-email' }, { phone_number: '12' }, { custom_attributes: 'x' }]) {
        const res = await call('POST', pub(setup.identifier, '/contacts'), body);
        expect(res.statusCode, res.body).toBe(422);
      }
      expect({ contacts: await countRows(t, schema.contacts), contactInboxes: await countRows(t, schema.contactInboxes) }).toEqual(before);

      const contact = await contactIn(setup);
      const conversation = await conversationOf(setup, contact.source_id);
      const messages = await countRows(t, schema.messages);
      const path = pub(setup.identifier, `/contacts/${contact.source_id}/conversations/${conversation.id}/messages`);
      expect((await call('POST', path, { content: '   ' })).statusCode).toBe(422);
      expect((await call('POST', path, {})).statusCode).toBe(422);
      expect(await countRows(t, schema.messages)).toBe(messages);
      expect((await call('PATCH', pub(setup.identifier, `/contacts/${contact.source_id}`), { email: 'bad' })).statusCode).toBe(422);
    });
  });
});
