import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { schema } from '@app/db';
import { administratorCtx, buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { seedRichConversations } from '../../../test/rich-conversations.ts';
import { pageBranches, searchCondition, sortOrder } from './list.ts';
import { presentConversationById, presentConversationsByIds } from './present.ts';
import { FEW_CONVERSATIONS, selectConversationRows } from './queries.ts';
import { searchConversations } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/conversations${rest}`;
const get = (path: string, headers?: Headers) => t.app.inject({ method: 'GET', url: path, ...(headers ? { headers } : {}) });
const post = (path: string, headers: Headers | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: path, payload, ...(headers ? { headers } : {}) });
const ids = (res: { json: () => { data?: { payload: { id: number }[] }; payload?: { id: number }[] } }) =>
  (res.json().data?.payload ?? res.json().payload ?? []).map((c) => c.id);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * The plan of a statement with an index asked for: a test database is too small for Postgres to choose one by cost.
 * `inOrder` also asks for a read in order over a sort wherever the statement's shape allows one.
 */
function indexPlanOf(query: SQL, options: { inOrder?: boolean } = {}): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    if (options.inOrder) await tx.execute(sql`set local enable_sort = off`);
    const rows = await tx.execute(sql`explain ${query}`);
    return (rows as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/** A statement's text as the app's database object renders it. */
const statementText = (query: SQL) => new PgDialect({ casing: 'snake_case' }).sqlToQuery(query).sql;

/** The statements the app sends through its database object's `execute` while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const execute = t.db.execute.bind(t.db);
  const spy = vi.spyOn(t.db, 'execute').mockImplementation(((query: SQL) => {
    sent.push(query);
    return execute(query);
  }) as typeof t.db.execute);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

async function message(accountId: number, conversation: { id: number; inboxId: number }, values: Partial<typeof schema.messages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(schema.messages)
    .values({ accountId, inboxId: conversation.inboxId, conversationId: conversation.id, messageType: 'incoming', content: 'hello', ...values })
    .returning();
  return row!;
}

describe('GET conversations', () => {
  it('S1-7.67 S1-3.17 S1-3.18 S1-3.19 S1-3.20 S1-4.30 answers {data: {meta, payload}} with Chatwoot’s conversation shape, open by default', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { name: 'Support' });
    const contact = await createContact(t, account.id, { name: 'Rita', email: 'rita@example.com' });
    const open = await createConversation(t, account.id, inbox.id, { contactId: contact.id, labels: ['vip'], priority: 'high' });
    await createConversation(t, account.id, inbox.id, { status: 'resolved' });
    await message(account.id, open, { content: 'Where is my order?', createdAt: minutesAgo(1) });

    const res = await get(url(account.id), admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.meta).toEqual({ mine_count: 0, assigned_count: 0, unassigned_count: 1, all_count: 1 });
    expect(body.data.payload).toHaveLength(1);
    const conv = body.data.payload[0];
    expect(conv).toMatchObject({
      id: open.displayId,
      account_id: account.id,
      inbox_id: inbox.id,
      status: 'open',
      priority: 'high',
      labels: ['vip'],
      muted: false,
      can_reply: true,
      snoozed_until: null,
      unread_count: 1,
      first_reply_created_at: 0,
      waiting_since: 0,
      meta: { sender: { id: contact.id, name: 'Rita', email: 'rita@example.com', type: 'contact' }, channel: 'Channel::Api', assignee: null, team: null, hmac_verified: false },
    });
    expect(conv.timestamp).toBe(conv.last_activity_at);
    expect(conv.messages).toHaveLength(1);
    expect(conv.messages[0]).toMatchObject({ content: 'Where is my order?', message_type: 0, conversation_id: open.displayId });
    expect(conv.last_non_activity_message.content).toBe('Where is my order?');
  });

  it('S1-4.33 pages 25 at a time, and a page past the end is empty', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    for (let i = 0; i < 27; i++) await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(i) });
    const first = await get(url(account.id), admin.headers);
    expect(first.json().data.payload).toHaveLength(25);
    expect(first.json().data.meta.all_count).toBe(27);
    const second = await get(url(account.id, '?page=2'), admin.headers);
    expect(second.json().data.payload).toHaveLength(2);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(27);
    expect((await get(url(account.id, '?page=3'), admin.headers)).json().data.payload).toEqual([]);
  });

  it('S1-7.67 S1-7.81 assignee tabs narrow the page while the counts cover every tab', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const inbox = await createInbox(t, account.id, { members: [admin.user.id, agent.user.id] });
    const mine = await createConversation(t, account.id, inbox.id, { assigneeId: admin.user.id });
    const theirs = await createConversation(t, account.id, inbox.id, { assigneeId: agent.user.id });
    const nobody = await createConversation(t, account.id, inbox.id);
    const meta = { mine_count: 1, assigned_count: 2, unassigned_count: 1, all_count: 3 };
    const tab = async (type: string) => {
      const res = await get(url(account.id, `?assignee_type=${type}`), admin.headers);
      expect(res.json().data.meta).toEqual(meta);
      return ids(res).sort();
    };
    expect(await tab('me')).toEqual([mine.displayId]);
    expect(await tab('unassigned')).toEqual([nobody.displayId]);
    expect(await tab('assigned')).toEqual([mine.displayId, theirs.displayId].sort());
    expect(await tab('all')).toHaveLength(3);
    expect((await get(url(account.id, '/meta'), admin.headers)).json()).toEqual({ meta });
  });

  it('S1-7.81 counts are kept between requests and follow every change the moment it is announced', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const meta = async () => (await get(url(account.id, '/meta'), admin.headers)).json().meta;
    expect(await meta()).toMatchObject({ all_count: 1, mine_count: 0 });
    await post(url(account.id, `/${conversation.displayId}/assignments`), admin.headers, { assignee_id: admin.user.id });
    expect(await meta()).toMatchObject({ all_count: 1, mine_count: 1, unassigned_count: 0 });
    await post(url(account.id, `/${conversation.displayId}/toggle_status`), admin.headers, { status: 'resolved' });
    expect(await meta()).toMatchObject({ all_count: 0, mine_count: 0 });
    expect((await get(url(account.id, '?status=resolved'), admin.headers)).json().data.meta).toMatchObject({ all_count: 1, mine_count: 1 });
  });

  it('S1-7.81 a message moves the counts that read activity (unattended, last sender, mentions) at once; the status tabs follow a reopen', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const first = await createConversation(t, account.id, inbox.id);
    const second = await createConversation(t, account.id, inbox.id);
    const resolved = await createConversation(t, account.id, inbox.id, { status: 'resolved', firstReplyCreatedAt: minutesAgo(30) });
    const meta = async (query = '') => (await get(url(account.id, `/meta${query}`), admin.headers)).json().meta.all_count;
    const message = async (conversation: { displayId: number }, body: object) =>
      expect((await post(url(account.id, `/${conversation.displayId}/messages`), admin.headers, body)).statusCode).toBe(200);
    // every count cached before the messages
    expect([await meta(), await meta('?conversation_type=unattended'), await meta('?last_message_sender=contact'), await meta('?conversation_type=mention')]).toEqual([2, 2, 0, 0]);

    await message(first, { content: 'On it' });
    expect(await meta('?conversation_type=unattended')).toBe(1);
    await message(second, { content: 'Any news?', message_type: 'incoming' });
    expect(await meta('?last_message_sender=contact')).toBe(1);
    await message(second, { content: `Have a look [@Admin](mention://user/${admin.user.id}/Admin)`, private: true });
    expect(await meta('?conversation_type=mention')).toBe(1);
    expect(await meta()).toBe(2);
    // a contact writing to a resolved conversation reopens it: the open tab counts it
    await message(resolved, { content: 'Hello again', message_type: 'incoming' });
    expect(await meta()).toBe(3);
  });

  it('S1-4.21 filters by status, inbox, team and labels (any of)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const a = await createInbox(t, account.id);
    const b = await createInbox(t, account.id);
    const team = (await post(`/api/v1/accounts/${account.id}/teams`, admin.headers, { name: 'Billing' })).json();
    const billing = await createConversation(t, account.id, a.id, { labels: ['billing'], teamId: team.id });
    const vip = await createConversation(t, account.id, b.id, { labels: ['vip', 'refund'] });
    const resolved = await createConversation(t, account.id, b.id, { status: 'resolved', labels: ['vip'] });
    const pending = await createConversation(t, account.id, a.id, { status: 'pending' });
    const snoozed = await createConversation(t, account.id, a.id, { status: 'snoozed' });

    expect(ids(await get(url(account.id, `?inbox_id=${a.id}`), admin.headers))).toEqual([billing.displayId]);
    expect(ids(await get(url(account.id, `?team_id=${team.id}`), admin.headers))).toEqual([billing.displayId]);
    expect(ids(await get(url(account.id, '?labels[]=vip&labels[]=billing'), admin.headers)).sort()).toEqual([billing.displayId, vip.displayId].sort());
    expect(ids(await get(url(account.id, '?labels=refund'), admin.headers))).toEqual([vip.displayId]);
    expect(ids(await get(url(account.id, '?status=resolved'), admin.headers))).toEqual([resolved.displayId]);
    expect(ids(await get(url(account.id, '?status=pending'), admin.headers))).toEqual([pending.displayId]);
    expect(ids(await get(url(account.id, '?status=snoozed'), admin.headers))).toEqual([snoozed.displayId]);
    expect(ids(await get(url(account.id, '?status=all'), admin.headers))).toHaveLength(5);
    expect(ids(await get(url(account.id, '?status=all&labels[]=vip'), admin.headers)).sort()).toEqual([vip.displayId, resolved.displayId].sort());
  });

  it('S1-4.22 S1-4.23 S1-7.68 conversation_type (and button_type): unattended (no first reply, or waiting), mention and participating', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const fresh = await createConversation(t, account.id, inbox.id);
    const waiting = await createConversation(t, account.id, inbox.id, { firstReplyCreatedAt: minutesAgo(30), waitingSince: minutesAgo(5) });
    const answered = await createConversation(t, account.id, inbox.id, { firstReplyCreatedAt: minutesAgo(30) });
    await t.db.insert(schema.mentions).values({ accountId: account.id, conversationId: answered.id, userId: admin.user.id });
    await t.db.insert(schema.conversationParticipants).values({ accountId: account.id, conversationId: waiting.id, userId: admin.user.id });

    expect(ids(await get(url(account.id, '?conversation_type=unattended'), admin.headers)).sort()).toEqual([fresh.displayId, waiting.displayId].sort());
    expect(ids(await get(url(account.id, '?conversation_type=mention'), admin.headers))).toEqual([answered.displayId]);
    expect(ids(await get(url(account.id, '?conversation_type=participating'), admin.headers))).toEqual([waiting.displayId]);
    expect(ids(await get(url(account.id, '?last_message_sender=contact'), admin.headers))).toEqual([waiting.displayId]);
    expect(ids(await get(url(account.id, '?button_type=mention'), admin.headers))).toEqual([answered.displayId]);
    expect((await get(url(account.id, '?button_type=everything'), admin.headers)).statusCode).toBe(422);
  });

  it('S1-4.20 S1-4.24 S1-4.25 sorts: latest by default, created_at, priority (urgent first, none last) and waiting_since', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const none = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(1), createdAt: minutesAgo(50), waitingSince: minutesAgo(3) });
    const low = await createConversation(t, account.id, inbox.id, { priority: 'low', lastActivityAt: minutesAgo(2), createdAt: minutesAgo(40), waitingSince: minutesAgo(9) });
    const urgent = await createConversation(t, account.id, inbox.id, { priority: 'urgent', lastActivityAt: minutesAgo(3), createdAt: minutesAgo(30) });
    const medium = await createConversation(t, account.id, inbox.id, { priority: 'medium', lastActivityAt: minutesAgo(4), createdAt: minutesAgo(60) });
    const sorted = async (sort: string) => ids(await get(url(account.id, `?sort_by=${sort}`), admin.headers));

    expect(await sorted('latest')).toEqual([none, low, urgent, medium].map((c) => c.displayId));
    expect(await sorted('last_activity_at_asc')).toEqual([medium, urgent, low, none].map((c) => c.displayId));
    expect(await sorted('sort_on_created_at')).toEqual([medium, none, low, urgent].map((c) => c.displayId));
    expect(await sorted('created_at_desc')).toEqual([urgent, low, none, medium].map((c) => c.displayId));
    expect(await sorted('sort_on_priority')).toEqual([urgent, medium, low, none].map((c) => c.displayId));
    expect(await sorted('priority_asc')).toEqual([none, low, medium, urgent].map((c) => c.displayId));
    expect((await sorted('sort_on_waiting_since')).slice(0, 2)).toEqual([low.displayId, none.displayId]);
    expect((await get(url(account.id, '?sort_by=loudest'), admin.headers)).statusCode).toBe(422);
  });

  it('S1-7.68 updated_within and hour_value keep recent activity only', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const recent = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(10) });
    await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(300), createdAt: minutesAgo(300) });
    expect(ids(await get(url(account.id, '?updated_within=3600'), admin.headers))).toEqual([recent.displayId]);
    expect(ids(await get(url(account.id, '?range_type=last_activity&hour_value=2'), admin.headers))).toEqual([recent.displayId]);
    expect(ids(await get(url(account.id, '?range_type=created&hour_value=2'), admin.headers))).toEqual([recent.displayId]);
  });

  it('answers 422 for bad parameters, 401 without auth and 404 for another account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    for (const query of ['?status=closed', '?assignee_type=them', '?page=0', '?conversation_type=vip']) {
      expect((await get(url(account.id, query), admin.headers)).statusCode, query).toBe(422);
    }
    expect((await get(url(account.id))).statusCode).toBe(401);
    expect((await get(url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await get(url(other.id, '/meta'), admin.headers)).statusCode).toBe(404);
  });
});

