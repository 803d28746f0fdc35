import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { DELETED_MESSAGE_CONTENT } from '@app/shared/messages';
import { buildTestApp, eventsDuring, injectMultipart, PNG, type FilePart, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createConversation, createInbox, createMember, type Member } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  // No workers: these tests check what a request writes. The relay would mark a reply in an API inbox
  // without a webhook_url sent meanwhile (tested in webhooks.test.ts).
  t = await buildTestApp({ RUN_WORKERS: 'false' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type ChannelType = (typeof schema.channelType.enumValues)[number];
const url = (accountId: number, displayId: number, rest = '') => `/api/v1/accounts/${accountId}/conversations/${displayId}/messages${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');



const upload = (path: string, headers: Headers, fields: [string, string | FilePart][]) => injectMultipart(t.app, 'POST', path, headers, fields);

/**
 * An account with an administrator, an inbox of that channel type (the agent is a member) and a conversation in it.
 * An API inbox has a `webhook_url` (no worker runs here, so nothing is sent): its replies wait in progress for their
 * delivery. Without one, storing a reply is its delivery (sent at once, tested below).
 */
async function setup(channelType: ChannelType = 'Channel::Api', conversation: Parameters<typeof createConversation>[3] = {}) {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent');
  const settings = channelType === 'Channel::Api' ? { webhook_url: 'https://integrator.example.com/relay-desk' } : undefined;
  const inbox = await createInbox(t, account.id, { channelType, members: [agent.user.id], ...(settings ? { settings } : {}) });
  const conv = await createConversation(t, account.id, inbox.id, conversation);
  return { account, admin, agent, inbox, conv, path: (rest = '') => url(account.id, conv.displayId, rest) };
}

async function conversationRow(id: number) {
  const [row] = await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, id));
  return row!;
}
async function messagesOf(conversationId: number) {
  return t.db.select().from(schema.messages).where(eq(schema.messages.conversationId, conversationId)).orderBy(schema.messages.id);
}


/** A member of the account whose custom role holds only report_manage: no message route is theirs. */
async function reportsOnlyMember(accountId: number): Promise<Member> {
  const [role] = await t.db.insert(schema.customRoles).values({ accountId, name: `Reports ${Date.now()}${Math.random()}`, permissions: ['report_manage'] }).returning();
  return createMember(t, accountId, 'agent', { customRoleId: role!.id });
}

describe('POST messages', () => {
  it('S1-7.87 S1-3.21 S1-3.22 S1-3.23 S1-4.14 S0-3.23 sends an outgoing message: the draft fields, status progress, sender, conversation_id = display id', async () => {
    const { account, admin, inbox, conv, path } = await setup('Channel::Api');
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', path(), admin.headers, { content: 'Hello there', echo_id: 'draft-1', content_attributes: { foo: 'bar' }, private: false });
    });
    expect(res!.statusCode).toBe(200);
    const message = res!.json();
    expect(message).toMatchObject({
      content: 'Hello there',
      echo_id: 'draft-1',
      status: 'progress',
      message_type: 1,
      conversation_id: conv.displayId,
      inbox_id: inbox.id,
      account_id: account.id,
      private: false,
      content_type: 'text',
      content_attributes: { foo: 'bar' },
      attachments: [],
      sender_type: 'User',
      sender_id: admin.user.id,
      sender: { id: admin.user.id, type: 'user', name: admin.user.name, available_name: admin.user.name, availability_status: 'online' },
    });
    expect(typeof message.id).toBe('number');
    expect(Math.abs(message.created_at - Date.now() / 1000)).toBeLessThan(30);
    const created = events.filter((e) => e.name === 'message.created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ accountId: account.id, inboxId: inbox.id, data: { id: message.id, conversation_id: conv.displayId } });
    const [row] = await messagesOf(conv.id);
    expect(row).toMatchObject({ id: message.id, messageType: 'outgoing', status: 'progress', senderType: 'User', senderId: admin.user.id, echoId: 'draft-1' });
  });

  it('S1-7.87 S1-3.21 email inbox: cc_emails, bcc_emails and to_emails are kept in content_attributes, template_params in additional_attributes', async () => {
    const { admin, path } = await setup('Channel::Email');
    const template = { name: 'order_update', category: 'UTILITY', language: 'en', processed_params: { body: { '1': 'Jay' } } };
    const res = await call('POST', path(), admin.headers, {
      content: 'Your order shipped',
      cc_emails: 'a@example.com, B@Example.com',
      bcc_emails: 'c@example.com',
      to_emails: 'd@example.com',
      template_params: template,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      content_attributes: { cc_emails: ['a@example.com', 'b@example.com'], bcc_emails: ['c@example.com'], to_emails: ['d@example.com'] },
      additional_attributes: { template_params: template },
    });
    const bad = await call('POST', path(), admin.headers, { content: 'x', cc_emails: 'a@example.com, not-an-address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().attributes).toEqual(['cc_emails']);

    // Other channels have no use for the address lists (Chatwoot ignores them there).
    const api = await setup('Channel::Api');
    const plain = await call('POST', api.path(), api.admin.headers, { content: 'x', cc_emails: 'a@example.com', content_attributes: { keep: true } });
    expect(plain.json().content_attributes).toEqual({ keep: true });
  });

  it('S1-4.15 a web widget message is delivered by being stored (sent); private notes are sent', async () => {
    const widget = await setup('Channel::WebWidget');
    expect((await call('POST', widget.path(), widget.admin.headers, { content: 'Hi' })).json().status).toBe('sent');
    const api = await setup('Channel::Api');
    const note = await call('POST', api.path(), api.admin.headers, { content: 'Internal', private: true });
    expect(note.json()).toMatchObject({ status: 'sent', private: true, message_type: 1 });
  });

  it('S1-3.22 incoming messages only on API inboxes (message_type 0); elsewhere 422 and nothing written', async () => {
    const api = await setup('Channel::Api');
    const res = await call('POST', api.path(), api.admin.headers, { content: 'From the customer', message_type: 'incoming' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message_type: 0, status: 'sent' });

    const email = await setup('Channel::Email');
    const before = await countRows(t, schema.messages);
    const refused = await call('POST', email.path(), email.admin.headers, { content: 'From the customer', message_type: 'incoming' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().attributes).toEqual(['message_type']);
    expect(await countRows(t, schema.messages)).toBe(before);
  });

  it('answers 422 for bad input and writes nothing (blank, too long, unknown content_type, foreign in_reply_to, bad private)', async () => {
    const { account, admin, inbox, conv, path } = await setup();
    const other = await createConversation(t, account.id, inbox.id);
    const foreign = (await call('POST', url(account.id, other.displayId), admin.headers, { content: 'elsewhere' })).json();
    const before = await countRows(t, schema.messages);
    const conversationBefore = await conversationRow(conv.id);
    for (const payload of [
      {},
      { content: '   ' },
      { content: null },
      { content: 'x'.repeat(150_001) },
      { content: 'ok', content_type: 'bogus' },
      { content: 'ok', private: 'maybe' },
      { content: 'ok', message_type: 'activity' },
      { content: 'ok', content_attributes: { in_reply_to: foreign.id } },
      { content: 'ok', template_params: { category: 'x' } },
    ]) {
      const res = await call('POST', path(), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json()).toHaveProperty('attributes');
    }
    expect(await countRows(t, schema.messages)).toBe(before);
    expect((await conversationRow(conversationBefore.id)).lastActivityAt).toEqual(conversationBefore.lastActivityAt);
  });

  it('S1-3.24 an integrator\'s incoming email keeps its content_attributes.email', async () => {
    const { admin, path } = await setup('Channel::Api');
    const email = { subject: 'Refund', html_content: { full: '<p>Hi</p>' }, from: ['dana@example.com'] };
    const res = await call('POST', path(), admin.headers, { content: 'Hi', message_type: 'incoming', content_type: 'incoming_email', content_attributes: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content_type: 'incoming_email', content_attributes: { email } });
  });

  it('a reply names a message of the same conversation in content_attributes.in_reply_to', async () => {
    const { admin, path } = await setup();
    const first = (await call('POST', path(), admin.headers, { content: 'first' })).json();
    const reply = await call('POST', path(), admin.headers, { content: 'second', content_attributes: { in_reply_to: first.id } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().content_attributes).toEqual({ in_reply_to: first.id });
  });

  it('clients cannot set the server-owned content_attributes (deleted, external_error, translations)', async () => {
    const { admin, path } = await setup();
    const res = await call('POST', path(), admin.headers, { content: 'x', content_attributes: { deleted: true, external_error: 'no', translations: { es: 'x' }, keep: 1 } });
    expect(res.json().content_attributes).toEqual({ keep: 1 });
  });

  it('answers 401 without auth, 403 to a checker, 404 for another account and for an agent outside the inbox', async () => {
    const { account, admin, agent, inbox, conv, path } = await setup();
    const before = await countRows(t, schema.messages);
    expect((await call('POST', path(), undefined, { content: 'x' })).statusCode).toBe(401);
    const checker = await createMember(t, account.id, 'checker');
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: checker.user.id });
    expect((await call('POST', path(), checker.headers, { content: 'x' })).statusCode).toBe(403);
    const outsider = await createMember(t, account.id, 'agent');
    expect((await call('POST', path(), outsider.headers, { content: 'x' })).statusCode).toBe(404);
    const { admin: otherAdmin } = await createAccountWithAdmin(t);
    expect((await call('POST', url(account.id, conv.displayId), otherAdmin.headers, { content: 'x' })).statusCode).toBe(404);
    // An administrator of another account, addressing their own account with this display id, finds nothing either.
    expect((await call('POST', url(otherAdmin.accountId, conv.displayId), otherAdmin.headers, { content: 'x' })).statusCode).toBe(404);
    expect(await countRows(t, schema.messages)).toBe(before);
    expect((await call('POST', path(), agent.headers, { content: 'member agent' })).statusCode).toBe(200);
    expect((await call('POST', path(), admin.headers, { content: 'admin' })).statusCode).toBe(200);
  });
});

describe('echo_id idempotency', () => {
  it('a retried send with the same echo_id answers the first message and makes no second one', async () => {
    const { account, admin, conv, path } = await setup();
    const first = await call('POST', path(), admin.headers, { content: 'Hello', echo_id: 'e-1' });
    let second: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      second = await call('POST', path(), admin.headers, { content: 'Hello', echo_id: 'e-1' });
    });
    expect(second!.statusCode).toBe(200);
    expect(second!.json()).toEqual(first.json());
    expect(events.filter((e) => e.name === 'message.created')).toHaveLength(0);
    expect(await messagesOf(conv.id)).toHaveLength(1);
    // The key is per conversation: another conversation may use it.
    const other = await createConversation(t, account.id, conv.inboxId);
    const elsewhere = await call('POST', url(account.id, other.displayId), admin.headers, { content: 'Hello', echo_id: 'e-1' });
    expect(elsewhere.json().id).not.toBe(first.json().id);
  });

  it('concurrent sends with one echo_id make exactly one message and one message.created', async () => {
    const { account, admin, conv, path } = await setup();
    let results: Awaited<ReturnType<typeof call>>[] = [];
    const events = await eventsDuring(t, account.id, async () => {
      results = await Promise.all(Array.from({ length: 8 }, () => call('POST', path(), admin.headers, { content: 'Same', echo_id: 'race' })));
    });
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await messagesOf(conv.id)).toHaveLength(1);
    expect(events.filter((e) => e.name === 'message.created')).toHaveLength(1);
  });
});

describe('mentions', () => {
  it('S0-5.16 a private note mentioning members creates mention rows, participants and conversation.mentioned; others are skipped', async () => {
    const { account, admin, agent, conv, path } = await setup();
    const { admin: stranger } = await createAccountWithAdmin(t);
    const content = `Can you look, [@Agent](mention://user/${agent.user.id}/Agent) and [@X](mention://user/${stranger.user.id}/X)? [@Agent](mention://user/${agent.user.id}/Agent)`;
    const events = await eventsDuring(t, account.id, async () => {
      expect((await call('POST', path(), admin.headers, { content, private: true })).statusCode).toBe(200);
    });
    const rows = await t.db.select().from(schema.mentions).where(eq(schema.mentions.conversationId, conv.id));
    expect(rows.map((r) => r.userId)).toEqual([agent.user.id]);
    const participants = await t.db.select().from(schema.conversationParticipants).where(eq(schema.conversationParticipants.conversationId, conv.id));
    expect(participants.map((p) => p.userId)).toEqual([agent.user.id]);
    const mentioned = events.filter((e) => e.name === 'conversation.mentioned');
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]).toMatchObject({ userId: agent.user.id, inboxId: conv.inboxId, data: { id: conv.displayId } });

    // Mentioned again: one row, mentioned_at moves on.
    const firstAt = rows[0]!.mentionedAt;
    await new Promise((r) => setTimeout(r, 5));
    await call('POST', path(), admin.headers, { content, private: true });
    const again = await t.db.select().from(schema.mentions).where(eq(schema.mentions.conversationId, conv.id));
    expect(again).toHaveLength(1);
    expect(again[0]!.mentionedAt.getTime()).toBeGreaterThan(firstAt.getTime());
  });

  it('S0-5.16 mentions in a public message are ignored', async () => {
    const { admin, agent, conv, path } = await setup();
    await call('POST', path(), admin.headers, { content: `Hi [@A](mention://user/${agent.user.id}/A)` });
    expect(await t.db.select().from(schema.mentions).where(eq(schema.mentions.conversationId, conv.id))).toHaveLength(0);
  });
});

