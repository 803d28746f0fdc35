import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { assignConversations } from './service.ts';
import { distribute } from './bulk-assignments.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number) => `/api/v1/accounts/${accountId}/bulk_assignments`;
const post = (accountId: number, headers: Headers | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: url(accountId), ...(headers ? { headers } : {}), payload });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function assignees(conversationIds: number[]) {
  const rows = await t.db
    .select({ id: schema.conversations.id, assigneeId: schema.conversations.assigneeId })
    .from(schema.conversations)
    .where(inArray(schema.conversations.id, conversationIds));
  return Object.fromEntries(rows.map((r) => [r.id, r.assigneeId]));
}

/** An inbox led by `lead` with agents Ann and Bob; Bob already has two open conversations in it. */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const bob = await createMember(t, account.id, 'agent', { name: 'Bob' });
  const lead = await createMember(t, account.id, 'agent', { name: 'Lea' });
  const inbox = await createInbox(t, account.id, { members: [ann.user.id, bob.user.id] });
  await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: lead.user.id, isLeader: true });
  const elsewhere = await createInbox(t, account.id, { members: [ann.user.id] });
  await createConversation(t, account.id, inbox.id, { assigneeId: bob.user.id });
  await createConversation(t, account.id, inbox.id, { assigneeId: bob.user.id });
  // resolved conversations and other inboxes' conversations are no load here
  await createConversation(t, account.id, inbox.id, { assigneeId: ann.user.id, status: 'resolved' });
  await createConversation(t, account.id, elsewhere.id, { assigneeId: ann.user.id });
  await createConversation(t, account.id, elsewhere.id, { assigneeId: ann.user.id });
  return { account, admin, ann, bob, lead, inbox, elsewhere };
}

describe('distribute', () => {
  it('gives each conversation to the least loaded agent, ties to the earlier agent', () => {
    expect(distribute([1, 2, 3, 4, 5], [10, 20], new Map([[20, 2]])).map((a) => a.assigneeId)).toEqual([10, 10, 10, 20, 10]);
    expect(distribute([1, 2, 3], [10, 20, 30], new Map()).map((a) => a.assigneeId)).toEqual([10, 20, 30]);
  });
});