describe('who sees which conversations', () => {
  it('S1-6.01 agents and checkers see only their inboxes’ conversations; administrators see all', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    const theirs = await createInbox(t, account.id, { members: [agent.user.id] });
    const checked = await createInbox(t, account.id, { members: [checker.user.id] });
    const other = await createInbox(t, account.id);
    const a = await createConversation(t, account.id, theirs.id);
    const b = await createConversation(t, account.id, checked.id);
    const c = await createConversation(t, account.id, other.id);

    expect(ids(await get(url(account.id), agent.headers))).toEqual([a.displayId]);
    expect((await get(url(account.id, '/meta'), agent.headers)).json().meta.all_count).toBe(1);
    expect(ids(await get(url(account.id), checker.headers))).toEqual([b.displayId]);
    expect(ids(await get(url(account.id), admin.headers)).sort()).toEqual([a, b, c].map((x) => x.displayId).sort());
    expect((await get(url(account.id, `/${c.displayId}`), agent.headers)).statusCode).toBe(404);
    expect((await get(url(account.id, `/${a.displayId}`), agent.headers)).statusCode).toBe(200);
    // checkers read, but do not act
    expect((await post(url(account.id, `/${b.displayId}/toggle_status`), checker.headers, { status: 'resolved' })).statusCode).toBe(403);
  });

  it('S1-6.02 S1-6.04 S1-6.05 S1-6.06 S1-6.07 custom roles: conversation_manage sees the inbox, unassigned_manage the unassigned and own, participating_manage own and participating', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const role = async (permissions: string[]) =>
      (await post(`/api/v1/accounts/${account.id}/custom_roles`, admin.headers, { name: permissions.join('+'), permissions })).json().id as number;
    const manage = await createMember(t, account.id, 'agent', { customRoleId: await role(['conversation_manage']) });
    const unassigned = await createMember(t, account.id, 'agent', { customRoleId: await role(['conversation_unassigned_manage']) });
    const participating = await createMember(t, account.id, 'agent', { customRoleId: await role(['conversation_participating_manage']) });
    const contactsOnly = await createMember(t, account.id, 'agent', { customRoleId: await role(['contact_manage']) });
    const members = [manage, unassigned, participating, contactsOnly].map((m) => m.user.id);
    const inbox = await createInbox(t, account.id, { members });
    const free = await createConversation(t, account.id, inbox.id);
    const toUnassigned = await createConversation(t, account.id, inbox.id, { assigneeId: unassigned.user.id });
    const toParticipating = await createConversation(t, account.id, inbox.id, { assigneeId: participating.user.id });
    const joined = await createConversation(t, account.id, inbox.id, { assigneeId: admin.user.id });
    await t.db.insert(schema.conversationParticipants).values({ accountId: account.id, conversationId: joined.id, userId: participating.user.id });

    const seen = async (m: { headers: Headers }) => ids(await get(url(account.id, '?assignee_type=all'), m.headers)).sort();
    expect(await seen(manage)).toEqual([free, toUnassigned, toParticipating, joined].map((c) => c.displayId).sort());
    expect(await seen(unassigned)).toEqual([free, toUnassigned].map((c) => c.displayId).sort());
    expect(await seen(participating)).toEqual([toParticipating, joined].map((c) => c.displayId).sort());
    expect((await get(url(account.id), contactsOnly.headers)).statusCode).toBe(403);
    expect((await get(url(account.id, `/${free.displayId}`), participating.headers)).statusCode).toBe(404);
  });

  it('S1-6.06 a participating-only member’s counts follow the participants at once (their scope reads them)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const roleId = (await post(`/api/v1/accounts/${account.id}/custom_roles`, admin.headers, { name: 'Participants', permissions: ['conversation_participating_manage'] })).json().id as number;
    const member = await createMember(t, account.id, 'agent', { customRoleId: roleId });
    const inbox = await createInbox(t, account.id, { members: [member.user.id, admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id, { assigneeId: admin.user.id });
    const meta = async () => (await get(url(account.id, '/meta'), member.headers)).json().meta.all_count;
    expect(await meta()).toBe(0);
    expect((await post(url(account.id, `/${conversation.displayId}/participants`), admin.headers, { user_ids: [member.user.id] })).statusCode).toBe(200);
    expect(await meta()).toBe(1);
  });
});

