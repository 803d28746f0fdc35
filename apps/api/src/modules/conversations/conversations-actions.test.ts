import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { wakeSnoozedConversations } from './jobs.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const services = () => ({ db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus });
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/conversations${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const conversationRow = async (id: number) => (await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, id)))[0]!;
const activities = async (conversationId: number) =>
  (await t.db.select().from(schema.messages).where(and(eq(schema.messages.conversationId, conversationId), eq(schema.messages.messageType, 'activity')))).map((m) => m.content);

function recordEvents() {
  const events: DomainEvent[] = [];
  const stop = t.app.bus.subscribe((e) => void events.push(e));
  return {
    events,
    async names(accountId: number) {
      await new Promise((r) => setTimeout(r, 20));
      stop();
      return events.filter((e) => e.accountId === accountId).map((e) => e.name);
    },
  };
}

async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent', { name: 'Ann Agent' });
  const inbox = await createInbox(t, account.id, { members: [admin.user.id, agent.user.id] });
  const conversation = await createConversation(t, account.id, inbox.id);
  return { account, admin, agent, inbox, conversation, base: url(account.id, `/${conversation.displayId}`) };
}

describe('status, priority and snooze', () => {
  it('S1-4.19 S1-7.73 toggle_status toggles open ⇄ resolved, sets a given status, records activity and announces the change', async () => {
    const { account, admin, conversation, base } = await setup();
    const rec = recordEvents();
    const res = await call('POST', `${base}/toggle_status`, admin.headers, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: {}, payload: { success: true, conversation_id: conversation.displayId, current_status: 'resolved', snoozed_until: null } });
    expect((await call('POST', `${base}/toggle_status`, admin.headers, {})).json().payload.current_status).toBe('open');
    expect((await call('POST', `${base}/toggle_status`, admin.headers, { status: 'pending' })).json().payload.current_status).toBe('pending');
    expect((await conversationRow(conversation.id)).status).toBe('pending');
    expect(await activities(conversation.id)).toHaveLength(3);
    const names = await rec.names(account.id);
    expect(names.filter((n) => n === 'conversation.status_changed')).toHaveLength(3);
    expect(names.filter((n) => n === 'message.created')).toHaveLength(3);
  });

  it('S1-4.19 snoozes until a time (unix seconds or ISO), refuses a past time or a time without snoozed, and the job reopens it when due', async () => {
    const { account, admin, conversation, base } = await setup();
    const until = Math.floor(Date.now() / 1000) + 3600;
    const res = await call('POST', `${base}/toggle_status`, admin.headers, { status: 'snoozed', snoozed_until: until });
    expect(res.json().payload).toMatchObject({ current_status: 'snoozed', snoozed_until: until });
    for (const payload of [
      { status: 'snoozed', snoozed_until: Math.floor(Date.now() / 1000) - 60 },
      { status: 'open', snoozed_until: until },
      { status: 'closed' },
    ]) {
      expect((await call('POST', `${base}/toggle_status`, admin.headers, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    const iso = new Date(Date.now() + 7200_000).toISOString();
    expect((await call('POST', `${base}/toggle_status`, admin.headers, { status: 'snoozed', snoozed_until: iso })).json().payload.snoozed_until).toBe(
      Math.floor(Date.parse(iso) / 1000),
    );

    const rec = recordEvents();
    expect(await wakeSnoozedConversations(services(), new Date(Date.now() + 3 * 3600_000))).toBeGreaterThanOrEqual(1);
    const row = await conversationRow(conversation.id);
    expect(row).toMatchObject({ status: 'open', snoozedUntil: null });
    expect(await rec.names(account.id)).toContain('conversation.status_changed');
    // a second run finds nothing left to wake in this account
    await wakeSnoozedConversations(services(), new Date(Date.now() + 3 * 3600_000));
    expect((await conversationRow(conversation.id)).status).toBe('open');
  });

  it('S1-7.74 S1-4.20 toggle_priority sets and clears the priority; PATCH answers the conversation', async () => {
    const { admin, conversation, base } = await setup();
    expect((await call('POST', `${base}/toggle_priority`, admin.headers, { priority: 'urgent' })).statusCode).toBe(200);
    expect((await conversationRow(conversation.id)).priority).toBe('urgent');
    await call('POST', `${base}/toggle_priority`, admin.headers, { priority: 'none' });
    expect((await conversationRow(conversation.id)).priority).toBeNull();
    const patched = await call('PATCH', base, admin.headers, { priority: 'low' });
    expect(patched.json()).toMatchObject({ id: conversation.displayId, priority: 'low' });
    expect((await call('POST', `${base}/toggle_priority`, admin.headers, { priority: 'critical' })).statusCode).toBe(422);
  });
});

describe('assignment', () => {
  it('S1-7.75 assigns a member of the inbox (answers the agent), unassigns with null, refuses non-members with 422', async () => {
    const { account, admin, agent, conversation, base } = await setup();
    const outsider = await createMember(t, account.id, 'agent');
    const rec = recordEvents();
    const res = await call('POST', `${base}/assignments`, admin.headers, { assignee_id: agent.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: agent.user.id, name: 'Ann Agent' });
    expect((await conversationRow(conversation.id)).assigneeId).toBe(agent.user.id);
    expect(await rec.names(account.id)).toContain('assignee.changed');

    const refused = await call('POST', `${base}/assignments`, admin.headers, { assignee_id: outsider.user.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().attributes).toEqual(['assignee_id']);
    expect((await conversationRow(conversation.id)).assigneeId).toBe(agent.user.id);

    const cleared = await call('POST', `${base}/assignments`, admin.headers, { assignee_id: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).toBe('null');
    expect((await conversationRow(conversation.id)).assigneeId).toBeNull();
    expect(await activities(conversation.id)).toEqual([expect.stringContaining('Assigned to Ann Agent'), expect.stringContaining('unassigned')]);
  });

  it('assigns an administrator who is not a member of the inbox, as Chatwoot does (administrators are assignable everywhere)', async () => {
    const { account, admin, conversation, base } = await setup();
    const otherAdmin = await createMember(t, account.id, 'administrator', { name: 'Ada Admin' });
    const res = await call('POST', `${base}/assignments`, admin.headers, { assignee_id: otherAdmin.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: otherAdmin.user.id, name: 'Ada Admin' });
    expect((await conversationRow(conversation.id)).assigneeId).toBe(otherAdmin.user.id);
  });

  it('S1-7.75 assigns a team (answers the team); an auto-assigning team hands it to an online member of the inbox', async () => {
    const { account, admin, agent, conversation, base } = await setup();
    const team = (await call('POST', `/api/v1/accounts/${account.id}/teams`, admin.headers, { name: 'Payments', allow_auto_assign: true })).json();
    await call('POST', `/api/v1/accounts/${account.id}/teams/${team.id}/team_members`, admin.headers, { user_ids: [agent.user.id] });
    const res = await call('POST', `${base}/assignments`, admin.headers, { team_id: team.id });
    expect(res.json()).toMatchObject({ id: team.id, name: 'Payments' });
    expect(await conversationRow(conversation.id)).toMatchObject({ teamId: team.id, assigneeId: agent.user.id });
    // the team's name as it is ("Billing team" must not read "Billing team team"), as Chatwoot words it
    expect((await activities(conversation.id)).filter((text) => text?.includes('Payments'))).toEqual([expect.stringMatching(/^Assigned to Payments by /)]);
    expect((await call('POST', `${base}/assignments`, admin.headers, { team_id: 999_999 })).statusCode).toBe(422);
    expect((await call('POST', `${base}/assignments`, admin.headers, {})).statusCode).toBe(422);
  });
});

describe('labels, attributes, participants, mute, read state', () => {
  it('S1-7.86 labels: GET reads, POST replaces the set (lowercase)', async () => {
    const { admin, conversation, base } = await setup();
    expect((await call('POST', `${base}/labels`, admin.headers, { labels: ['Billing', 'vip', 'vip'] })).json()).toEqual({ payload: ['billing', 'vip'] });
    expect((await call('POST', `${base}/labels`, admin.headers, { labels: ['refund'] })).json()).toEqual({ payload: ['refund'] });
    expect((await call('GET', `${base}/labels`, admin.headers)).json()).toEqual({ payload: ['refund'] });
    expect((await conversationRow(conversation.id)).labels).toEqual(['refund']);
    expect((await call('POST', `${base}/labels`, admin.headers, { labels: 'refund' })).statusCode).toBe(422);
  });

  it('S1-7.83 custom_attributes replaces the hash', async () => {
    const { admin, conversation, base } = await setup();
    await call('POST', `${base}/custom_attributes`, admin.headers, { custom_attributes: { order_id: 'A-1', amount: 20 } });
    const res = await call('POST', `${base}/custom_attributes`, admin.headers, { custom_attributes: { order_id: 'A-2' } });
    expect(res.json()).toEqual({ custom_attributes: { order_id: 'A-2' } });
    expect((await conversationRow(conversation.id)).customAttributes).toEqual({ order_id: 'A-2' });
  });

  it('S1-7.84 participants: POST adds, PATCH replaces, DELETE removes; outsiders are refused', async () => {
    const { admin, agent, base } = await setup();
    const { admin: outsider } = await createAccountWithAdmin(t);
    const list = async () => (await call('GET', `${base}/participants`, admin.headers)).json().map((a: { id: number }) => a.id).sort();
    await call('POST', `${base}/participants`, admin.headers, { user_ids: [agent.user.id] });
    expect(await list()).toEqual([agent.user.id]);
    await call('PATCH', `${base}/participants`, admin.headers, { user_ids: [admin.user.id] });
    expect(await list()).toEqual([admin.user.id]);
    await call('DELETE', `${base}/participants`, admin.headers, { user_ids: [admin.user.id] });
    expect(await list()).toEqual([]);
    const before = await countRows(t, schema.conversationParticipants);
    expect((await call('POST', `${base}/participants`, admin.headers, { user_ids: [outsider.user.id] })).statusCode).toBe(422);
    expect(await countRows(t, schema.conversationParticipants)).toBe(before);
  });

  it('S1-7.79 S1-7.80 mute resolves and marks muted; unmute clears it', async () => {
    const { admin, conversation, base } = await setup();
    expect((await call('POST', `${base}/mute`, admin.headers)).statusCode).toBe(200);
    expect(await conversationRow(conversation.id)).toMatchObject({ muted: true, status: 'resolved' });
    await call('POST', `${base}/unmute`, admin.headers);
    expect((await conversationRow(conversation.id)).muted).toBe(false);
  });

  it('S1-7.76 S1-7.77 S1-4.30 S1-4.31 S1-4.32 update_last_seen clears the unread count; unread brings the latest incoming message back', async () => {
    const { account, admin, inbox, conversation, base } = await setup();
    const insert = (values: Partial<typeof schema.messages.$inferInsert>) =>
      t.db.insert(schema.messages).values({ accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, messageType: 'incoming', content: 'x', ...values });
    await insert({ createdAt: new Date(Date.now() - 60_000) });
    await insert({ createdAt: new Date(Date.now() - 30_000) });
    await insert({ messageType: 'outgoing', createdAt: new Date(Date.now() - 20_000) });
    await insert({ private: true, messageType: 'outgoing', createdAt: new Date(Date.now() - 10_000) });
    const unread = async () => (await call('GET', base, admin.headers)).json().unread_count;
    expect(await unread()).toBe(2);
    await call('POST', `${base}/update_last_seen`, admin.headers);
    expect(await unread()).toBe(0);
    await call('POST', `${base}/unread`, admin.headers);
    expect(await unread()).toBe(1);
  });

  it('S1-7.78 toggle_typing_status announces typing on and off without writing anything', async () => {
    const { account, admin, base } = await setup();
    const rec = recordEvents();
    await call('POST', `${base}/toggle_typing_status`, admin.headers, { typing_status: 'on', is_private: true });
    await call('POST', `${base}/toggle_typing_status`, admin.headers, { typing_status: 'off' });
    const typing = rec.events.filter((e) => e.accountId === account.id && e.name.startsWith('conversation.typing'));
    expect(await rec.names(account.id)).toEqual(['conversation.typing_on', 'conversation.typing_off']);
    expect(typing[0]!.data).toMatchObject({ user: { id: admin.user.id, type: 'user' }, is_private: true });
    expect((await call('POST', `${base}/toggle_typing_status`, admin.headers, { typing_status: 'maybe' })).statusCode).toBe(422);
  });

  it('S1-7.82 transcript mails the public messages only', async () => {
    const { account, admin, inbox, conversation, base } = await setup();
    await t.db.insert(schema.messages).values([
      { accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, messageType: 'incoming', content: 'My card was charged twice' },
      { accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, messageType: 'outgoing', content: 'Refund issued', private: false },
      { accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, messageType: 'outgoing', content: 'internal: check ledger', private: true },
    ]);
    t.mailer.clear();
    expect((await call('POST', `${base}/transcript`, admin.headers, { email: 'Customer@Example.com' })).statusCode).toBe(200);
    const mail = t.mailer.last('customer@example.com');
    expect(mail?.text).toContain('My card was charged twice');
    expect(mail?.text).toContain('Refund issued');
    expect(mail?.text).not.toContain('internal');
    expect((await call('POST', `${base}/transcript`, admin.headers, { email: 'nope' })).statusCode).toBe(422);
  });

  it('deleting is for administrators; agents get 403 and others’ conversations 404', async () => {
    const { account, admin, agent, conversation, base } = await setup();
    const { admin: stranger } = await createAccountWithAdmin(t);
    expect((await call('DELETE', base, agent.headers)).statusCode).toBe(403);
    expect((await call('DELETE', base, stranger.headers)).statusCode).toBe(404);
    expect((await call('POST', `${base}/toggle_status`, stranger.headers, {})).statusCode).toBe(404);
    expect((await call('POST', `${base}/toggle_status`, undefined, {})).statusCode).toBe(401);
    expect((await call('GET', url(account.id, '/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', base, admin.headers)).statusCode).toBe(200);
    expect(await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, conversation.id))).toEqual([]);
  });
});

describe('POST conversations', () => {
  it('S1-7.71 starts a conversation for an inbox and a contact, with a first message and mail_subject', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    await t.db.update(schema.inboxes).set({ enableAutoAssignment: false }).where(eq(schema.inboxes.id, inbox.id));
    const contact = await createContact(t, account.id, { email: 'kim@example.com' });
    const rec = recordEvents();
    const res = await call('POST', url(account.id), admin.headers, {
      inbox_id: inbox.id,
      contact_id: contact.id,
      additional_attributes: { mail_subject: 'Your refund' },
      message: { content: 'Hello Kim, about your refund' },
    });
    expect(res.statusCode).toBe(200);
    const conv = res.json();
    expect(conv).toMatchObject({ inbox_id: inbox.id, status: 'open', additional_attributes: { mail_subject: 'Your refund' }, meta: { sender: { id: contact.id }, assignee: null } });
    expect(conv.messages[0]).toMatchObject({ content: 'Hello Kim, about your refund', message_type: 1 });
    const names = await rec.names(account.id);
    expect(names).toContain('conversation.created');
    expect(names).toContain('message.created');
    // the contact inbox made for it lets the next conversation start from its source_id
    const [contactInbox] = await t.db.select().from(schema.contactInboxes).where(eq(schema.contactInboxes.contactId, contact.id));
    const again = await call('POST', url(account.id), admin.headers, { source_id: contactInbox!.sourceId });
    expect(again.json()).toMatchObject({ inbox_id: inbox.id, meta: { sender: { id: contact.id } } });
    expect(again.json().id).toBe(conv.id + 1);
  });

  it('S1-7.72 accepts multipart: fields as form fields and the first message’s files as message[attachments][]', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const contact = await createContact(t, account.id);
    const res = await injectMultipart(t.app, 'POST', url(account.id), admin.headers, {
      inbox_id: String(inbox.id),
      contact_id: String(contact.id),
      'additional_attributes[mail_subject]': 'Receipt',
      'message[content]': 'Here is your receipt',
      'message[attachments][]': { data: PNG, filename: 'receipt.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(200);
    const conv = res.json();
    expect(conv).toMatchObject({ inbox_id: inbox.id, additional_attributes: { mail_subject: 'Receipt' } });
    expect(conv.messages[0]).toMatchObject({ content: 'Here is your receipt' });
    expect(conv.messages[0].attachments).toEqual([expect.objectContaining({ file_type: 'image', file_name: 'receipt.png' })]);
  });

  it('auto-assigns round robin over the inbox’s online members; an inbox with an agent bot starts pending', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const ann = await createMember(t, account.id, 'agent');
    const bob = await createMember(t, account.id, 'agent');
    const away = await createMember(t, account.id, 'agent');
    await t.db.update(schema.accountUsers).set({ availability: 'offline' }).where(eq(schema.accountUsers.userId, away.user.id));
    const inbox = await createInbox(t, account.id, { members: [ann.user.id, bob.user.id, away.user.id] });
    const contact = await createContact(t, account.id);
    const assignees: number[] = [];
    for (let i = 0; i < 4; i++) {
      assignees.push((await call('POST', url(account.id), admin.headers, { inbox_id: inbox.id, contact_id: contact.id })).json().meta.assignee.id);
    }
    expect(assignees.filter((id) => id === ann.user.id)).toHaveLength(2);
    expect(assignees.filter((id) => id === bob.user.id)).toHaveLength(2);
    expect(assignees).not.toContain(away.user.id);

    const [bot] = await t.db.insert(schema.agentBots).values({ accountId: account.id, name: 'Triage' }).returning();
    await t.db.update(schema.inboxes).set({ agentBotId: bot!.id }).where(eq(schema.inboxes.id, inbox.id));
    const pending = await call('POST', url(account.id), admin.headers, { inbox_id: inbox.id, contact_id: contact.id });
    expect(pending.json()).toMatchObject({ status: 'pending', meta: { assignee: null } });
  });

  it('answers 422 and writes nothing for a missing contact, an inbox the agent does not work, or a non-member assignee', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const notMine = await createInbox(t, account.id);
    const outsider = await createMember(t, account.id, 'agent');
    const contact = await createContact(t, account.id);
    const { account: other } = await createAccountWithAdmin(t);
    const foreign = await createContact(t, other.id);
    const before = await countRows(t, schema.conversations);
    for (const [headers, payload] of [
      [admin.headers, { inbox_id: mine.id }],
      [admin.headers, { inbox_id: mine.id, contact_id: foreign.id }],
      [agent.headers, { inbox_id: notMine.id, contact_id: contact.id }],
      [admin.headers, { inbox_id: mine.id, contact_id: contact.id, assignee_id: outsider.user.id }],
      [admin.headers, { source_id: 'no-such-source' }],
      [admin.headers, { inbox_id: mine.id, contact_id: contact.id, status: 'closed' }],
    ] as const) {
      const res = await call('POST', url(account.id), headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await countRows(t, schema.conversations)).toBe(before);
    expect((await call('POST', url(account.id), undefined, { inbox_id: mine.id, contact_id: contact.id })).statusCode).toBe(401);
  });
});

describe('bulk assignments', () => {
  it('S1-7.09 announces assignee.changed for every conversation the bulk assignment moved', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const ann = await createMember(t, account.id, 'agent');
    const bob = await createMember(t, account.id, 'agent');
    const inbox = await createInbox(t, account.id, { members: [ann.user.id, bob.user.id] });
    const convs = [await createConversation(t, account.id, inbox.id), await createConversation(t, account.id, inbox.id), await createConversation(t, account.id, inbox.id)];
    const rec = recordEvents();
    const res = await call('POST', `/api/v1/accounts/${account.id}/bulk_assignments`, admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id, bob.user.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().assigned_count).toBe(3);
    expect(res.json()).not.toHaveProperty('changes');
    const moved = rec.events.filter((e) => e.accountId === account.id && e.name === 'assignee.changed');
    await rec.names(account.id);
    expect(moved.map((e) => (e.data as { id: number }).id).sort()).toEqual(convs.map((c) => c.displayId).sort());
    expect(moved.every((e) => (e.data as { meta: { assignee: { id: number } } }).meta.assignee.id > 0)).toBe(true);
  });
});