describe('POST bulk_assignments', () => {
  it("S1-7.09 distributes the inbox's unassigned open conversations, oldest activity first, least loaded agent first", async () => {
    const { account, admin, ann, bob, inbox, elsewhere } = await setup();
    const c3 = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(30) });
    const c1 = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(90) });
    const c2 = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(60) });
    const c4 = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(10) });
    const c5 = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(5) });
    const pending = await createConversation(t, account.id, inbox.id, { status: 'pending', lastActivityAt: minutesAgo(100) });
    const taken = await createConversation(t, account.id, inbox.id, { assigneeId: bob.user.id, lastActivityAt: minutesAgo(100) });
    const outside = await createConversation(t, account.id, elsewhere.id, { lastActivityAt: minutesAgo(100) });

    const res = await post(account.id, admin.headers, { bulk_assignment: { inbox_id: inbox.id, user_ids: [ann.user.id, bob.user.id] } });
    expect(res.statusCode).toBe(200);
    // in this inbox Bob starts with 3 open conversations, Ann with none: Ann takes four (the tie goes to her), then Bob
    expect(res.json()).toEqual({
      payload: [
        { conversation_id: c1.displayId, assignee_id: ann.user.id },
        { conversation_id: c2.displayId, assignee_id: ann.user.id },
        { conversation_id: c3.displayId, assignee_id: ann.user.id },
        { conversation_id: c4.displayId, assignee_id: ann.user.id },
        { conversation_id: c5.displayId, assignee_id: bob.user.id },
      ],
      assigned_count: 5,
    });
    expect(await assignees([c1.id, c2.id, c3.id, c4.id, c5.id, pending.id, taken.id, outside.id])).toEqual({
      [c1.id]: ann.user.id, [c2.id]: ann.user.id, [c3.id]: ann.user.id, [c4.id]: ann.user.id, [c5.id]: bob.user.id,
      [pending.id]: null, [taken.id]: bob.user.id, [outside.id]: null,
    });
    // nothing left unassigned and open
    expect((await post(account.id, admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id] })).json()).toEqual({ payload: [], assigned_count: 0 });
  });

  it('round-robins equally loaded agents; status picks pending conversations; limit caps the batch', async () => {
    const { account, admin, ann, bob, lead, inbox } = await setup();
    const p = [];
    for (const m of [50, 40, 30, 20]) p.push(await createConversation(t, account.id, inbox.id, { status: 'pending', lastActivityAt: minutesAgo(m) }));
    const open = await createConversation(t, account.id, inbox.id, { lastActivityAt: minutesAgo(100) });
    const res = await post(account.id, admin.headers, { inbox_id: inbox.id, user_ids: [lead.user.id, ann.user.id], status: 'pending', limit: 3 });
    expect(res.json().payload).toEqual([
      { conversation_id: p[0]!.displayId, assignee_id: lead.user.id },
      { conversation_id: p[1]!.displayId, assignee_id: ann.user.id },
      { conversation_id: p[2]!.displayId, assignee_id: lead.user.id },
    ]);
    expect(await assignees([p[3]!.id, open.id])).toEqual({ [p[3]!.id]: null, [open.id]: null });
    expect(bob.user.id).toBeGreaterThan(0);
  });

  it('assigns the given conversations (display ids, reassigning them) in the given order', async () => {
    const { account, admin, ann, bob, inbox } = await setup();
    const a = await createConversation(t, account.id, inbox.id, { assigneeId: ann.user.id });
    const b = await createConversation(t, account.id, inbox.id, { status: 'resolved' });
    const c = await createConversation(t, account.id, inbox.id);
    const res = await post(account.id, admin.headers, { inbox_id: inbox.id, user_ids: [bob.user.id], conversation_ids: [c.displayId, a.displayId, b.displayId, c.displayId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      payload: [c, a, b].map((x) => ({ conversation_id: x.displayId, assignee_id: bob.user.id })),
      assigned_count: 3,
    });
    expect(await assignees([a.id, b.id, c.id])).toEqual({ [a.id]: bob.user.id, [b.id]: bob.user.id, [c.id]: bob.user.id });
  });

  it('S1-7.09 an agent who leads the inbox may bulk-assign; other agents get 403, or 404 for an inbox they are not in; checkers 403', async () => {
    const { account, ann, bob, lead, inbox, elsewhere } = await setup();
    const c = await createConversation(t, account.id, inbox.id);
    const checker = await createMember(t, account.id, 'checker');
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: checker.user.id, isLeader: true });
    const payload = { inbox_id: inbox.id, user_ids: [bob.user.id] };
    expect((await post(account.id, ann.headers, payload)).statusCode).toBe(403);
    expect((await post(account.id, checker.headers, payload)).statusCode).toBe(403);
    expect((await post(account.id, lead.headers, { inbox_id: elsewhere.id, user_ids: [bob.user.id] })).statusCode).toBe(404);
    expect(await assignees([c.id])).toEqual({ [c.id]: null });
    const res = await post(account.id, lead.headers, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual([{ conversation_id: c.displayId, assignee_id: bob.user.id }]);
  });

  it('answers 422 and assigns nothing for conversations of another inbox, non-members of the inbox or a bad body', async () => {
    const { account, admin, ann, inbox, elsewhere } = await setup();
    const outsider = await createMember(t, account.id, 'agent');
    const { admin: foreigner } = await createAccountWithAdmin(t);
    const mine = await createConversation(t, account.id, inbox.id);
    const other = await createConversation(t, account.id, elsewhere.id);
    const cases: [object, string][] = [
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], conversation_ids: [mine.displayId, other.displayId] }, 'conversation_ids'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], conversation_ids: [mine.displayId, 99_999] }, 'conversation_ids'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id, outsider.user.id] }, 'user_ids'],
      [{ inbox_id: inbox.id, user_ids: [foreigner.user.id] }, 'user_ids'],
      [{ inbox_id: inbox.id, user_ids: [] }, 'user_ids'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], status: 'resolved' }, 'status'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], limit: 1001 }, 'limit'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], conversation_ids: [] }, 'conversation_ids'],
      [{ user_ids: [ann.user.id] }, 'inbox_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(account.id, admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes[0], JSON.stringify(payload)).toMatch(new RegExp(`^${field}`));
    }
    expect(await assignees([mine.id, other.id])).toEqual({ [mine.id]: null, [other.id]: null });
  });

  it("answers 401 without auth and 404 for another account's inbox", async () => {
    const { account, admin, ann, inbox } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.id, { members: [otherAdmin.user.id] });
    const theirConversation = await createConversation(t, other.id, theirs.id);
    expect((await post(account.id, undefined, { inbox_id: inbox.id, user_ids: [ann.user.id] })).statusCode).toBe(401);
    expect((await post(account.id, admin.headers, { inbox_id: theirs.id, user_ids: [otherAdmin.user.id] })).statusCode).toBe(404);
    expect((await post(other.id, admin.headers, { inbox_id: theirs.id, user_ids: [otherAdmin.user.id] })).statusCode).toBe(404);
    expect(await assignees([theirConversation.id])).toEqual({ [theirConversation.id]: null });
  });
});

describe('assignConversations', () => {
  it('updates in one statement and answers only the conversations whose assignee changed, with the previous one', async () => {
    const { account, ann, bob, inbox } = await setup();
    const { account: other } = await createAccountWithAdmin(t);
    const a = await createConversation(t, account.id, inbox.id, { assigneeId: ann.user.id });
    const b = await createConversation(t, account.id, inbox.id, { assigneeId: bob.user.id });
    const c = await createConversation(t, account.id, inbox.id);
    const foreign = await createConversation(t, other.id, (await createInbox(t, other.id)).id);
    const changes = await t.db.transaction((tx) =>
      assignConversations(tx, account.id, [
        { conversationId: a.id, assigneeId: bob.user.id },
        { conversationId: b.id, assigneeId: bob.user.id },
        { conversationId: c.id, assigneeId: ann.user.id },
        { conversationId: foreign.id, assigneeId: ann.user.id },
      ]),
    );
    expect(changes.sort((x, y) => x.id - y.id)).toEqual([
      { id: a.id, displayId: a.displayId, inboxId: inbox.id, previousAssigneeId: ann.user.id, assigneeId: bob.user.id },
      { id: c.id, displayId: c.displayId, inboxId: inbox.id, previousAssigneeId: null, assigneeId: ann.user.id },
    ]);
    expect(await assignees([a.id, b.id, c.id, foreign.id])).toEqual({ [a.id]: bob.user.id, [b.id]: bob.user.id, [c.id]: ann.user.id, [foreign.id]: null });
    const updatedAt = async (id: number) => (await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, id)))[0]!.updatedAt.getTime();
    expect(await updatedAt(b.id)).toBe(b.updatedAt.getTime());
    expect(await updatedAt(a.id)).toBeGreaterThanOrEqual(a.updatedAt.getTime());
  });
});