describe('conversation effects of a new message', () => {
  it('an incoming message sets waiting_since once, reopens a resolved or snoozed conversation and bumps last_activity_at', async () => {
    const old = new Date(Date.now() - 3600_000);
    const { admin, conv, path } = await setup('Channel::Api', { status: 'snoozed', snoozedUntil: new Date(Date.now() + 3600_000), lastActivityAt: old });
    await call('POST', path(), admin.headers, { content: 'Hello?', message_type: 'incoming' });
    const after = await conversationRow(conv.id);
    expect(after.status).toBe('open');
    expect(after.snoozedUntil).toBeNull();
    expect(after.waitingSince).not.toBeNull();
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(old.getTime());
    await call('POST', path(), admin.headers, { content: 'Anyone?', message_type: 'incoming' });
    expect((await conversationRow(conv.id)).waitingSince).toEqual(after.waitingSince);

    const resolved = await setup('Channel::Api', { status: 'resolved' });
    const seen: DomainEvent[] = [];
    const stop = t.app.bus.subscribe((e) => void seen.push(e));
    await call('POST', resolved.path(), resolved.admin.headers, { content: 'Me again', message_type: 'incoming' });
    stop();
    expect((await conversationRow(resolved.conv.id)).status).toBe('open');
    // the reopening is announced with the conversation as it now is
    const reopened = seen.filter((e) => e.name === 'conversation.status_changed' && e.accountId === resolved.account.id);
    expect(reopened.map((e) => (e.data as { status: string; id: number }))).toEqual([expect.objectContaining({ status: 'open', id: resolved.conv.displayId })]);
  });

  it('a muted conversation stays resolved when the contact writes', async () => {
    const { admin, conv, path } = await setup('Channel::Api', { status: 'resolved', muted: true });
    await call('POST', path(), admin.headers, { content: 'Spam', message_type: 'incoming' });
    const row = await conversationRow(conv.id);
    expect(row.status).toBe('resolved');
    expect(row.waitingSince).not.toBeNull();
  });

  it('S1-4.22 S1-4.23 a public reply sets first_reply_created_at once and clears waiting_since; a private note changes neither', async () => {
    const waiting = new Date(Date.now() - 600_000);
    const { admin, conv, path } = await setup('Channel::Api', { waitingSince: waiting });
    await call('POST', path(), admin.headers, { content: 'note', private: true });
    let row = await conversationRow(conv.id);
    expect(row.firstReplyCreatedAt).toBeNull();
    expect(row.waitingSince).toEqual(waiting);
    const noteActivity = row.lastActivityAt;

    await call('POST', path(), admin.headers, { content: 'reply' });
    row = await conversationRow(conv.id);
    expect(row.firstReplyCreatedAt).not.toBeNull();
    expect(row.waitingSince).toBeNull();
    expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(noteActivity.getTime());
    const firstReply = row.firstReplyCreatedAt;
    await call('POST', path(), admin.headers, { content: 'again' });
    expect((await conversationRow(conv.id)).firstReplyCreatedAt).toEqual(firstReply);
  });
});

