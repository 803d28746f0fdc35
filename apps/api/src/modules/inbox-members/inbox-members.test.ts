import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createInbox, createMember, PASSWORD } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Agent = { id: number; team_leader: boolean; view_data: boolean; confirmed: boolean };
const url = (accountId: number, rest: string) => `/api/v1/accounts/${accountId}/${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

const inboxKey = async (accountId: number, headers: Headers) => (await call('GET', url(accountId, 'cache_keys'), headers)).json().cache_keys.inbox as number;
/** [id, team_leader, view_data] of each member, by id. */
const flags = (payload: Agent[]) => payload.map((a) => [a.id, a.team_leader, a.view_data]).sort((x, y) => (x[0] as number) - (y[0] as number));
const ids = (payload: { id: number }[]) => payload.map((a) => a.id).sort((a, b) => a - b);

async function memberRows(inboxId: number) {
  const rows = await t.db.select().from(schema.inboxMembers).where(eq(schema.inboxMembers.inboxId, inboxId));
  return rows.map((r) => [r.userId, r.isLeader, r.canViewData]).sort((x, y) => (x[0] as number) - (y[0] as number));
}

async function memberAudits(accountId: number) {
  return t.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.accountId, accountId), eq(schema.auditLogs.auditableType, 'Inbox'), eq(schema.auditLogs.associatedType, 'InboxMember')));
}

/** An account with an administrator, two agents and a checker (all confirmed) and one empty inbox. */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const bob = await createMember(t, account.id, 'agent', { name: 'Bob' });
  const cid = await createMember(t, account.id, 'checker', { name: 'Cid' });
  const inbox = await createInbox(t, account.id);
  return { account, admin, ann, bob, cid, inbox };
}

describe('GET inbox_members/:inbox_id', () => {
  it("answers the inbox's agents with team_leader and view_data; members of the inbox may read it", async () => {
    const { account, admin, ann, bob, cid, inbox } = await setup();
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: inbox.id, userId: ann.user.id, isLeader: true },
      { accountId: account.id, inboxId: inbox.id, userId: cid.user.id, canViewData: true },
    ]);
    for (const caller of [admin, ann, cid]) {
      const res = await call('GET', url(account.id, `inbox_members/${inbox.id}`), caller.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.map((a: { name: string }) => a.name)).toEqual(['Ann', 'Cid']);
      expect(flags(res.json().payload)).toEqual([[ann.user.id, true, false], [cid.user.id, false, true]].sort((x, y) => (x[0] as number) - (y[0] as number)));
    }
    expect((await call('GET', url(account.id, `inbox_members/${inbox.id}`), admin.headers)).json().payload[0]).toMatchObject({
      id: ann.user.id, account_id: account.id, role: 'agent', email: ann.user.email, confirmed: true, available_name: 'Ann', provider: 'email',
    });
    // S0-6.10: a member of the account who is not a member of the inbox does not see it
    expect((await call('GET', url(account.id, `inbox_members/${inbox.id}`), bob.headers)).statusCode).toBe(404);
  });

  it('S0-6.10 a checker reads only the inboxes assigned to them', async () => {
    const { account, cid } = await setup();
    const assigned = await createInbox(t, account.id, { members: [cid.user.id] });
    const other = await createInbox(t, account.id);
    expect((await call('GET', url(account.id, `inbox_members/${assigned.id}`), cid.headers)).json().payload.map((a: Agent) => a.id)).toEqual([cid.user.id]);
    expect((await call('GET', url(account.id, `inbox_members/${other.id}`), cid.headers)).statusCode).toBe(404);
  });

  it("answers 401 without auth and 404 for another account's inbox, a malformed id or a foreign account", async () => {
    const { account, admin, inbox } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.id, { members: [otherAdmin.user.id] });
    expect((await call('GET', url(account.id, `inbox_members/${inbox.id}`), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(account.id, `inbox_members/${theirs.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 'inbox_members/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(other.id, `inbox_members/${theirs.id}`), admin.headers)).statusCode).toBe(404);
  });
});

