import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { CustomRolePermission } from '@app/shared/constants';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { CableClient } from '../../test/cable-client.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember, type Member } from '../../test/factories.ts';

/**
 * Over a real /cable socket, each member receives the conversation and message events of exactly the conversations
 * the REST API lets them read (lib/member-access.ts is the one definition both use).
 */
describe('/cable scoping matches the REST conversation scope', () => {
  let t: TestContext;
  let accountId: number;
  let admin: Member;
  let agent: Member;
  let participating: Member;
  let unassigned: Member;
  let other: Member;
  /** display ids */
  const c: Record<'participatingOwn' | 'participatedIn' | 'unassigned' | 'othersOnly' | 'unassignedOwn', number> = {
    participatingOwn: 0,
    participatedIn: 0,
    unassigned: 0,
    othersOnly: 0,
    unassignedOwn: 0,
  };
  const sockets: CableClient[] = [];

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/accounts/${accountId}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const customMember = async (name: string, permissions: CustomRolePermission[]) => {
    const [role] = await t.db.insert(schema.customRoles).values({ accountId, name, permissions }).returning();
    return createMember(t, accountId, 'agent', { customRoleId: role!.id });
  };
  let inboxId = 0;

  const subscribe = async (member: Member) => {
    const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, member.user.id));
    const client = await CableClient.open(t.app);
    sockets.push(client);
    const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: row!.token, account_id: accountId });
    expect((await client.subscribe(identifier)).type).toBe('confirm_subscription');
    return client;
  };

  /** The display ids of the conversations the client got `name` events about. */
  const conversationsIn = (client: CableClient, name: string) =>
    [...new Set(client.events(name).map((e) => (name.startsWith('message.') ? e.data['conversation_id'] : e.data['id']) as number))].sort((x, y) => x - y);

  /** The display ids among ours that the member can open over REST (200, not 404). */
  const readable = async (member: Member) => {
    const ids: number[] = [];
    for (const id of Object.values(c)) if ((await call('GET', `/conversations/${id}`, member.headers)).statusCode === 200) ids.push(id);
    return ids.sort((x, y) => x - y);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await createAccountWithAdmin(t);
    accountId = a.account.id;
    admin = a.admin;
    agent = await createMember(t, accountId, 'agent');
    participating = await customMember('Participating only', ['conversation_participating_manage']);
    unassigned = await customMember('Unassigned only', ['conversation_unassigned_manage']);
    other = await createMember(t, accountId, 'agent');
    const inbox = await createInbox(t, accountId, { members: [agent, participating, unassigned, other].map((m) => m.user.id) });
    inboxId = inbox.id;
    const make = async (assigneeId: number | null) => (await createConversation(t, accountId, inbox.id, { assigneeId })).displayId;
    c.participatingOwn = await make(participating.user.id);
    c.participatedIn = await make(other.user.id);
    c.unassigned = await make(null);
    c.othersOnly = await make(other.user.id);
    c.unassignedOwn = await make(unassigned.user.id);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('restricted custom roles receive exactly what REST lets them read; administrators and agents everything of their inboxes', async () => {
    const [adminSocket, agentSocket, participatingSocket, unassignedSocket] = [await subscribe(admin), await subscribe(agent), await subscribe(participating), await subscribe(unassigned)];
    // made a participant after subscribing: the hub learns it from the participants change, with no query per event
    expect((await call('POST', `/conversations/${c.participatedIn}/participants`, admin.headers, { user_ids: [participating.user.id] })).statusCode).toBe(200);

    for (const id of Object.values(c)) {
      expect((await call('POST', `/conversations/${id}/messages`, admin.headers, { content: `hello ${id}` })).statusCode).toBe(200);
      expect((await call('POST', `/conversations/${id}/toggle_status`, admin.headers, { status: 'resolved' })).statusCode).toBe(200);
    }
    // the administrator gets every event; the last one published is the last conversation's status change
    await adminSocket.next(() => conversationsIn(adminSocket, 'conversation.status_changed').length === 5, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const all = Object.values(c).sort((x, y) => x - y);
    expect(await readable(admin)).toEqual(all);
    expect(await readable(agent)).toEqual(all);
    expect(await readable(participating)).toEqual([c.participatingOwn, c.participatedIn].sort((x, y) => x - y));
    expect(await readable(unassigned)).toEqual([c.unassigned, c.unassignedOwn].sort((x, y) => x - y));

    for (const [member, socket] of [
      [admin, adminSocket],
      [agent, agentSocket],
      [participating, participatingSocket],
      [unassigned, unassignedSocket],
    ] as const) {
      const expected = await readable(member);
      expect(conversationsIn(socket, 'conversation.status_changed')).toEqual(expected);
      // the reply (createMessage: carries the assignee) and the status change's activity message (carries none:
      // decided by what the hub learned of the conversation)
      expect(conversationsIn(socket, 'message.created')).toEqual(expected);
      expect(socket.events('message.created').filter((e) => e.data['message_type'] === 2).map((e) => e.data['conversation_id']).sort()).toEqual(
        adminSocket.events('message.created').filter((e) => e.data['message_type'] === 2 && expected.includes(e.data['conversation_id'] as number)).map((e) => e.data['conversation_id']).sort(),
      );
      // the participants change itself is for the hubs only
      expect(socket.events('conversation.participants_changed')).toEqual([]);
    }
  });

  it('a restricted member gets the events of a conversation once it is assigned to them, the assignment away, and nothing after it', async () => {
    const unassignedSocket = await subscribe(unassigned);
    expect((await call('POST', `/conversations/${c.othersOnly}/assignments`, admin.headers, { assignee_id: unassigned.user.id })).statusCode).toBe(200);
    const assigned = await unassignedSocket.event('assignee.changed');
    expect(assigned.data['id']).toBe(c.othersOnly);
    expect((await call('POST', `/conversations/${c.othersOnly}/messages`, admin.headers, { content: 'now yours' })).statusCode).toBe(200);
    await unassignedSocket.next(() => unassignedSocket.events('message.created').some((e) => e.data['content'] === 'now yours'));
    expect((await call('GET', `/conversations/${c.othersOnly}`, unassigned.headers)).statusCode).toBe(200);

    expect((await call('POST', `/conversations/${c.othersOnly}/assignments`, admin.headers, { assignee_id: other.user.id })).statusCode).toBe(200);
    // the assignment that takes it away still reaches them, so their list lets it go
    await unassignedSocket.next(() => unassignedSocket.events('assignee.changed').length === 2);
    const away = unassignedSocket.events('assignee.changed')[1]!;
    expect(away.data['id']).toBe(c.othersOnly);
    expect((away.data['meta'] as { assignee: { id: number } | null }).assignee?.id).toBe(other.user.id);
    expect((await call('POST', `/conversations/${c.othersOnly}/messages`, admin.headers, { content: 'gone again' })).statusCode).toBe(200);
    const adminSocket = await subscribe(admin);
    expect((await call('POST', `/conversations/${c.othersOnly}/toggle_status`, admin.headers, { status: 'open' })).statusCode).toBe(200);
    await adminSocket.event('conversation.status_changed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unassignedSocket.events('message.created').some((e) => e.data['content'] === 'gone again')).toBe(false);
    expect(unassignedSocket.events('conversation.status_changed')).toEqual([]);
    expect((await call('GET', `/conversations/${c.othersOnly}`, unassigned.headers)).statusCode).toBe(404);
  });

  it('a custom role narrowed while its member is subscribed narrows their socket too (the hub re-reads their access)', async () => {
    const [role] = await t.db.insert(schema.customRoles).values({ accountId, name: 'Narrowed later', permissions: ['conversation_manage'] }).returning();
    const member = await createMember(t, accountId, 'agent', { customRoleId: role!.id });
    await t.db.insert(schema.inboxMembers).values({ accountId, inboxId, userId: member.user.id });
    const conversation = (await createConversation(t, accountId, inboxId, { assigneeId: other.user.id })).displayId;
    const socket = await subscribe(member);
    const adminSocket = await subscribe(admin);
    expect((await call('POST', `/conversations/${conversation}/messages`, admin.headers, { content: 'before' })).statusCode).toBe(200);
    await socket.next(() => socket.events('message.created').some((e) => e.data['content'] === 'before'));

    expect((await call('PATCH', `/custom_roles/${role!.id}`, admin.headers, { permissions: ['conversation_participating_manage'] })).statusCode).toBe(200);
    await socket.event('account.cache_invalidated');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call('GET', `/conversations/${conversation}`, member.headers)).statusCode).toBe(404);
    expect((await call('POST', `/conversations/${conversation}/messages`, admin.headers, { content: 'after' })).statusCode).toBe(200);
    await adminSocket.next(() => adminSocket.events('message.created').some((e) => e.data['content'] === 'after'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.events('message.created').map((e) => e.data['content'])).toEqual(['before']);
  });
});