describe('search and filter', () => {
  it('S1-7.70 searches display ids, contact handles and message content within the caller’s inboxes', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const hidden = await createInbox(t, account.id);
    const byName = await createConversation(t, account.id, mine.id, { contactId: (await createContact(t, account.id, { name: 'Priyanka Mehta' })).id });
    const byMessage = await createConversation(t, account.id, mine.id);
    await message(account.id, byMessage, { content: 'UTR 998877665544 was debited twice' });
    const notVisible = await createConversation(t, account.id, hidden.id);
    await message(account.id, notVisible, { content: 'UTR 998877665544 again' });

    const search = async (q: string, headers: Headers) => t.app.inject({ method: 'GET', url: url(account.id, `/search?q=${encodeURIComponent(q)}`), headers });
    const res = await search('priyanka', agent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ all_count: 1 });
    expect(ids(res)).toEqual([byName.displayId]);
    expect(ids(await search('8776655', agent.headers))).toEqual([byMessage.displayId]);
    expect(ids(await search('8776655', admin.headers)).sort()).toEqual([byMessage.displayId, notVisible.displayId].sort());
    // a number finds the conversation with that display id (other hits may carry the digits in a handle)
    expect(ids(await search(String(byName.displayId), agent.headers))).toContain(byName.displayId);
    expect(ids(await search('100%_off', agent.headers))).toEqual([]);
    expect((await search('', agent.headers)).statusCode).toBe(422);
  });

  it('S1-7.69 POST filter runs the grammar inside the caller’s scope and refuses unknown attributes with 422', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const hidden = await createInbox(t, account.id);
    const urgent = await createConversation(t, account.id, mine.id, { priority: 'urgent' });
    await createConversation(t, account.id, mine.id, { priority: 'low' });
    await createConversation(t, account.id, hidden.id, { priority: 'urgent' });
    const body = { payload: [{ attribute_key: 'priority', filter_operator: 'equal_to', values: ['urgent'], query_operator: null }] };

    const res = await post(url(account.id, '/filter'), agent.headers, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ all_count: 1 });
    expect(ids(res)).toEqual([urgent.displayId]);
    expect(ids(await post(url(account.id, '/filter'), admin.headers, body))).toHaveLength(2);
    const bad = await post(url(account.id, '/filter'), admin.headers, {
      payload: [{ attribute_key: "status') or 1=1 --", filter_operator: 'equal_to', values: ['open'], query_operator: null }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST filter pages', () => {
  it('S1-7.69 POST filter takes page: 25 a page, latest activity first, each row a full payload (ids first, then their rows)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    // made oldest activity first, so list order is the reverse of id order
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await createConversation(t, account.id, inbox.id, { priority: 'urgent', lastActivityAt: minutesAgo(27 - i) }));
    const urgent = made.reverse();
    // later activity, other priority: never on the pages
    await createConversation(t, account.id, inbox.id, { priority: 'low', lastActivityAt: minutesAgo(0) });
    const body = { payload: [{ attribute_key: 'priority', filter_operator: 'equal_to', values: ['urgent'], query_operator: null }] };
    const page = (n: number) => post(url(account.id, `/filter?page=${n}`), admin.headers, body);

    const first = await page(1);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toMatchObject({ all_count: 27 });
    expect(ids(first)).toEqual(urgent.slice(0, 25).map((c) => c.displayId));
    const row = first.json().payload[0];
    expect(row).toMatchObject({ id: urgent[0]!.displayId, priority: 'urgent', inbox_id: inbox.id, meta: { sender: { id: urgent[0]!.contactId } } });
    expect(ids(await page(2))).toEqual(urgent.slice(25).map((c) => c.displayId));
    expect(ids(await page(3))).toEqual([]);
  });
});