describe('POST inbox_members', () => {
  it('adds members, leaders and view-data members (the union), bumps the inbox cache key, publishes it and audits', async () => {
    const { account, admin, ann, bob, cid, inbox } = await setup();
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    const k0 = await inboxKey(account.id, admin.headers);

    const res = await call('POST', url(account.id, 'inbox_members'), admin.headers, {
      inbox_member: { inbox_id: inbox.id, user_ids: [ann.user.id], team_leader_ids: [bob.user.id], view_data_ids: [cid.user.id, ann.user.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.map((a: { name: string }) => a.name)).toEqual(['Ann', 'Bob', 'Cid']);
    const expected = [[ann.user.id, false, true], [bob.user.id, true, false], [cid.user.id, false, true]].sort((x, y) => (x[0] as number) - (y[0] as number));
    expect(flags(res.json().payload)).toEqual(expected);
    expect(await memberRows(inbox.id)).toEqual(expected);
    const k1 = await inboxKey(account.id, admin.headers);
    expect(k1).toBeGreaterThan(k0);

    // adding again keeps the flags already on and adds the new member (flat body)
    const again = await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [bob.user.id, admin.user.id] });
    expect(flags(again.json().payload)).toEqual([...expected, [admin.user.id, false, false]].sort((x, y) => (x[0] as number) - (y[0] as number)));
    expect(await inboxKey(account.id, admin.headers)).toBeGreaterThan(k1);

    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    const mine = events.filter((e) => e.accountId === account.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ name: 'account.cache_invalidated', data: { cache_keys: { inbox: k1 } } });
    const audits = await memberAudits(account.id);
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.auditableId === inbox.id && a.action === 'update' && a.userId === admin.user.id)).toBe(true);
    const first = audits.find((a) => (a.auditedChanges as Record<string, [number[], number[]]>).user_ids?.[0].length === 0)!;
    expect((first.auditedChanges as Record<string, [number[], number[]]>).team_leader_ids).toEqual([[], [bob.user.id]]);
  });

  it('answers 422 and writes nothing when an id is not a member of this account or the body is malformed', async () => {
    const { account, admin, ann, inbox } = await setup();
    const { admin: outsider } = await createAccountWithAdmin(t);
    await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id] });
    const before = [await countRows(t, schema.inboxMembers), await countRows(t, schema.auditLogs), await inboxKey(account.id, admin.headers)];
    const cases: [object, string][] = [
      [{ inbox_id: inbox.id, user_ids: [outsider.user.id] }, 'user_ids'],
      [{ inbox_id: inbox.id, user_ids: [ann.user.id], team_leader_ids: [outsider.user.id] }, 'team_leader_ids'],
      [{ inbox_id: inbox.id, user_ids: [], view_data_ids: [outsider.user.id, ann.user.id] }, 'view_data_ids'],
      [{ inbox_id: inbox.id, user_ids: ['x'] }, 'user_ids'],
      [{ inbox_id: inbox.id }, 'user_ids'],
      [{ user_ids: [ann.user.id] }, 'inbox_id'],
      [{ inbox_id: 'abc', user_ids: [ann.user.id] }, 'inbox_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id, 'inbox_members'), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes[0], JSON.stringify(payload)).toMatch(new RegExp(`^${field}`));
    }
    expect([await countRows(t, schema.inboxMembers), await countRows(t, schema.auditLogs), await inboxKey(account.id, admin.headers)]).toEqual(before);
  });

  it("answers 403 to agents and checkers, 401 without auth, 404 for another account's inbox; nothing is written", async () => {
    const { account, admin, ann, cid, inbox } = await setup();
    const { account: other } = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.id);
    const payload = { inbox_id: inbox.id, user_ids: [ann.user.id] };
    const before = await countRows(t, schema.inboxMembers);
    expect((await call('POST', url(account.id, 'inbox_members'), ann.headers, payload)).statusCode).toBe(403);
    expect((await call('POST', url(account.id, 'inbox_members'), cid.headers, payload)).statusCode).toBe(403);
    expect((await call('POST', url(account.id, 'inbox_members'), undefined, payload)).statusCode).toBe(401);
    expect((await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: theirs.id, user_ids: [ann.user.id] })).statusCode).toBe(404);
    expect((await call('POST', url(other.id, 'inbox_members'), admin.headers, payload)).statusCode).toBe(404);
    expect(await countRows(t, schema.inboxMembers)).toBe(before);
  });
});