describe('attachments', () => {
  const storedFiles = async (conversationId: number) => {
    const rows = await t.db
      .select({ key: schema.attachments.storageKey })
      .from(schema.attachments)
      .innerJoin(schema.messages, eq(schema.messages.id, schema.attachments.messageId))
      .where(eq(schema.messages.conversationId, conversationId));
    return rows.map((r) => r.key!);
  };

  it('S1-7.88 multipart attachments[] with a real PNG: stored, typed image, served back; fields as form fields', async () => {
    const { admin, conv, path } = await setup();
    const res = await upload(path(), admin.headers, [
      ['content', 'See the screenshot'],
      ['private', 'true'],
      ['echo_id', 'upload-1'],
      ['attachments[]', { data: PNG, filename: 'shot.png', type: 'image/png' }],
      ['attachments[]', { data: Buffer.from('a,b\n1,2\n'), filename: 'table.csv', type: 'text/csv' }],
    ]);
    expect(res.statusCode).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({ content: 'See the screenshot', private: true, echo_id: 'upload-1' });
    expect(message.attachments).toHaveLength(2);
    const [image, csv] = message.attachments;
    expect(image).toMatchObject({ file_type: 'image', extension: 'png', file_size: PNG.byteLength, file_name: 'shot.png', message_id: message.id });
    expect(image.thumb_url).toBe(image.data_url);
    expect(csv).toMatchObject({ file_type: 'file', extension: 'csv', file_name: 'table.csv' });
    const served = await t.app.inject({ method: 'GET', url: new URL(image.data_url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // The upload retried with the same echo_id answers the first message; no file is stored twice.
    const again = await upload(path(), admin.headers, [
      ['echo_id', 'upload-1'],
      ['attachments[]', { data: PNG, filename: 'shot.png', type: 'image/png' }],
    ]);
    expect(again.json().id).toBe(message.id);
    expect(await storedFiles(conv.id)).toHaveLength(2);
  });

  it('an attachment alone is enough (no content)', async () => {
    const { admin, path } = await setup();
    const res = await upload(path(), admin.headers, [['attachments[]', { data: PNG, filename: 'a.png', type: 'image/png' }]]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: null, attachments: [{ file_type: 'image' }] });
  });

  it('refuses HTML (whatever it claims to be), an empty file and more than 10 files: 422, nothing written or stored', async () => {
    const { admin, path } = await setup();
    const before = await countRows(t, schema.messages);
    const dir = path_storage();
    const filesBefore = existsSync(dir) ? (await import('node:fs')).readdirSync(dir).length : 0;
    for (const fields of [
      [['content', 'x'], ['attachments[]', { data: HTML, filename: 'pic.png', type: 'image/png' }]],
      [['attachments[]', { data: HTML, filename: 'page.html', type: 'text/html' }]],
      [['content', 'x'], ['attachments[]', { data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }]],
      [['content', 'x'], ...Array.from({ length: 11 }, (_, i) => ['attachments[]', { data: PNG, filename: `${i}.png`, type: 'image/png' }])],
    ] as [string, string | FilePart][][]) {
      const res = await upload(path(), admin.headers, fields);
      expect(res.statusCode).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^attachments/);
    }
    expect(await countRows(t, schema.messages)).toBe(before);
    const filesAfter = existsSync(dir) ? (await import('node:fs')).readdirSync(dir).length : 0;
    expect(filesAfter).toBe(filesBefore);
  });

  const path_storage = () => path.join(t.config.dataDir, 'storage', 'attachments');
});

describe('GET messages', () => {
  async function seed(count: number) {
    const s = await setup();
    const rows = await t.db
      .insert(schema.messages)
      .values(
        Array.from({ length: count }, (_, i) => ({
          accountId: s.account.id,
          inboxId: s.inbox.id,
          conversationId: s.conv.id,
          content: `m${i}`,
          messageType: i % 2 ? ('outgoing' as const) : ('incoming' as const),
        })),
      )
      .returning({ id: schema.messages.id });
    return { ...s, ids: rows.map((r) => r.id) };
  }
  const idsOf = (res: Awaited<ReturnType<typeof call>>) => (res.json().payload as { id: number }[]).map((m) => m.id);

  it('S1-7.91 windows by message id, always ascending: latest 20, 20 before, up to 100 after, between (after inclusive)', async () => {
    const { admin, ids, path } = await seed(150);
    expect(idsOf(await call('GET', path(), admin.headers))).toEqual(ids.slice(-20));
    expect(idsOf(await call('GET', path(`?before=${ids[100]}`), admin.headers))).toEqual(ids.slice(80, 100));
    expect(idsOf(await call('GET', path(`?before=${ids[5]}`), admin.headers))).toEqual(ids.slice(0, 5));
    expect(idsOf(await call('GET', path(`?after=${ids[10]}`), admin.headers))).toEqual(ids.slice(11, 111));
    expect(idsOf(await call('GET', path(`?after=${ids[140]}`), admin.headers))).toEqual(ids.slice(141));
    expect(idsOf(await call('GET', path(`?after=${ids[10]}&before=${ids[140]}`), admin.headers))).toEqual(ids.slice(10, 140));
    expect(idsOf(await call('GET', path(`?after=${ids[149]}`), admin.headers))).toEqual([]);
  });

  it('meta carries labels, additional_attributes, the contact, the assignee and last-seen times', async () => {
    const { account, admin, agent } = await setup();
    const inbox = await createInbox(t, account.id, { members: [agent.user.id] });
    const contact = await createContact(t, account.id, { name: 'Dana', email: 'dana@example.com' });
    const seen = new Date('2024-05-01T10:00:00Z');
    const conv = await createConversation(t, account.id, inbox.id, {
      contactId: contact.id,
      labels: ['billing'],
      additionalAttributes: { mail_subject: 'Refund' },
      assigneeId: agent.user.id,
      agentLastSeenAt: seen,
    });
    await call('POST', url(account.id, conv.displayId), agent.headers, { content: 'On it' });
    const res = await call('GET', url(account.id, conv.displayId), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({
      labels: ['billing'],
      additional_attributes: { mail_subject: 'Refund' },
      contact: expect.objectContaining({ id: contact.id, name: 'Dana', email: 'dana@example.com', type: 'contact' }),
      assignee: expect.objectContaining({ id: agent.user.id, role: 'agent' }),
      agent_last_seen_at: seen.getTime() / 1000,
      assignee_last_seen_at: null,
    });
    expect(res.json().payload[0]).toMatchObject({ content: 'On it', sender: { id: agent.user.id, type: 'user' }, attachments: [] });
  });

  it('a contact sender comes in its push shape', async () => {
    const { account, admin, inbox, conv, path } = await setup();
    await t.db.insert(schema.messages).values({ accountId: account.id, inboxId: inbox.id, conversationId: conv.id, content: 'hi', messageType: 'incoming', senderType: 'Contact', senderId: conv.contactId });
    const [message] = (await call('GET', path(), admin.headers)).json().payload;
    expect(message.sender).toMatchObject({ id: conv.contactId, type: 'contact' });
  });

  it('answers 422 for a malformed window, 401 without auth, 403 without conversation access, 404 for another account or outside the inbox', async () => {
    const { account, admin, agent, conv, path } = await setup();
    expect((await call('GET', path('?before=abc'), admin.headers)).statusCode).toBe(422);
    expect((await call('GET', path('?after=-1'), admin.headers)).statusCode).toBe(422);
    expect((await call('GET', path(), undefined)).statusCode).toBe(401);
    expect((await call('GET', path(), (await reportsOnlyMember(account.id)).headers)).statusCode).toBe(403);
    expect((await call('GET', path(), (await createMember(t, account.id, 'agent')).headers)).statusCode).toBe(404);
    const { admin: otherAdmin } = await createAccountWithAdmin(t);
    expect((await call('GET', url(account.id, conv.displayId), otherAdmin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 999_999), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 0).replace('/0/', '/abc/'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 99_999_999_999), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', path(), agent.headers)).statusCode).toBe(200);
  });
});

describe('DELETE messages/:id', () => {
  it('S1-7.89 soft-deletes: fixed content, content_type text, content_attributes {deleted: true}, attachments and files gone, message.updated', async () => {
    const { account, admin, conv, path } = await setup();
    const sent = (
      await upload(path(), admin.headers, [
        ['content', 'oops'],
        ['content_attributes', JSON.stringify({ foo: 1 })],
        ['content_type', 'input_email'],
        ['attachments[]', { data: PNG, filename: 'a.png', type: 'image/png' }],
      ])
    ).json();
    expect(sent.content_attributes).toEqual({ foo: 1 });
    const fileUrl = new URL(sent.attachments[0].data_url).pathname;
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('DELETE', path(`/${sent.id}`), admin.headers);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({ id: sent.id, content: DELETED_MESSAGE_CONTENT, content_type: 'text', content_attributes: { deleted: true }, attachments: [] });
    expect(events.map((e) => e.name)).toEqual(['message.updated']);
    expect(await t.db.select().from(schema.attachments).where(eq(schema.attachments.messageId, sent.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    const [row] = await messagesOf(conv.id);
    expect(row).toMatchObject({ content: DELETED_MESSAGE_CONTENT, contentAttributes: { deleted: true } });
    // Deleting again answers the message, unchanged.
    expect((await call('DELETE', path(`/${sent.id}`), admin.headers)).json().content).toBe(DELETED_MESSAGE_CONTENT);
  });

  it('an agent of the inbox deletes an incoming message; activity messages are refused (422, unchanged)', async () => {
    const { account, agent, inbox, conv, path } = await setup();
    const [incoming, activity] = await t.db
      .insert(schema.messages)
      .values([
        { accountId: account.id, inboxId: inbox.id, conversationId: conv.id, content: 'hi', messageType: 'incoming' },
        { accountId: account.id, inboxId: inbox.id, conversationId: conv.id, content: 'Conversation was resolved', messageType: 'activity' },
      ])
      .returning();
    expect((await call('DELETE', path(`/${incoming!.id}`), agent.headers)).statusCode).toBe(200);
    expect((await call('DELETE', path(`/${activity!.id}`), agent.headers)).statusCode).toBe(422);
    expect((await messagesOf(conv.id)).find((m) => m.id === activity!.id)!.content).toBe('Conversation was resolved');
  });

  it('answers 401, 403 to a checker, 404 for another account, another conversation or outside the inbox', async () => {
    const { account, admin, inbox, path } = await setup();
    const sent = (await call('POST', path(), admin.headers, { content: 'keep me' })).json();
    const checker = await createMember(t, account.id, 'checker');
    expect((await call('DELETE', path(`/${sent.id}`), undefined)).statusCode).toBe(401);
    expect((await call('DELETE', path(`/${sent.id}`), checker.headers)).statusCode).toBe(403);
    expect((await call('DELETE', path(`/${sent.id}`), (await createMember(t, account.id, 'agent')).headers)).statusCode).toBe(404);
    const { admin: otherAdmin } = await createAccountWithAdmin(t);
    expect((await call('DELETE', path(`/${sent.id}`), otherAdmin.headers)).statusCode).toBe(404);
    const other = await createConversation(t, account.id, inbox.id);
    expect((await call('DELETE', url(account.id, other.displayId, `/${sent.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', path('/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', path('/99999999999'), admin.headers)).statusCode).toBe(404);
    const [row] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, sent.id));
    expect(row!.content).toBe('keep me');
  });
});

describe('PATCH messages/:id (delivery status)', () => {
  it('S1-3.24 S1-4.15 S1-4.16 S1-4.17 S1-8.23 S1-8.24 an API integrator reports sent, delivered, failed with the error; stale reports change nothing', async () => {
    const { account, admin, path } = await setup('Channel::Api');
    const sent = (await call('POST', path(), admin.headers, { content: 'to deliver' })).json();
    expect(sent.status).toBe('progress');
    let res = await call('PATCH', path(`/${sent.id}`), admin.headers, { status: 'failed', external_error: 'Number unreachable' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', content_attributes: { external_error: 'Number unreachable' } });

    res = await call('PATCH', path(`/${sent.id}`), admin.headers, { status: 'sent' });
    expect(res.json().status).toBe('sent');
    expect(res.json().content_attributes).not.toHaveProperty('external_error');
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('PATCH', path(`/${sent.id}`), admin.headers, { message: { status: 'read' } });
    });
    expect(res.json().status).toBe('read');
    expect(events.map((e) => e.name)).toEqual(['message.updated']);
    // A late "delivered" after "read" is stale: answered, not applied, not published.
    const stale = await eventsDuring(t, account.id, async () => {
      res = await call('PATCH', path(`/${sent.id}`), admin.headers, { status: 'delivered' });
    });
    expect(res.json().status).toBe('read');
    expect(stale).toHaveLength(0);
  });

  it('is for API-channel inboxes only (403 elsewhere); 422 for a bad status or a private note', async () => {
    const email = await setup('Channel::Email');
    const mail = (await call('POST', email.path(), email.admin.headers, { content: 'x' })).json();
    expect((await call('PATCH', email.path(`/${mail.id}`), email.admin.headers, { status: 'sent' })).statusCode).toBe(403);

    const api = await setup('Channel::Api');
    const note = (await call('POST', api.path(), api.admin.headers, { content: 'x', private: true })).json();
    expect((await call('PATCH', api.path(`/${note.id}`), api.admin.headers, { status: 'read' })).statusCode).toBe(422);
    const sent = (await call('POST', api.path(), api.admin.headers, { content: 'x' })).json();
    expect((await call('PATCH', api.path(`/${sent.id}`), api.admin.headers, { status: 'progress' })).statusCode).toBe(422);
    expect((await call('PATCH', api.path(`/${sent.id}`), api.admin.headers, {})).statusCode).toBe(422);
    const [row] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, sent.id));
    expect(row!.status).toBe('progress');
  });

  it('answers 401, 403 to a checker, 404 for another account and outside the inbox', async () => {
    const { account, admin, path } = await setup('Channel::Api');
    const sent = (await call('POST', path(), admin.headers, { content: 'x' })).json();
    expect((await call('PATCH', path(`/${sent.id}`), undefined, { status: 'sent' })).statusCode).toBe(401);
    expect((await call('PATCH', path(`/${sent.id}`), (await createMember(t, account.id, 'checker')).headers, { status: 'sent' })).statusCode).toBe(403);
    expect((await call('PATCH', path(`/${sent.id}`), (await createMember(t, account.id, 'agent')).headers, { status: 'sent' })).statusCode).toBe(404);
    expect((await call('PATCH', path(`/${sent.id}`), (await createAccountWithAdmin(t)).admin.headers, { status: 'sent' })).statusCode).toBe(404);
    expect((await call('PATCH', path(`/${sent.id + 1000}`), admin.headers, { status: 'sent' })).statusCode).toBe(404);
  });
});

describe('POST messages/:id/retry', () => {
  it('S1-4.18 S1-7.90 a failed message with an external error is retried (progress, error cleared), not created again', async () => {
    const { account, admin, conv, path } = await setup('Channel::Api');
    const sent = (await call('POST', path(), admin.headers, { content: 'try me', echo_id: 'r-1' })).json();
    await call('PATCH', path(`/${sent.id}`), admin.headers, { status: 'failed', external_error: 'Timeout' });
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', path(`/${sent.id}/retry`), admin.headers);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({ id: sent.id, status: 'progress', echo_id: 'r-1' });
    expect(res!.json().content_attributes).not.toHaveProperty('external_error');
    expect(events.map((e) => e.name)).toEqual(['message.updated']);
    expect(await messagesOf(conv.id)).toHaveLength(1);
  });

  it('only a failed outgoing message can be retried: 422 otherwise and unchanged', async () => {
    const { account, admin, inbox, conv, path } = await setup('Channel::Api');
    const progress = (await call('POST', path(), admin.headers, { content: 'x' })).json();
    expect((await call('POST', path(`/${progress.id}/retry`), admin.headers)).statusCode).toBe(422);
    const [incoming] = await t.db
      .insert(schema.messages)
      .values({ accountId: account.id, inboxId: inbox.id, conversationId: conv.id, content: 'x', messageType: 'incoming', status: 'failed' })
      .returning();
    expect((await call('POST', path(`/${incoming!.id}/retry`), admin.headers)).statusCode).toBe(422);
    const [row] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, incoming!.id));
    expect(row!.status).toBe('failed');
  });

  it('answers 401, 403 to a checker, 404 for another account and outside the inbox', async () => {
    const { account, admin, path } = await setup('Channel::Api');
    const sent = (await call('POST', path(), admin.headers, { content: 'x' })).json();
    await call('PATCH', path(`/${sent.id}`), admin.headers, { status: 'failed' });
    expect((await call('POST', path(`/${sent.id}/retry`), undefined)).statusCode).toBe(401);
    expect((await call('POST', path(`/${sent.id}/retry`), (await createMember(t, account.id, 'checker')).headers)).statusCode).toBe(403);
    expect((await call('POST', path(`/${sent.id}/retry`), (await createMember(t, account.id, 'agent')).headers)).statusCode).toBe(404);
    expect((await call('POST', path(`/${sent.id}/retry`), (await createAccountWithAdmin(t)).admin.headers)).statusCode).toBe(404);
    const [row] = await t.db.select().from(schema.messages).where(and(eq(schema.messages.id, sent.id)));
    expect(row!.status).toBe('failed');
  });
});

describe('POST messages/:id/translate without a provider', () => {
  it('S1-7.92 answers 422 with what to configure', async () => {
    const { admin, path } = await setup();
    const sent = (await call('POST', path(), admin.headers, { content: 'Hello' })).json();
    const res = await call('POST', path(`/${sent.id}/translate`), admin.headers, { target_language: 'es' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No translation provider is configured: set TRANSLATION_API_URL');
  });
});

describe('messages in the OpenAPI document', () => {
  it('documents every messages route under the messages tag, with its response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags: string[]; summary: string; responses: Record<string, unknown> }>>;
    const base = '/api/v1/accounts/{accountId}/conversations/{conversationId}/messages';
    const operations = [
      paths[base]!.get,
      paths[base]!.post,
      paths[`${base}/{id}`]!.patch,
      paths[`${base}/{id}`]!.delete,
      paths[`${base}/{id}/retry`]!.post,
      paths[`${base}/{id}/translate`]!.post,
    ];
    for (const operation of operations) {
      expect(operation!.tags).toEqual(['messages']);
      expect(operation!.summary).toEqual(expect.any(String));
      expect(operation!.responses['200']).toBeDefined();
    }
  });
});

describe('GET conversations/:id/attachments', () => {
  it('S1-7.85 lists the conversation’s attachments newest first with message id, time and sender; others’ conversations are 404', async () => {
    const { admin, agent, path } = await setup();
    await upload(path(), admin.headers, [['content', 'first'], ['attachments[]', { data: PNG, filename: 'one.png', type: 'image/png' }]]);
    await upload(path(), agent.headers, [
      ['content', 'second'],
      ['attachments[]', { data: PNG, filename: 'two.png', type: 'image/png' }],
      ['attachments[]', { data: Buffer.from('a,b\n'), filename: 'three.csv', type: 'text/csv' }],
    ]);
    await call('POST', path(), admin.headers, { content: 'no files here' });
    const list = path().replace(/\/messages$/, '/attachments');
    const res = await call('GET', list, agent.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total_count: 3 });
    expect(body.payload.map((a: { file_name: string }) => a.file_name)).toEqual(['three.csv', 'two.png', 'one.png']);
    expect(body.payload[0]).toMatchObject({ file_type: 'file', sender: { id: agent.user.id, type: 'user' } });
    expect(body.payload[2]).toMatchObject({ file_type: 'image', sender: { id: admin.user.id } });
    expect(typeof body.payload[2].created_at).toBe('number');
    expect((await call('GET', `${list}?page=2`, agent.headers)).json()).toEqual({ meta: { total_count: 3 }, payload: [] });

    const { admin: stranger } = await createAccountWithAdmin(t);
    expect((await call('GET', list, stranger.headers)).statusCode).toBe(404);
    expect((await call('GET', list, undefined)).statusCode).toBe(401);
  });
});