describe('the list index', () => {
  it('a status and priority filter, and a label, find their page of ids in the list index alone, in list order (index-only)', async () => {
    const { account } = await createAccountWithAdmin(t);
    const c = schema.conversations;
    const planOf = (condition: SQL) =>
      indexPlanOf(sql`select ${c.id} from ${c}
          where ${c.accountId} = ${account.id} and ${c.status} = 'open' and ${condition}
          order by ${c.lastActivityAt} desc nulls last, ${c.id} desc nulls last limit 25`);
    // the priority and the labels are read from the index (migration 0020's INCLUDE), not from each conversation's
    // row; no sort
    for (const condition of [sql`${c.priority} = 'urgent'`, sql`${c.labels} && ${sql.param(['billing'])}::text[]`]) {
      const plan = await planOf(condition);
      expect(plan).toContain('Index Only Scan using conversations_account_status_activity_idx');
      expect(plan).not.toContain('Sort');
    }
  });
});

describe('pages read ids first', () => {
  // Every status is read as one ordered read per status, merged (the list's indexes lead with the status), and a page
  // past the first is read ids first: both must give the rows, in the order, of one statement's ORDER BY.
  it('every status, and pages past the first, hold the rows of one ordered statement, for every sort and across ties', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const statuses = ['open', 'resolved', 'pending', 'snoozed'] as const;
    const priorities = [null, 'low', 'medium', 'high', 'urgent'] as const;
    // 62 conversations over every status, more than a page of them open (a status's read must reach past the page);
    // activity and creation times repeat (ties broken by id across statuses)
    for (let i = 0; i < 62; i++) {
      await createConversation(t, account.id, inbox.id, {
        status: i % 3 === 0 ? statuses[(i / 3) % 4] : 'open',
        priority: priorities[i % 5],
        lastActivityAt: minutesAgo((i * 5) % 17),
        createdAt: minutesAgo(100 + ((i * 3) % 11)),
        waitingSince: i % 3 === 0 ? null : minutesAgo((i * 2) % 13),
      });
    }
    const c = schema.conversations;
    const where = eq(c.accountId, account.id);
    const sorts = ['latest', 'last_activity_at_asc', 'created_at_desc', 'sort_on_created_at', 'sort_on_priority', 'priority_asc', 'sort_on_waiting_since', 'waiting_since_desc'] as const;
    // every status (one read per status), and the open ones (one read per priority for a priority sort)
    for (const [status, condition, count] of [['all', where, 62], ['open', and(where, eq(c.status, 'open'))!, 47]] as const) {
      for (const sort of sorts) {
        const reference = (await selectConversationRows(t.db, condition, sortOrder(sort), null, 0)).map((r) => r.conversation.displayId);
        expect(reference).toHaveLength(count);
        for (const [page, offset] of [[1, 0], [2, 25], [3, 50]] as const) {
          const expected = reference.slice(offset, offset + 25);
          const branches = pageBranches(status, sort);
          if (branches) {
            const merged = await selectConversationRows(t.db, condition, sortOrder(sort), 25, offset, { merge: branches });
            expect(merged.map((r) => r.conversation.displayId), `${status}, ${sort}, page ${page}, merged`).toEqual(expected);
          }
          const res = await get(url(account.id, `?status=${status}&sort_by=${sort}&page=${page}`), admin.headers);
          expect(ids(res), `${status}, ${sort}, page ${page}, GET`).toEqual(expected);
        }
      }
    }
    // a later page of one status, ids first, against that status's own ordered rows
    const resolved = (await selectConversationRows(t.db, and(where, eq(c.status, 'resolved'))!, sortOrder('latest'), null, 0)).map((r) => r.conversation.displayId);
    expect(resolved.length).toBeGreaterThan(0);
    const firstTwo = [...ids(await get(url(account.id, '?status=resolved'), admin.headers)), ...ids(await get(url(account.id, '?status=resolved&page=2'), admin.headers))];
    expect(firstTwo).toEqual(resolved);
  });

  it('every status reads one range of the list index per status, in order; a later page and a created sort read their ids first, the created sort in the order of its index', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    for (const status of ['open', 'resolved', 'pending', 'snoozed'] as const) await createConversation(t, account.id, inbox.id, { status });
    // a later page: its ids first, then the payload of those rows alone (one statement computed the payload's
    // lookups for every row it skipped too)
    const laterPage = await statementsOf(async () => expect(ids(await get(url(account.id, '?page=2'), admin.headers))).toEqual([]));
    expect(laterPage.map(statementText).filter((statement) => statement.includes('offset 25'))).toEqual([expect.stringMatching(/^select "conversations"."id" as id from /)]);
    // a sort no list index orders sorts the conversations alone (in parallel), then reads the page's payload
    const created = await statementsOf(async () => expect(ids(await get(url(account.id, '?sort_by=created_at_desc'), admin.headers))).toHaveLength(1));
    expect(created.map(statementText).filter((statement) => statement.includes('order by "conversations"."created_at" desc'))).toEqual([
      expect.stringMatching(/^select "conversations"."id" as id from "conversations" where/),
    ]);
    // both created sorts walk conversations_account_created_idx (forwards, backwards) in order, equal times put in
    // order of id by an incremental sort; an ORDER BY that does not match the index sorts every conversation
    for (const sort of ['created_at_desc', 'created_at_asc']) {
      const sent = await statementsOf(async () => expect(ids(await get(url(account.id, `?status=all&sort_by=${sort}`), admin.headers))).toHaveLength(4));
      const [read] = sent.filter((query) => statementText(query).includes('order by "conversations"."created_at"'));
      const plan = await indexPlanOf(read!, { inOrder: true });
      expect(plan, sort).toMatch(/Index Scan (Backward )?using conversations_account_created_idx/);
      expect(plan, sort).not.toMatch(/(^|-> {2})Sort\b/m);
    }
    // a condition tested row by row (a label few conversations carry, a last sender): one read that finds the
    // matches and sorts them, not a read per status that would walk every conversation of the status for them
    const narrowed = await statementsOf(async () => {
      for (const query of ['?status=all&labels[]=rare', '?status=all&last_message_sender=contact', '?status=all&sort_by=sort_on_priority&conversation_type=unattended']) {
        expect((await get(url(account.id, query), admin.headers)).statusCode).toBe(200);
      }
    });
    expect(narrowed.map(statementText).filter((statement) => statement.includes(' union all '))).toEqual([]);
    const everyStatus = await statementsOf(async () => expect(ids(await get(url(account.id, '?status=all'), admin.headers))).toHaveLength(4));
    const merged = everyStatus.filter((query) => statementText(query).includes(' union all '));
    expect(merged).toHaveLength(1);
    // a read in order over one that sorts, where the shape allows it (a single read over every status cannot, and
    // sorts them all)
    const plan = await indexPlanOf(merged[0]!, { inOrder: true });
    // four ranges of the index, each stopped after the page's rows; the one sort is of those rows alone
    expect(plan.match(/Index (Only )?Scan using conversations_account_status_activity_idx/g)).toHaveLength(4);
    expect(plan.match(/Limit/g)).toHaveLength(5);
    expect(plan.match(/Sort Key/g)).toHaveLength(1);
  });

  it('S1-7.69 a filter of one inbox over every status is merged and pages as one ordered statement; a filter with an or is not', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const other = await createInbox(t, account.id);
    const statuses = ['open', 'resolved', 'pending', 'snoozed'] as const;
    for (let i = 0; i < 45; i++) {
      await createConversation(t, account.id, i % 9 === 8 ? other.id : inbox.id, {
        status: i % 3 === 0 ? statuses[(i / 3) % 4] : 'open',
        lastActivityAt: minutesAgo((i * 5) % 13),
      });
    }
    const c = schema.conversations;
    const reference = (await selectConversationRows(t.db, and(eq(c.accountId, account.id), eq(c.inboxId, inbox.id)), sortOrder('latest'), null, 0)).map((r) => r.conversation.displayId);
    expect(reference).toHaveLength(40);
    const row = (key: string, value: number, operator: 'and' | 'or' | null = null) => ({ attribute_key: key, filter_operator: 'equal_to', values: [value], query_operator: operator });
    const unions = (sent: SQL[]) => sent.filter((query) => statementText(query).includes(' union all ')).length;
    const byInbox = await statementsOf(async () => {
      const first = await post(url(account.id, '/filter?page=1'), admin.headers, { payload: [row('inbox_id', inbox.id)] });
      expect(first.json().meta.all_count).toBe(40);
      expect(ids(first)).toEqual(reference.slice(0, 25));
      expect(ids(await post(url(account.id, '/filter?page=2'), admin.headers, { payload: [row('inbox_id', inbox.id)] }))).toEqual(reference.slice(25));
    });
    expect(unions(byInbox)).toBe(2);
    // an or (either inbox) is tested row by row: one statement
    const eitherInbox = await statementsOf(async () => {
      const either = await post(url(account.id, '/filter?page=1'), admin.headers, { payload: [row('inbox_id', inbox.id, 'or'), row('inbox_id', other.id)] });
      expect(either.json().meta.all_count).toBe(45);
    });
    expect(unions([...byInbox, ...eitherInbox])).toBe(2);
  });

  it('a later page and every status carry the same payloads as a first page read in one statement', async () => {
    const seeded = await seedRichConversations(t, 30);
    const get1 = async (query: string) => (await get(url(seeded.accountId, query), seeded.admin.headers)).json().data.payload as { id: number }[];
    // the rich conversations are open: a first page of open ones is one statement, every status and page 2 are ids first
    const firstPage = await get1('?status=open');
    expect(firstPage).toHaveLength(25);
    expect(await get1('?status=all')).toEqual(firstPage);
    const secondPage = await get1('?status=open&page=2');
    expect(secondPage.length).toBeGreaterThan(0);
    const all = [...firstPage, ...secondPage];
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    // page 2's payloads as one statement reads them: the same rows on a page of their own (by label-free ids)
    for (const conversation of secondPage) {
      const one = (await get(url(seeded.accountId, `/${conversation.id}`), seeded.admin.headers)).json();
      expect(conversation).toEqual(one);
    }
  });
});