describe('PATCH inbox_members', () => {
  it('S1-7.24 replaces the member set with user_ids, team_leader_ids and view_data_ids; flags not listed are cleared', async () => {
    const { account, admin, ann, bob, cid, inbox } = await setup();
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: inbox.id, userId: ann.user.id, isLeader: true, canViewData: true },
      { accountId: account.id, inboxId: inbox.id, userId: admin.user.id, isLeader: true },
    ]);
    const k0 = await inboxKey(account.id, admin.headers);
    const res = await call('PATCH', url(account.id, 'inbox_members'), admin.headers, {
      inbox_member: { inbox_id: inbox.id, user_ids: [ann.user.id, bob.user.id], team_leader_ids: [bob.user.id], view_data_ids: [cid.user.id] },
    });
    expect(res.statusCode).toBe(200);
    const expected = [[ann.user.id, false, false], [bob.user.id, true, false], [cid.user.id, false, true]].sort((x, y) => (x[0] as number) - (y[0] as number));
    expect(flags(res.json().payload)).toEqual(expected);
    expect(await memberRows(inbox.id)).toEqual(expected);
    expect(await inboxKey(account.id, admin.headers)).toBeGreaterThan(k0);
    const [audit] = await memberAudits(account.id);
    expect(audit!.auditedChanges).toMatchObject({
      user_ids: [[admin.user.id, ann.user.id].sort((a, b) => a - b), [ann.user.id, bob.user.id, cid.user.id].sort((a, b) => a - b)],
      team_leader_ids: [[admin.user.id, ann.user.id].sort((a, b) => a - b), [bob.user.id]],
    });

    // only user_ids (Chatwoot's body): every flag is cleared
    const plain = await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [bob.user.id] });
    expect(flags(plain.json().payload)).toEqual([[bob.user.id, false, false]]);
    // an empty list empties the inbox
    expect((await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [] })).json()).toEqual({ payload: [] });
    expect(await memberRows(inbox.id)).toEqual([]);
  });

  it('a PATCH that changes nothing writes no audit row and leaves the cache key', async () => {
    const { account, admin, ann, inbox } = await setup();
    await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id], team_leader_ids: [ann.user.id] });
    const k = await inboxKey(account.id, admin.headers);
    const res = await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id], team_leader_ids: [ann.user.id] });
    expect(flags(res.json().payload)).toEqual([[ann.user.id, true, false]]);
    expect(await inboxKey(account.id, admin.headers)).toBe(k);
    expect(await memberAudits(account.id)).toHaveLength(1);
  });

  it("answers 422 (nothing written) for a user of another account, 403 to an agent, 401 without auth, 404 for another account's inbox", async () => {
    const { account, admin, ann, bob, inbox } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.id, { members: [otherAdmin.user.id] });
    await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id] });
    const bad = await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [bob.user.id], team_leader_ids: [otherAdmin.user.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().attributes).toEqual(['team_leader_ids']);
    expect(await memberRows(inbox.id)).toEqual([[ann.user.id, false, false]]);
    expect((await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [bob.user.id], view_data_ids: 'all' })).statusCode).toBe(422);

    expect((await call('PATCH', url(account.id, 'inbox_members'), ann.headers, { inbox_id: inbox.id, user_ids: [bob.user.id] })).statusCode).toBe(403);
    expect((await call('PATCH', url(account.id, 'inbox_members'), undefined, { inbox_id: inbox.id, user_ids: [bob.user.id] })).statusCode).toBe(401);
    expect((await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: theirs.id, user_ids: [admin.user.id] })).statusCode).toBe(404);
    expect(await memberRows(theirs.id)).toEqual([[otherAdmin.user.id, false, false]]);
    expect(await memberRows(inbox.id)).toEqual([[ann.user.id, false, false]]);
  });
});

