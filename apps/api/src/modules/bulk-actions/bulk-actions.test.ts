import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (accountId: number, headers: Headers | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/accounts/${accountId}/bulk_actions`, ...(headers ? { headers } : {}), payload });

async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  const agent = await createMember(t, account.id, 'agent', { name: 'Agnes Agent' });
  const outsider = await createMember(t, account.id, 'agent', { name: 'Otto Outsider' });
  const mine = await createInbox(t, account.id, { name: 'Support', members: [agent.user.id] });
  const theirs = await createInbox(t, account.id, { name: 'Sales', members: [outsider.user.id] });
  await t.db.insert(schema.labels).values(['vip', 'lead', 'billing'].map((title) => ({ accountId: account.id, title })));
  const [team] = await t.db.insert(schema.teams).values({ accountId: account.id, name: 'Tier 2' }).returning();
  const first = await createConversation(t, account.id, mine.id, { labels: ['lead'] });
  const second = await createConversation(t, account.id, mine.id, { status: 'resolved', assigneeId: agent.user.id, labels: ['vip'] });
  const hidden = await createConversation(t, account.id, theirs.id);
  return { account, admin, agent, outsider, mine, theirs, team: team!, first, second, hidden };
}

const conversationsOf = (ids: number[]) => t.db.select().from(schema.conversations).where(inArray(schema.conversations.id, ids)).orderBy(asc(schema.conversations.id));
const activities = (conversationId: number) =>
  t.db
    .select({ content: schema.messages.content })
    .from(schema.messages)
    .where(and(eq(schema.messages.conversationId, conversationId), eq(schema.messages.messageType, 'activity')))
    .orderBy(asc(schema.messages.id));
const outbox = (accountId: number) => t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.accountId, accountId)).orderBy(asc(schema.outboxEvents.id));

/** What the database holds of a world's conversations: unchanged after a refused call. */
const snapshot = async (w: Awaited<ReturnType<typeof world>>) => ({
  rows: await conversationsOf([w.first.id, w.second.id, w.hidden.id]),
  outbox: (await outbox(w.account.id)).length,
  activities: (await activities(w.first.id)).length + (await activities(w.second.id)).length,
  audits: (await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.accountId, w.account.id))).length,
});

describe('POST bulk_actions', () => {
  it('S1-7.44 changes status, assignee and labels of many conversations in one go, with the activity lines, outbox rows and events of the single actions', async () => {
    const w = await world();
    let res;
    const events = await eventsDuring(t, w.account.id, async () => {
      res = await post(w.account.id, w.agent.headers, {
        type: 'Conversation',
        ids: [w.first.displayId, String(w.second.displayId)],
        fields: { status: 'resolved', assignee_id: w.agent.user.id },
        labels: { add: ['billing'], remove: ['lead'] },
      });
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toEqual({ payload: { updated_ids: [w.first.displayId, w.second.displayId], count: 2 } });

    const [first, second] = await conversationsOf([w.first.id, w.second.id]);
    expect(first).toMatchObject({ status: 'resolved', assigneeId: w.agent.user.id, labels: ['billing'] });
    // already resolved and assigned: only the labels changed
    expect(second).toMatchObject({ status: 'resolved', assigneeId: w.agent.user.id, labels: ['vip', 'billing'] });
    expect((await activities(w.first.id)).map((a) => a.content)).toEqual([
      'Conversation was marked resolved by Agnes Agent',
      'Assigned to Agnes Agent by Agnes Agent',
      'Agnes Agent added billing',
      'Agnes Agent removed lead',
    ]);
    expect((await activities(w.second.id)).map((a) => a.content)).toEqual(['Agnes Agent added billing']);

    const rows = await outbox(w.account.id);
    const conversationRows = rows.filter((r) => r.name !== 'message.created');
    expect(conversationRows.map((r) => [r.name, r.subject.conversationId]).sort()).toEqual(
      [
        ['assignee.changed', w.first.id],
        ['conversation.status_changed', w.first.id],
        ['conversation.updated', w.first.id],
        ['conversation.updated', w.second.id],
      ].sort(),
    );
    expect(conversationRows.every((r) => r.subject.actorId === w.agent.user.id && r.inboxId === w.mine.id)).toBe(true);

    const named = (name: string) => events.filter((e) => e.name === name);
    expect(named('conversation.status_changed').map((e) => (e.data as { id: number }).id)).toEqual([w.first.displayId]);
    expect(named('assignee.changed').map((e) => (e.data as { id: number }).id)).toEqual([w.first.displayId]);
    expect(named('conversation.updated').map((e) => (e.data as { id: number }).id).sort()).toEqual([w.first.displayId, w.second.displayId].sort());
    const updated = named('conversation.updated').find((e) => (e.data as { id: number }).id === w.second.displayId)!;
    expect((updated.data as { changed_attributes: unknown }).changed_attributes).toEqual({ labels: { previous_value: ['vip'], current_value: ['vip', 'billing'] } });
    expect(named('message.created')).toHaveLength(5);
    for (const e of events.filter((e) => e.name !== 'message.created')) expect(e).toMatchObject({ inboxId: w.mine.id });

    // one audit row for the whole change
    const audits = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, w.account.id), eq(schema.auditLogs.auditableType, 'Conversation')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'update', userId: w.agent.user.id, auditableId: null });
    expect(audits[0]!.auditedChanges).toEqual({
      name: '2 conversations (bulk action)',
      conversation_ids: [w.first.displayId, w.second.displayId],
      status: 'resolved',
      assignee_id: w.agent.user.id,
      labels_added: ['billing'],
      labels_removed: ['lead'],
    });
  });

  it('sets a team, snoozes until a time and unassigns; conversations already in that state are left out', async () => {
    const w = await world();
    const until = Math.floor(Date.now() / 1000) + 3_600;
    const res = await post(w.account.id, w.admin.headers, { ids: [w.first.displayId, w.hidden.displayId], fields: { team_id: w.team.id, status: 'snoozed', snoozed_until: until } });
    expect(res.json().payload).toEqual({ updated_ids: [w.first.displayId, w.hidden.displayId], count: 2 });
    const [first] = await conversationsOf([w.first.id]);
    expect(first).toMatchObject({ teamId: w.team.id, status: 'snoozed' });
    expect(first!.snoozedUntil!.getTime()).toBe(until * 1000);
    expect((await activities(w.first.id)).map((a) => a.content)).toEqual(['Conversation was snoozed by ' + (await adminName(w.admin.user.id)), `Assigned to Tier 2 by ${await adminName(w.admin.user.id)}`]);

    const again = await post(w.account.id, w.admin.headers, { ids: [w.first.displayId], fields: { team_id: w.team.id } });
    expect(again.json().payload).toEqual({ updated_ids: [], count: 0 });
    const clear = await post(w.account.id, w.admin.headers, { ids: [w.second.displayId], fields: { assignee_id: null, team_id: null } });
    expect(clear.json().payload.updated_ids).toEqual([w.second.displayId]);
    expect((await conversationsOf([w.second.id]))[0]).toMatchObject({ assigneeId: null, teamId: null });
    expect((await activities(w.second.id)).map((a) => a.content)).toEqual([`Conversation unassigned by ${await adminName(w.admin.user.id)}`]);
  });

  it('answers 404 with nothing written when an id is outside the caller’s scope or another account’s', async () => {
    const w = await world();
    const other = await world();
    const before = await snapshot(w);
    const hidden = await post(w.account.id, w.agent.headers, { ids: [w.first.displayId, w.hidden.displayId], fields: { status: 'resolved' } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Resource could not be found' });
    const unknown = await post(w.account.id, w.admin.headers, { ids: [w.first.displayId, 999_999], labels: { add: ['vip'] } });
    expect(unknown.statusCode).toBe(404);
    expect((await post(other.account.id, w.admin.headers, { ids: [other.first.displayId], fields: { status: 'resolved' } })).statusCode).toBe(404);
    expect(await snapshot(w)).toEqual(before);
    expect((await conversationsOf([other.first.id]))[0]!.status).toBe('open');
  });

  it('answers 422 per attribute with nothing written: an assignee outside an inbox, an unknown team or label, no change, a bad snooze', async () => {
    const w = await world();
    const before = await snapshot(w);
    const ids = [w.first.displayId, w.second.displayId];
    const cases: [object, string, string][] = [
      [{ ids, fields: { assignee_id: w.outsider.user.id } }, 'assignee_id', 'must be a member of each conversation’s inbox'],
      [{ ids, fields: { team_id: 987_654 } }, 'team_id', 'is not a team of this account'],
      [{ ids, labels: { add: ['vip', 'ghost'] } }, 'labels.add', 'has labels this account does not have: ghost'],
      [{ ids, labels: { remove: ['phantom'] } }, 'labels.remove', 'has labels this account does not have: phantom'],
      [{ ids }, 'fields', 'must change something (fields or labels)'],
      [{ ids, fields: { status: 'open', snoozed_until: Math.floor(Date.now() / 1000) + 60 } }, 'snoozed_until', 'is only allowed with status snoozed'],
      [{ ids, fields: { status: 'snoozed', snoozed_until: 1_000 } }, 'snoozed_until', 'must be in the future'],
      [{ ids: [], fields: { status: 'open' } }, 'ids', 'must name at least one conversation'],
      [{ ids, fields: { status: 'closed' } }, 'fields.status', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(w.account.id, w.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await snapshot(w)).toEqual(before);
  });

  it('answers 401 signed out and 403 for a role without conversation rights', async () => {
    const w = await world();
    const checker = await createMember(t, w.account.id, 'checker');
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: w.account.id, name: 'Contacts', permissions: ['contact_manage'] }).returning();
    const contactManager = await createMember(t, w.account.id, 'agent', { customRoleId: role!.id });
    const before = await snapshot(w);
    const body = { ids: [w.first.displayId], fields: { status: 'resolved' } };
    expect((await post(w.account.id, undefined, body)).statusCode).toBe(401);
    expect((await post(w.account.id, checker.headers, body)).statusCode).toBe(403);
    expect((await post(w.account.id, contactManager.headers, body)).statusCode).toBe(403);
    expect(await snapshot(w)).toEqual(before);
  });
});

async function adminName(userId: number) {
  const [user] = await t.db.select({ name: schema.users.name }).from(schema.users).where(eq(schema.users.id, userId));
  return user!.name;
}
