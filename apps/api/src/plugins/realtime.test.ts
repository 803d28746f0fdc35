import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { mentionPayload } from '../../test/event-payloads.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember, type Member } from '../../test/factories.ts';
import { CableClient } from '../../test/cable-client.ts';


async function tokenOf(t: TestContext, userId: number) {
  const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, userId));
  return row!.token;
}

const identifierFor = (token: string, accountId: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ channel: 'RoomChannel', pubsub_token: token, account_id: accountId, ...extra });

/** Connects, waits for welcome, subscribes and answers the subscription's answer type. */
async function subscribe(t: TestContext, app: App, member: Member, extra: Record<string, unknown> = {}, token?: string) {
  const client = await CableClient.open(app);
  const identifier = identifierFor(token ?? (await tokenOf(t, member.user.id)), member.accountId, { user_id: member.user.id, ...extra });
  const answer = await client.subscribe(identifier);
  expect(answer.identifier).toBe(identifier);
  return { client, answer: answer.type };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/cable realtime', () => {
  let t: TestContext;
  const open: CableClient[] = [];
  let accountId: number;
  let admin: Member;
  let agentElsewhere: Member;
  let inboxId: number;
  let displayId: number;
  let otherAdmin: Member;

  const track = <T extends { client: CableClient }>(s: T) => {
    open.push(s.client);
    return s;
  };
  const toggle = (status: 'open' | 'resolved', app: App = t.app) =>
    app.inject({ method: 'POST', url: `/api/v1/accounts/${accountId}/conversations/${displayId}/toggle_status`, headers: admin.headers, payload: { status } });

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await createAccountWithAdmin(t);
    accountId = a.account.id;
    admin = a.admin;
    agentElsewhere = await createMember(t, accountId, 'agent');
    const inbox = await createInbox(t, accountId, { members: [admin.user.id] });
    await createInbox(t, accountId, { members: [agentElsewhere.user.id] });
    inboxId = inbox.id;
    displayId = (await createConversation(t, accountId, inboxId)).displayId;
    otherAdmin = (await createAccountWithAdmin(t)).admin;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('S0-7.60 S0-7.78 welcomes, confirms, and delivers status changes only in scope (administrator yes; agent of another inbox and another account no)', async () => {
    const adminSub = track(await subscribe(t, t.app, admin));
    expect(adminSub.answer).toBe('confirm_subscription');
    const agentSub = track(await subscribe(t, t.app, agentElsewhere));
    const foreignSub = track(await subscribe(t, t.app, otherAdmin));
    expect(agentSub.answer).toBe('confirm_subscription');

    expect((await toggle('resolved')).statusCode).toBe(200);
    const event = await adminSub.client.event('conversation.status_changed');
    expect(event.data).toMatchObject({ id: displayId, status: 'resolved', inbox_id: inboxId });
    expect(event.seq).toBeGreaterThan(0);
    const frame = adminSub.client.frames.find((f) => typeof f.message === 'object' && f.message?.event === 'conversation.status_changed');
    expect(JSON.parse(frame!.identifier!)).toMatchObject({ channel: 'RoomChannel', account_id: accountId });

    await settle();
    expect(agentSub.client.events('conversation.status_changed')).toEqual([]);
    expect(foreignSub.client.events().filter((m) => m.event !== 'presence.update')).toEqual([]);
    expect(adminSub.client.events('conversation.status_changed')).toHaveLength(1);
  });

  it('S0-7.68 publishes presence.update with the online users of the account', async () => {
    const sub = track(await subscribe(t, t.app, admin));
    const presence = await sub.client.event('presence.update');
    expect(presence.data).toMatchObject({ account_id: accountId, users: { [String(admin.user.id)]: 'online' }, contacts: {} });
  });

  it('S0-7.68 gathers the arrivals of many members into few presence updates (no n² storm when a team reconnects)', async () => {
    const watcher = track(await subscribe(t, t.app, admin));
    await settle(400);
    const before = watcher.client.events('presence.update').length;
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t, accountId, 'administrator')));
    const joined = await Promise.all(members.map((m) => subscribe(t, t.app, m)));
    joined.forEach(track);
    await settle(600);
    const updates = watcher.client.events('presence.update').slice(before);
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThan(members.length);
    const last = updates.at(-1)!.data as { users: Record<string, string> };
    for (const m of members) expect(last.users[String(m.user.id)]).toBe('online');
  });

  it('rejects an unknown pubsub token and a member of another account', async () => {
    expect(track(await subscribe(t, t.app, admin, {}, 'not-a-token')).answer).toBe('reject_subscription');
    const intruder = { ...otherAdmin, accountId };
    expect(track(await subscribe(t, t.app, intruder)).answer).toBe('reject_subscription');
  });

  it('S0-4.13 S0-9.04 replays exactly the missed events after last_seq, and asks for a resync when last_seq is older than the buffer', async () => {
    const control = track(await subscribe(t, t.app, admin));
    const first = track(await subscribe(t, t.app, admin));
    await toggle('open');
    const seen = await first.client.event('conversation.status_changed');
    first.client.close();

    await toggle('resolved');
    await toggle('open');
    await control.client.next(() => control.client.events('conversation.status_changed').length >= 3);
    await settle(100);
    const missed = control.client.events().filter((m) => m.event !== 'presence.update' && m.seq > seen.seq);
    const again = track(await subscribe(t, t.app, admin, { last_seq: seen.seq }));
    await settle();
    const replayed = again.client.events().filter((m) => m.event !== 'presence.update');
    expect(replayed).toEqual(missed);
    expect(replayed.filter((m) => m.event === 'conversation.status_changed').map((m) => m.data['status'])).toEqual(['resolved', 'open']);
    expect(replayed.map((m) => m.seq)).toEqual(replayed.map((_m, i) => seen.seq + 1 + i));

    // push the buffer (last 1,000 events) past that point
    for (let i = 0; i < 1001; i++) t.app.bus.publish({ name: 'account.cache_invalidated', accountId, data: { cache_keys: { label: 1, inbox: 1, team: 1 } } });
    // 1,001 frames through one socket: seconds on a slow 2-core machine running another test file beside this one
    await again.client.next(() => again.client.events('account.cache_invalidated').length >= 1001, 45_000);
    const stale = track(await subscribe(t, t.app, admin, { last_seq: seen.seq }));
    const resync = await stale.client.event('resync.required');
    expect(resync.data).toMatchObject({ account_id: accountId, last_seq: seen.seq });
    expect(stale.client.events().filter((m) => m.event !== 'presence.update' && m.event !== 'resync.required')).toEqual([]);
  }, 90_000);

  it('a replay after last_seq sends only the events in the subscriber\'s scope (the buffer holds the whole account\'s)', async () => {
    const agent = track(await subscribe(t, t.app, agentElsewhere));
    t.app.bus.publish({ name: 'account.cache_invalidated', accountId, data: { cache_keys: { label: 1, inbox: 1, team: 1 } } });
    const seen = await agent.client.event('account.cache_invalidated');
    agent.client.close();

    // out of the agent's scope: another inbox's conversation, a mention of the administrator
    await toggle('resolved');
    t.app.bus.publish({ name: 'conversation.mentioned', accountId, inboxId, userId: admin.user.id, data: mentionPayload({ id: displayId, inbox_id: inboxId, account_id: accountId }) });
    t.app.bus.publish({ name: 'account.cache_invalidated', accountId, data: { cache_keys: { label: 2, inbox: 2, team: 2 } } });
    const watcher = track(await subscribe(t, t.app, admin, { last_seq: seen.seq }));
    await watcher.client.next(() => watcher.client.events('account.cache_invalidated').length >= 1);

    const back = track(await subscribe(t, t.app, agentElsewhere, { last_seq: seen.seq }));
    await back.client.next(() => back.client.events('account.cache_invalidated').length >= 1);
    await settle();
    expect(back.client.events().filter((m) => m.event !== 'presence.update').map((m) => m.event)).toEqual(['account.cache_invalidated']);
  });

  it('S0-7.79 S0-9.05 a typing_on expires into typing_off for the same user and conversation (timeout shortened for the test)', async () => {
    t.app.realtime.typingTimeoutMs = 300;
    const colleague = await createMember(t, accountId, 'administrator');
    const watcher = track(await subscribe(t, t.app, colleague));
    const typist = track(await subscribe(t, t.app, admin));
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${accountId}/conversations/${displayId}/toggle_typing_status`,
      headers: admin.headers,
      payload: { typing_status: 'on' },
    });
    expect(response.statusCode).toBe(200);
    const on = await watcher.client.event('conversation.typing_on');
    const off = await watcher.client.event('conversation.typing_off', 3000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(off.data).toMatchObject({ user: { id: admin.user.id }, conversation: { id: displayId } });
    expect(off.seq).toBeGreaterThan(on.seq);
    // the typist is not told about their own typing
    expect(typist.client.events('conversation.typing_on')).toEqual([]);
    t.app.realtime.typingTimeoutMs = 30_000;
  });

});

describe('/cable across processes', () => {
  let t: TestContext;
  let second: App | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    if (t.redis) {
      // A second process: same database and the same Redis (and key prefix), its own sockets.
      second = await buildApp({ config: t.config, database: t.database, redis: t.redis, logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('an event caused through app A reaches a socket on app B, once (needs Redis: skipped on TEST_REDIS=none)', async (ctx) => {
    if (!second) return ctx.skip('no Redis: fan-out between processes needs REDIS_URL');
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const onB = await subscribe(t, second, admin);
    const onA = await subscribe(t, t.app, admin);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`,
      headers: admin.headers,
      payload: { status: 'resolved' },
    });
    expect(response.statusCode).toBe(200);
    const onBEvent = await onB.client.event('conversation.status_changed');
    expect(onBEvent.data).toMatchObject({ id: conversation.displayId, status: 'resolved' });
    await onA.client.event('conversation.status_changed');
    await settle();
    expect(onA.client.events('conversation.status_changed')).toHaveLength(1);
    expect(onB.client.events('conversation.status_changed')).toHaveLength(1);
    onA.client.close();
    onB.client.close();
  });

  it('events still arrive after Redis forgets the publish script (SCRIPT FLUSH, as after a restart)', async (ctx) => {
    if (!second || !t.redis) return ctx.skip('no Redis: the publish script runs in Redis');
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const onB = await subscribe(t, second, admin);
    const toggle = async (status: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`,
        headers: admin.headers,
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
    };
    await toggle('resolved');
    await onB.client.event('conversation.status_changed');
    await t.redis.script('FLUSH');
    await toggle('open');
    await expect.poll(() => onB.client.events('conversation.status_changed').map((e) => (e.data as { status: string }).status)).toEqual(['resolved', 'open']);
    onB.client.close();
  });
});

describe('each realtime event, from the change that causes it, with its payload', () => {
  let t: TestContext;
  let admin: Member;
  let accountId: number;
  let inboxId: number;
  let client: CableClient;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await createAccountWithAdmin(t);
    accountId = a.account.id;
    admin = a.admin;
    inboxId = (await createInbox(t, accountId, { members: [admin.user.id] })).id;
    client = (await subscribe(t, t.app, admin)).client;
  });
  afterAll(async () => {
    client.close();
    await t.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', rest: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/accounts/${accountId}/${rest}`, headers: admin.headers, ...(payload ? { payload } : {}) });
  /** Performs the change and answers the event it caused (the first of that name after it). */
  async function caused(name: string, change: () => Promise<{ statusCode: number; body: string }>) {
    const before = client.events(name).length;
    const res = await change();
    expect(res.statusCode, res.body).toBe(200);
    await client.next(() => client.events(name).length > before);
    return client.events(name)[before]!;
  }
  const newConversation = async () => (await createConversation(t, accountId, inboxId)).displayId;

  it('S0-7.59 conversation.created from POST conversations, with the conversation push payload', async () => {
    const contact = await api('POST', 'contacts', { name: 'Grace', inbox_id: inboxId });
    const sourceId = contact.json().payload.contact_inbox.source_id as string;
    const event = await caused('conversation.created', () => api('POST', 'conversations', { source_id: sourceId, inbox_id: inboxId }));
    expect(event.data).toMatchObject({ inbox_id: inboxId, status: 'open', meta: { sender: { name: 'Grace' } } });
    expect(event.seq).toBeGreaterThan(0);
  });

  it('S0-7.58 S0-7.74 message.created then first.reply.created for the first reply; message.updated on delete', async () => {
    const displayId = await newConversation();
    const first = await caused('first.reply.created', () => api('POST', `conversations/${displayId}/messages`, { content: 'First answer' }));
    expect(first.data).toMatchObject({ id: displayId, inbox_id: inboxId });
    const created = client.events('message.created').find((m) => m.data.content === 'First answer')!;
    expect(created.data).toMatchObject({ conversation_id: displayId, message_type: 1, content: 'First answer' });
    // a second reply is not a first reply
    const firsts = client.events('first.reply.created').length;
    await caused('message.created', () => api('POST', `conversations/${displayId}/messages`, { content: 'Second answer' }));
    await settle();
    expect(client.events('first.reply.created')).toHaveLength(firsts);

    const updated = await caused('message.updated', () => api('DELETE', `conversations/${displayId}/messages/${created.data.id as number}`));
    expect(updated.data).toMatchObject({ id: created.data.id, content: 'This message was deleted', content_attributes: { deleted: true } });
  });

  it('S0-7.61 conversation.updated from a priority change, carrying the new priority', async () => {
    const displayId = await newConversation();
    const event = await caused('conversation.updated', () => api('POST', `conversations/${displayId}/toggle_priority`, { priority: 'urgent' }));
    expect(event.data).toMatchObject({ id: displayId, priority: 'urgent' });
  });

  it('S0-7.62 conversation.read from update_last_seen', async () => {
    const displayId = await newConversation();
    const event = await caused('conversation.read', () => api('POST', `conversations/${displayId}/update_last_seen`));
    expect(event.data).toMatchObject({ id: displayId });
    expect(event.data.agent_last_seen_at).toBeGreaterThan(0);
  });

  it('S0-7.64 S0-7.65 conversation.typing_on and typing_off from toggle_typing_status, naming the user, to the others in the inbox', async () => {
    const colleague = await createMember(t, accountId, 'agent');
    await t.db.insert(schema.inboxMembers).values({ accountId, inboxId, userId: colleague.user.id });
    const watcher = (await subscribe(t, t.app, colleague)).client;
    try {
      const displayId = await newConversation();
      const typing = async (name: string, status: 'on' | 'off') => {
        const before = watcher.events(name).length;
        expect((await api('POST', `conversations/${displayId}/toggle_typing_status`, { typing_status: status, is_private: true })).statusCode).toBe(200);
        await watcher.next(() => watcher.events(name).length > before);
        return watcher.events(name)[before]!;
      };
      const on = await typing('conversation.typing_on', 'on');
      expect(on.data).toMatchObject({ conversation: { id: displayId }, user: { id: admin.user.id, type: 'user' }, is_private: true });
      const off = await typing('conversation.typing_off', 'off');
      expect(off.data).toMatchObject({ conversation: { id: displayId }, user: { id: admin.user.id } });
    } finally {
      watcher.close();
    }
  });

  it('S0-7.67 assignee.changed from assignments, with the assignee in meta', async () => {
    const displayId = await newConversation();
    const event = await caused('assignee.changed', () => api('POST', `conversations/${displayId}/assignments`, { assignee_id: admin.user.id }));
    expect(event.data).toMatchObject({ id: displayId, meta: { assignee: { id: admin.user.id } } });
    // what changed rides along, so clients move the conversation between tabs without refetching meta
    expect(event.data.changed_attributes).toEqual({ assignee_id: { previous_value: null, current_value: admin.user.id } });
  });

  it('status changes carry changed_attributes with the previous and current status (counts update without a meta refetch)', async () => {
    const displayId = await newConversation();
    const event = await caused('conversation.status_changed', () => api('POST', `conversations/${displayId}/toggle_status`, { status: 'pending' }));
    expect(event.data.changed_attributes).toEqual({ status: { previous_value: 'open', current_value: 'pending' } });
    const read = await caused('conversation.read', () => api('POST', `conversations/${displayId}/update_last_seen`));
    expect(read.data.changed_attributes).toBeUndefined();
  });

  it('S0-7.70 contact.updated from PATCH contacts, with the contact push payload', async () => {
    const contact = await api('POST', 'contacts', { name: 'Linus' });
    const id = contact.json().payload.contact.id as number;
    const event = await caused('contact.updated', () => api('PATCH', `contacts/${id}`, { name: 'Linus T.' }));
    expect(event.data).toMatchObject({ id, name: 'Linus T.' });
  });
});

describe('notification events over /cable', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('S0-7.71 an assignment sends notification.created with the counts to the assignee, and to nobody else', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const inbox = await createInbox(t, account.id, { members: [admin.user.id, agent.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const agentSocket = (await subscribe(t, t.app, agent)).client;
    const adminSocket = (await subscribe(t, t.app, admin)).client;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/assignments`,
        headers: admin.headers,
        payload: { assignee_id: agent.user.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const event = await agentSocket.event('notification.created', 5000);
      expect(event.data).toMatchObject({ unread_count: 1, count: 1, notification: { notification_type: 'conversation_assignment', primary_actor_id: conversation.id } });
      await settle();
      expect(adminSocket.events('notification.created')).toEqual([]);
    } finally {
      agentSocket.close();
      adminSocket.close();
    }
  });
});