describe('DELETE inbox_members', () => {
  it('removes the listed members and answers 200 with an empty body', async () => {
    const { account, admin, ann, bob, inbox } = await setup();
    await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id, bob.user.id], team_leader_ids: [ann.user.id] });
    const k = await inboxKey(account.id, admin.headers);
    const res = await call('DELETE', url(account.id, 'inbox_members'), admin.headers, { inbox_member: { inbox_id: inbox.id, user_ids: [ann.user.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await memberRows(inbox.id)).toEqual([[bob.user.id, false, false]]);
    expect(await inboxKey(account.id, admin.headers)).toBeGreaterThan(k);
    expect((await memberAudits(account.id)).map((a) => a.auditedChanges)).toContainEqual({ user_ids: [[ann.user.id, bob.user.id].sort((a, b) => a - b), [bob.user.id]], team_leader_ids: [[ann.user.id], []] });
  });

  it("answers 422 (nothing removed) for an empty list or a user of another account, 403 to an agent, 401 without auth, 404 for another account's inbox", async () => {
    const { account, admin, ann, inbox } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.id, { members: [otherAdmin.user.id] });
    await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: inbox.id, user_ids: [ann.user.id] });
    for (const payload of [{ inbox_id: inbox.id, user_ids: [] }, { inbox_id: inbox.id, user_ids: [ann.user.id, otherAdmin.user.id] }, { inbox_id: inbox.id }]) {
      const res = await call('DELETE', url(account.id, 'inbox_members'), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^user_ids/);
    }
    expect((await call('DELETE', url(account.id, 'inbox_members'), ann.headers, { inbox_id: inbox.id, user_ids: [ann.user.id] })).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, 'inbox_members'), undefined, { inbox_id: inbox.id, user_ids: [ann.user.id] })).statusCode).toBe(401);
    expect((await call('DELETE', url(account.id, 'inbox_members'), admin.headers, { inbox_id: theirs.id, user_ids: [otherAdmin.user.id] })).statusCode).toBe(404);
    expect(await memberRows(inbox.id)).toEqual([[ann.user.id, false, false]]);
    expect(await memberRows(theirs.id)).toEqual([[otherAdmin.user.id, false, false]]);
  });
});

describe('assignable agents', () => {
  it('S1-7.25 S1-5.49 S1-3.38 answers the confirmed members of every given inbox, in each query form', async () => {
    const { account, admin, ann, bob, cid } = await setup();
    const pending = await createMember(t, account.id, 'agent', { name: 'Pat Pending', confirmed: false });
    const first = await createInbox(t, account.id, { members: [ann.user.id, bob.user.id, pending.user.id, admin.user.id] });
    const second = await createInbox(t, account.id, { members: [ann.user.id, pending.user.id, admin.user.id, cid.user.id] });

    const one = await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${first.id}`), ann.headers);
    expect(one.statusCode).toBe(200);
    expect(ids(one.json().payload)).toEqual([admin.user.id, ann.user.id, bob.user.id].sort((a, b) => a - b));
    expect(one.json().payload.every((a: Agent) => a.confirmed === true)).toBe(true);
    expect(one.json().payload.find((a: Agent) => a.id === ann.user.id)).toMatchObject({ name: 'Ann', role: 'agent', confirmed: true, account_id: account.id });

    const both = [admin.user.id, ann.user.id].sort((a, b) => a - b);
    for (const query of [`inbox_ids[]=${first.id}&inbox_ids[]=${second.id}`, `inbox_ids=${first.id},${second.id}`, `inbox_ids=${first.id}&inbox_ids=${second.id}`, `inbox_ids[]=${first.id}&inbox_ids[]=${first.id}&inbox_ids[]=${second.id}`]) {
      const res = await call('GET', url(account.id, `assignable_agents?${query}`), admin.headers);
      expect(res.statusCode, query).toBe(200);
      expect(ids(res.json().payload), query).toEqual(both);
    }
    const single = await call('GET', url(account.id, `inboxes/${second.id}/assignable_agents`), admin.headers);
    expect(ids(single.json().payload)).toEqual([admin.user.id, ann.user.id, cid.user.id].sort((a, b) => a - b));
  });

  it('adds the confirmed administrators, members of the inbox or not, as Chatwoot does; agents who are not members stay out', async () => {
    const { account, admin, ann } = await setup();
    const pendingAdmin = await createMember(t, account.id, 'administrator', { name: 'Pending Admin', confirmed: false });
    const inbox = await createInbox(t, account.id, { members: [ann.user.id] });
    const res = await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${inbox.id}`), ann.headers);
    expect(ids(res.json().payload)).toEqual([admin.user.id, ann.user.id].sort((a, b) => a - b));
    expect(ids(res.json().payload)).not.toContain(pendingAdmin.user.id);
  });

  it("answers 404 for inboxes the caller cannot see or of another account, 422 without inbox ids, 401 without auth", async () => {
    const { account, admin, ann, bob } = await setup();
    const { account: other } = await createAccountWithAdmin(t);
    const annInbox = await createInbox(t, account.id, { members: [ann.user.id] });
    const bobInbox = await createInbox(t, account.id, { members: [bob.user.id] });
    const theirs = await createInbox(t, other.id);
    expect((await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${annInbox.id}`), ann.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${annInbox.id}&inbox_ids[]=${bobInbox.id}`), ann.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `inboxes/${bobInbox.id}/assignable_agents`), ann.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${theirs.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `inboxes/${theirs.id}/assignable_agents`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 'inboxes/abc/assignable_agents'), admin.headers)).statusCode).toBe(404);
    for (const query of ['', '?inbox_ids[]=abc', '?inbox_ids=']) {
      const res = await call('GET', url(account.id, `assignable_agents${query}`), admin.headers);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^inbox_ids/);
    }
    expect((await call('GET', url(account.id, `assignable_agents?inbox_ids[]=${annInbox.id}`), undefined)).statusCode).toBe(401);
  });
});