describe('GET contacts/:id/conversations', () => {
  it('S1-7.58 lists the contact’s conversations the caller may see, latest first; other accounts’ contacts are 404', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const mine = await createInbox(t, account.id, { members: [agent.user.id] });
    const hidden = await createInbox(t, account.id);
    const contact = await createContact(t, account.id, { name: 'Asha' });
    const older = await createConversation(t, account.id, mine.id, { contactId: contact.id, lastActivityAt: minutesAgo(30) });
    const newer = await createConversation(t, account.id, hidden.id, { contactId: contact.id, status: 'resolved', lastActivityAt: minutesAgo(5) });
    await createConversation(t, account.id, mine.id);
    const path = `/api/v1/accounts/${account.id}/contacts/${contact.id}/conversations`;

    const all = await get(path, admin.headers);
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([newer.displayId, older.displayId]);
    expect(all.json().payload[0]).toMatchObject({ status: 'resolved', meta: { sender: { id: contact.id, name: 'Asha' } } });
    expect(ids(await get(path, agent.headers))).toEqual([older.displayId]);

    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createContact(t, other.id);
    expect((await get(`/api/v1/accounts/${account.id}/contacts/${theirs.id}/conversations`, admin.headers)).statusCode).toBe(404);
    expect((await get(path, otherAdmin.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/accounts/${account.id}/contacts/abc/conversations`, admin.headers)).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(401);
  });
});

describe('the list page as stored', () => {
  it('a page read ids first (a label, a search) carries the same payloads in the same order as one read in one statement', async () => {
    const seeded = await seedRichConversations(t, 12);
    const all = (await get(url(seeded.accountId, '?status=all'), seeded.admin.headers)).json().data.payload as { id: number; labels: string[] }[];
    const labelled = await get(url(seeded.accountId, '?status=all&labels[]=vip'), seeded.admin.headers);
    expect(labelled.statusCode).toBe(200);
    const expected = all.filter((c) => c.labels.includes('vip'));
    expect(expected.length).toBeGreaterThan(2);
    expect(labelled.json().data.payload).toEqual(expected);
    // the second page of a label: the rows after the first 25 (here none), not the first again
    expect((await get(url(seeded.accountId, '?status=all&labels[]=vip&page=2'), seeded.admin.headers)).json().data.payload).toEqual([]);
  });

  // The page and its summary messages are read by hand-written statements mapped by hand (queries.ts, messages'
  // window.ts): every field is compared with the rows drizzle reads from the tables, on both drivers.
  it('carries every column of the conversation, its contact and its summary messages as the tables hold them', async () => {
    const seeded = await seedRichConversations(t, 12);
    const res = await get(url(seeded.accountId, '?status=all'), seeded.admin.headers);
    expect(res.statusCode).toBe(200);
    type Loose = Record<string, unknown>;
    type Msg = Loose & { id: number; sender: { id: number } | null; attachments: Loose[] };
    type Item = Loose & { uuid: string; messages: Msg[]; last_non_activity_message: Msg | null; meta: { sender: Loose & { thumbnail: string }; assignee: { id: number } | null } };
    const payload = res.json().data.payload as Item[];
    expect(payload).toHaveLength(12);
    const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
    const c = schema.conversations;
    let attachmentsSeen = 0;
    for (const item of payload) {
      const [row] = await t.db.select().from(c).where(eq(c.uuid, item.uuid));
      const [contact] = await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, row!.contactId));
      expect(item).toMatchObject({
        id: row!.displayId,
        account_id: row!.accountId,
        inbox_id: row!.inboxId,
        status: row!.status,
        priority: row!.priority,
        labels: row!.labels,
        muted: row!.muted,
        snoozed_until: row!.snoozedUntil ? unix(row!.snoozedUntil) : null,
        additional_attributes: row!.additionalAttributes,
        custom_attributes: row!.customAttributes,
        agent_last_seen_at: unix(row!.agentLastSeenAt),
        assignee_last_seen_at: unix(row!.assigneeLastSeenAt),
        contact_last_seen_at: unix(row!.contactLastSeenAt),
        first_reply_created_at: unix(row!.firstReplyCreatedAt),
        waiting_since: unix(row!.waitingSince),
        last_activity_at: unix(row!.lastActivityAt),
        created_at: unix(row!.createdAt),
        updated_at: row!.updatedAt.getTime() / 1000,
      });
      expect(item.meta.sender).toMatchObject({
        id: contact!.id,
        name: contact!.name,
        email: contact!.email,
        phone_number: contact!.phoneNumber,
        identifier: contact!.identifier,
        blocked: contact!.blocked,
        additional_attributes: contact!.additionalAttributes,
        custom_attributes: contact!.customAttributes,
      });
      expect(item.meta.sender.thumbnail === '').toBe(contact!.avatarKey === null);
      expect(item.meta.assignee?.id ?? null).toBe(row!.assigneeId);
      for (const message of [...item.messages, item.last_non_activity_message].filter((m): m is Msg => m !== null)) {
        const [m] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, message.id));
        expect(message).toMatchObject({
          content: m!.content,
          account_id: m!.accountId,
          inbox_id: m!.inboxId,
          conversation_id: row!.displayId,
          content_type: m!.contentType,
          content_attributes: m!.contentAttributes,
          status: m!.status,
          private: m!.private,
          source_id: m!.sourceId,
          echo_id: m!.echoId,
          sender_type: m!.senderType,
          sender_id: m!.senderId,
          external_source_ids: m!.externalSourceIds,
          additional_attributes: m!.additionalAttributes,
          created_at: unix(m!.createdAt),
          updated_at: m!.updatedAt.getTime() / 1000,
        });
        expect(message.sender?.id ?? null).toBe(m!.senderId);
        const files = await t.db.select().from(schema.attachments).where(inArray(schema.attachments.messageId, [m!.id])).orderBy(schema.attachments.id);
        expect(message.attachments.map((a) => [a.id, a.message_id, a.file_type, a.file_name, a.file_size])).toEqual(
          files.map((f) => [f.id, f.messageId, f.fileType, f.fileName, f.byteSize]),
        );
        attachmentsSeen += files.length;
      }
    }
    // the seed gives some summary messages attachments; the comparison above must have seen them
    expect(attachmentsSeen).toBeGreaterThan(0);
  });

  // Event subjects are presented by id (the relay, notifications): the ids come from the account's own outbox rows,
  // and the presentation holds to the account anyway.
  it("presents by id only the account's own conversations", async () => {
    const mine = await createAccountWithAdmin(t);
    const other = await createAccountWithAdmin(t);
    const own = await createConversation(t, mine.account.id, (await createInbox(t, mine.account.id)).id);
    const foreign = await createConversation(t, other.account.id, (await createInbox(t, other.account.id)).id);
    const ctx = administratorCtx(t, mine.admin);
    const payloads = await presentConversationsByIds(ctx, [own.id, foreign.id]);
    expect([...payloads.keys()]).toEqual([own.id]);
    expect(payloads.get(own.id)).toMatchObject({ id: own.displayId, account_id: mine.account.id });
    await expect(presentConversationById(ctx, foreign.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await presentConversationById(ctx, own.id)).id).toBe(own.displayId);
  });
});

// last in the file: its 64 conversations would change what Postgres and PGlite plan for the tests above
describe('search pages, few matches or many', () => {
  it('S1-7.70 a search’s pages and counts are the same whether its matches are collected (few) or walked to (a common q), over every status', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createMember(t, account.id, 'agent');
    const inbox = await createInbox(t, account.id);
    const statuses = ['open', 'resolved', 'pending', 'snoozed'] as const;
    for (let i = 0; i < 64; i++) {
      // matched by the contact's name, by a message, or not at all (an activity message is not searched); last
      // activity repeats across statuses; assigned to the administrator, to another agent or to no one
      const contact = await createContact(t, account.id, { name: i % 4 === 0 ? `Pat Needleman ${i}` : `Sam Other ${i}` });
      const assigneeId = [admin.user.id, other.user.id, null][i % 3];
      const conversation = await createConversation(t, account.id, inbox.id, { contactId: contact.id, status: statuses[i % 4], lastActivityAt: minutesAgo(i % 7), assigneeId });
      if (i % 4 !== 0 && i % 2 === 1) await message(account.id, conversation, { content: `where is the needle ${i}` });
      if (i % 4 === 2) await message(account.id, conversation, { content: `a needle in a note ${i}`, messageType: 'activity', senderType: null, senderId: null });
    }
    const c = schema.conversations;
    const reference = await t.db
      .select({ displayId: c.displayId, assigneeId: c.assigneeId })
      .from(c)
      .where(and(eq(c.accountId, account.id), searchCondition(account.id, 'needle')))
      .orderBy(desc(c.lastActivityAt), desc(c.id));
    expect(reference.length).toBeGreaterThan(25);
    const counts = {
      mine_count: reference.filter((r) => r.assigneeId === admin.user.id).length,
      unassigned_count: reference.filter((r) => r.assigneeId === null).length,
      all_count: reference.length,
    };
    const ctx = administratorCtx(t, { user: admin.user, accountId: account.id });
    // each way under its own q (the counts are cached by q): the same matches, ILIKE
    for (const [q, few] of [['needle', FEW_CONVERSATIONS], ['NEEDLE', 3]] as const) {
      for (const page of [1, 2, 3]) {
        const result = await searchConversations(ctx, q, page, few);
        expect(result.payload.map((row) => row.id), `${q}, page ${page}`).toEqual(reference.slice((page - 1) * 25, page * 25).map((r) => r.displayId));
        expect(result.meta, `${q}, page ${page}`).toEqual(counts);
      }
    }
    // no match: an empty page and no counts
    expect(await searchConversations(ctx, 'haystack', 1)).toEqual({ meta: { mine_count: 0, unassigned_count: 0, all_count: 0 }, payload: [] });
  });
});