describe('leader_inbox and checker_inbox of the current user', () => {
  it('S1-3.11 S0-3.08 each account entry lists the inboxes the user leads and, for a checker, the inboxes assigned to them', async () => {
    const { account, admin, ann, cid } = await setup();
    const { account: second, admin: secondAdmin } = await createAccountWithAdmin(t);
    await t.db.insert(schema.accountUsers).values({ accountId: second.id, userId: ann.user.id, role: 'checker' });
    const led = await createInbox(t, account.id);
    const plain = await createInbox(t, account.id);
    const checked = await createInbox(t, second.id);
    const unassigned = await createInbox(t, second.id);

    await call('PATCH', url(account.id, 'inbox_members'), admin.headers, { inbox_id: led.id, user_ids: [cid.user.id], team_leader_ids: [ann.user.id] });
    await call('POST', url(account.id, 'inbox_members'), admin.headers, { inbox_id: plain.id, user_ids: [ann.user.id, cid.user.id] });
    await call('POST', url(second.id, 'inbox_members'), secondAdmin.headers, { inbox_id: checked.id, user_ids: [ann.user.id] });
    expect(unassigned.id).toBeGreaterThan(0);

    const profile = (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: ann.headers })).json();
    const entry = (id: number) => profile.accounts.find((a: { id: number }) => a.id === id);
    expect(entry(account.id)).toMatchObject({ role: 'agent', leader_inbox: [led.id], checker_inbox: [] });
    expect(entry(second.id)).toMatchObject({ role: 'checker', leader_inbox: [], checker_inbox: [checked.id] });

    const checker = (await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: cid.headers })).json().payload.data;
    expect(checker.accounts[0]).toMatchObject({ id: account.id, role: 'checker', leader_inbox: [], checker_inbox: [led.id, plain.id].sort((a, b) => a - b) });
    expect(checker.checker_inbox).toEqual([led.id, plain.id].sort((a, b) => a - b));

    const signedIn = (await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: ann.user.email, password: PASSWORD } })).json().data;
    expect(signedIn.accounts).toEqual(profile.accounts);
    // the top-level lists describe the active account
    const active = entry(signedIn.account_id);
    expect(signedIn.leader_inbox).toEqual(active.leader_inbox);
    expect(signedIn.checker_inbox).toEqual(active.checker_inbox);

    // leaving the inbox leaves the lists
    await call('DELETE', url(second.id, 'inbox_members'), secondAdmin.headers, { inbox_id: checked.id, user_ids: [ann.user.id] });
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: ann.headers })).json();
    expect(after.accounts.find((a: { id: number }) => a.id === second.id).checker_inbox).toEqual([]);
  });
});
