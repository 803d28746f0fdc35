import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccount, createAccountWithAdmin, createConversation, createInbox, createMember, PASSWORD } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, rest = '/agents') => `/api/v1/accounts/${accountId}${rest}`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

function inviteToken(email: string): string {
  const text = t.mailer.last(email)?.text ?? '';
  const match = /reset_password_token=([^\s&]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('GET agents', () => {
  it('S1-7.37 S0-1.01 lists every member with the agent fields, for any member role', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent', { name: 'Zed Agent' });
    const checker = await createMember(t, account.id, 'checker', { name: 'Amy Checker' });
    for (const caller of [admin, agent, checker]) {
      const res = await call('GET', url(account.id), caller.headers);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((a: { id: number }) => a.id).sort()).toEqual([admin.user.id, agent.user.id, checker.user.id].sort());
      expect(list[0]).toEqual({
        id: checker.user.id, account_id: account.id, availability_status: 'online', auto_offline: true, confirmed: true,
        email: checker.user.email, available_name: 'Amy Checker', name: 'Amy Checker', role: 'checker', thumbnail: '', custom_role_id: null, provider: 'email',
      });
    }
  });

  it('answers 401 without auth and 404 for a foreign account', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(account.id), { api_access_token: 'bogus' })).statusCode).toBe(401);
    expect((await call('GET', url(account.id), outsider.headers)).statusCode).toBe(404);
  });
});

describe('POST agents', () => {
  it('S1-7.37 S1-3.13 invites a new email: an unconfirmed user without password, a mail whose link sets the password', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Invite Co' });
    const res = await call('POST', url(account.id), admin.headers, { agent: { name: 'New Person', email: 'New.Person@Example.com', role: 'agent' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Person', email: 'new.person@example.com', role: 'agent', confirmed: false });
    expect(t.mailer.last('new.person@example.com')!.subject).toContain('Invite Co');

    expect((await call('POST', '/auth/sign_in', undefined, { email: 'new.person@example.com', password: 'anything-1' })).statusCode).toBe(401);
    const token = inviteToken('new.person@example.com');
    const accept = await call('PUT', '/auth/password', undefined, { reset_password_token: token, password: 'Chosen-pass-1', password_confirmation: 'Chosen-pass-1' });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().data).toMatchObject({ confirmed: true, account_id: account.id, role: 'agent' });
    expect((await call('POST', '/auth/sign_in', undefined, { email: 'new.person@example.com', password: 'Chosen-pass-1' })).statusCode).toBe(200);
  });

  it('adds an existing user of another account without touching their password, and audits it', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { admin: elsewhere } = await createAccountWithAdmin(t);
    const res = await call('POST', url(account.id), admin.headers, { name: 'Ignored', email: elsewhere.user.email, role: 'administrator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: elsewhere.user.id, role: 'administrator', confirmed: true });
    expect(t.mailer.last(elsewhere.user.email)!.subject).toMatch(/access/);
    expect((await call('POST', '/auth/sign_in', undefined, { email: elsewhere.user.email, password: PASSWORD })).statusCode).toBe(200);
    const logs = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'AccountUser')));
    expect(logs.map((l) => l.action)).toContain('create');
  });

  it('answers 422 for bad input and for an existing member, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other } = await createAccountWithAdmin(t);
    const [foreignRole] = await t.db.insert(schema.customRoles).values({ accountId: other.id, name: 'Theirs', permissions: ['contact_manage'] }).returning();
    const before = [await countRows(t, schema.users), await countRows(t, schema.accountUsers)];
    const cases: [object, string][] = [
      [{ name: '', email: 'a@example.com' }, 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', email: 'a@example.com', role: 'owner' }, 'role'],
      [{ name: 'A', email: admin.user.email }, 'email'],
      [{ name: 'A', email: 'b@example.com', custom_role_id: foreignRole!.id }, 'custom_role_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect([await countRows(t, schema.users), await countRows(t, schema.accountUsers)]).toEqual(before);
  });

  it('answers 403 to agents and checkers, 401 without auth, 404 for a foreign account', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    const payload = { name: 'X', email: 'x-perm@example.com' };
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      expect((await call('POST', url(account.id), member.headers, payload)).statusCode).toBe(403);
    }
    expect((await call('POST', url(account.id), undefined, payload)).statusCode).toBe(401);
    expect((await call('POST', url(account.id), outsider.headers, payload)).statusCode).toBe(404);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, 'x-perm@example.com'))).toHaveLength(0);
  });
});

describe('POST agents/bulk_create', () => {
  it('S1-7.38 invites each new email once and skips existing members', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', url(account.id, '/agents/bulk_create'), admin.headers, { emails: ['one@bulk.example', 'two@bulk.example', 'ONE@bulk.example', admin.user.email] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { email: string }) => a.email).sort()).toEqual(['one@bulk.example', 'two@bulk.example']);
    expect(res.json().every((a: { role: string; confirmed: boolean }) => a.role === 'agent' && !a.confirmed)).toBe(true);
    expect(t.mailer.last('two@bulk.example')).toBeDefined();
    const again = await call('POST', url(account.id, '/agents/bulk_create'), admin.headers, { emails: ['one@bulk.example'] });
    expect(again.json()).toEqual([]);
  });

  it('answers 422 with nothing written when any email is invalid or the list is empty', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.users);
    for (const emails of [['fine@bulk.example', 'broken'], [], 'x']) {
      const res = await call('POST', url(account.id, '/agents/bulk_create'), admin.headers, { emails });
      expect(res.statusCode).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^emails/);
    }
    expect(await countRows(t, schema.users)).toBe(before);
  });

  it('answers 403 to an agent', async () => {
    const { account } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('POST', url(account.id, '/agents/bulk_create'), agent.headers, { emails: ['z@bulk.example'] })).statusCode).toBe(403);
  });
});

describe('PATCH and DELETE agents/:id', () => {
  it('S1-7.37 changes role, availability and name, and audits the change', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const res = await call('PATCH', url(account.id, `/agents/${agent.user.id}`), admin.headers, { agent: { role: 'checker', availability: 'busy', auto_offline: false, name: 'Renamed Person' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'checker', availability_status: 'busy', auto_offline: false, name: 'Renamed Person' });
    const [log] = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.action, 'update'), eq(schema.auditLogs.auditableType, 'AccountUser')));
    expect(log!.auditedChanges).toMatchObject({ role: ['agent', 'checker'], availability: ['online', 'busy'] });
  });

  it('S1-3.14 availability_status is online, busy or offline; any other availability is refused with nothing written', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const path = url(account.id, `/agents/${agent.user.id}`);
    for (const availability of ['busy', 'offline', 'online']) {
      const res = await call('PATCH', path, admin.headers, { agent: { availability } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().availability_status).toBe(availability);
    }
    const refused = await call('PATCH', path, admin.headers, { agent: { availability: 'away' } });
    expect(refused.statusCode).toBe(422);
    const listed = (await call('GET', url(account.id), admin.headers)).json() as { id: number; availability_status: string }[];
    expect(listed.find((a) => a.id === agent.user.id)!.availability_status).toBe('online');
  });

  it('never demotes or removes the last administrator', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const demote = await call('PATCH', url(account.id, `/agents/${admin.user.id}`), admin.headers, { role: 'agent' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().attributes).toEqual(['role']);
    expect((await call('DELETE', url(account.id, `/agents/${admin.user.id}`), admin.headers)).statusCode).toBe(422);
    const second = await createMember(t, account.id, 'administrator');
    expect((await call('PATCH', url(account.id, `/agents/${admin.user.id}`), second.headers, { role: 'agent' })).statusCode).toBe(200);
  });

  it('refuses the last administrator with a clear message and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const demote = await call('PATCH', url(account.id, `/agents/${admin.user.id}`), admin.headers, { agent: { role: 'agent', name: 'Renamed' } });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toMatchObject({ message: 'Role must leave at least one administrator in the account', errors: { role: ['must leave at least one administrator in the account'] } });
    const remove = await call('DELETE', url(account.id, `/agents/${admin.user.id}`), admin.headers);
    expect(remove.json().message).toBe('Role must leave at least one administrator in the account');
    const [row] = await t.db.select().from(schema.accountUsers).where(and(eq(schema.accountUsers.accountId, account.id), eq(schema.accountUsers.userId, admin.user.id)));
    expect(row!.role).toBe('administrator');
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, admin.user.id));
    expect(user!.name).not.toBe('Renamed');
  });

  it('keeps a verified administrator while the other administrators are invitees who have not accepted', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const invited = await call('POST', url(account.id), admin.headers, { agent: { name: 'New Boss', email: `boss-${Date.now()}@example.com`, role: 'administrator' } });
    expect(invited.json()).toMatchObject({ role: 'administrator', confirmed: false });
    const demote = await call('PATCH', url(account.id, `/agents/${admin.user.id}`), admin.headers, { role: 'agent' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe('Role must leave at least one verified administrator in the account');
    expect((await call('DELETE', url(account.id, `/agents/${admin.user.id}`), admin.headers)).statusCode).toBe(422);
    // the invitee may go: the verified administrator stays
    expect((await call('DELETE', url(account.id, `/agents/${invited.json().id}`), admin.headers)).statusCode).toBe(200);
  });

  it('DELETE removes the membership only; the user keeps their other accounts', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccount(t);
    const agent = await createMember(t, account.id, 'agent');
    await t.db.insert(schema.accountUsers).values({ accountId: other.id, userId: agent.user.id, role: 'agent' });
    const res = await call('DELETE', url(account.id, `/agents/${agent.user.id}`), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await call('GET', url(account.id), agent.headers)).statusCode).toBe(404);
    const me = await call('GET', '/auth/validate_token', agent.headers);
    expect(me.json().payload.data.accounts.map((a: { id: number }) => a.id)).toEqual([other.id]);
  });

  it("DELETE removes the member's inbox memberships in that account only and moves the inbox cache key", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccount(t);
    const agent = await createMember(t, account.id, 'agent');
    await t.db.insert(schema.accountUsers).values({ accountId: other.id, userId: agent.user.id, role: 'agent' });
    const [here, there] = [await createInbox(t, account.id, { members: [agent.user.id, admin.user.id] }), await createInbox(t, other.id, { members: [agent.user.id] })];
    await t.db.update(schema.inboxMembers).set({ isLeader: true }).where(eq(schema.inboxMembers.inboxId, here.id));
    const key = async () => (await call('GET', url(account.id, '/cache_keys'), admin.headers)).json().cache_keys.inbox as number;
    const k0 = await key();
    expect((await call('GET', url(account.id, '/leaders'), admin.headers)).json().map((a: { id: number }) => a.id).sort()).toEqual([admin.user.id, agent.user.id].sort());

    expect((await call('DELETE', url(account.id, `/agents/${agent.user.id}`), admin.headers)).statusCode).toBe(200);
    const rows = await t.db.select().from(schema.inboxMembers).where(eq(schema.inboxMembers.userId, agent.user.id));
    expect(rows.map((r) => r.inboxId)).toEqual([there.id]);
    expect((await t.db.select().from(schema.inboxMembers).where(eq(schema.inboxMembers.inboxId, here.id))).map((r) => r.userId)).toEqual([admin.user.id]);
    expect(await key()).toBeGreaterThan(k0);
    expect((await call('GET', url(account.id, '/leaders'), admin.headers)).json().map((a: { id: number }) => a.id)).toEqual([admin.user.id]);
  });

  it('DELETE hands the member’s conversations back to the unassigned tab and takes them off the account’s teams', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const { account: other } = await createAccountWithAdmin(t);
    await t.db.insert(schema.accountUsers).values({ accountId: other.id, userId: agent.user.id, role: 'agent' });
    const inbox = await createInbox(t, account.id, { members: [agent.user.id] });
    const otherInbox = await createInbox(t, other.id, { members: [agent.user.id] });
    const mine = await createConversation(t, account.id, inbox.id, { assigneeId: agent.user.id });
    const elsewhere = await createConversation(t, other.id, otherInbox.id, { assigneeId: agent.user.id });
    const team = (await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/teams`, headers: admin.headers, payload: { name: 'Ops' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/teams/${team.id}/team_members`, headers: admin.headers, payload: { user_ids: [agent.user.id] } });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/accounts/${account.id}/agents/${agent.user.id}`, headers: admin.headers })).statusCode).toBe(200);
    const assignee = async (id: number) => (await t.db.select().from(schema.conversations).where(eq(schema.conversations.id, id)))[0]!.assigneeId;
    expect(await assignee(mine.id)).toBeNull();
    expect(await assignee(elsewhere.id)).toBe(agent.user.id);
    expect(await t.db.select().from(schema.teamMembers).where(eq(schema.teamMembers.teamId, team.id))).toEqual([]);
  });

  it('answers 422 for bad input with nothing written, 403 for agents, 404 for ids of another account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: otherAccount, admin: otherAdmin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const bad = await call('PATCH', url(account.id, `/agents/${agent.user.id}`), admin.headers, { role: 'owner', availability: 'away' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().attributes.sort()).toEqual(['availability', 'role']);
    const [row] = await t.db.select().from(schema.accountUsers).where(and(eq(schema.accountUsers.accountId, account.id), eq(schema.accountUsers.userId, agent.user.id)));
    expect(row!.role).toBe('agent');

    expect((await call('PATCH', url(account.id, `/agents/${admin.user.id}`), agent.headers, { role: 'agent' })).statusCode).toBe(403);
    expect((await call('DELETE', url(account.id, `/agents/${admin.user.id}`), agent.headers)).statusCode).toBe(403);
    // a member of another account, addressed through this account: not found
    expect((await call('PATCH', url(account.id, `/agents/${otherAdmin.user.id}`), admin.headers, { role: 'agent' })).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/agents/${otherAdmin.user.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, '/agents/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('PATCH', url(otherAccount.id, `/agents/${agent.user.id}`), admin.headers, { role: 'agent' })).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/agents/${agent.user.id}`), undefined)).statusCode).toBe(401);
  });
});

describe('leaders and checkers', () => {
  it('S1-7.07 GET leaders answers the members who lead at least one inbox of the account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const lea = await createMember(t, account.id, 'agent', { name: 'Lea Leader' });
    const abe = await createMember(t, account.id, 'agent', { name: 'Abe Lead' });
    const member = await createMember(t, account.id, 'agent');
    const [first, second] = [await createInbox(t, account.id), await createInbox(t, account.id)];
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: first.id, userId: lea.user.id, isLeader: true },
      { accountId: account.id, inboxId: second.id, userId: lea.user.id, isLeader: true },
      { accountId: account.id, inboxId: first.id, userId: abe.user.id, isLeader: true },
      { accountId: account.id, inboxId: first.id, userId: member.user.id },
      { accountId: account.id, inboxId: first.id, userId: admin.user.id },
    ]);
    // leading an inbox of another account does not count here
    const { account: other } = await createAccountWithAdmin(t);
    await t.db.insert(schema.accountUsers).values({ accountId: other.id, userId: member.user.id, role: 'agent' });
    await t.db.insert(schema.inboxMembers).values({ accountId: other.id, inboxId: (await createInbox(t, other.id)).id, userId: member.user.id, isLeader: true });

    const leaders = await call('GET', url(account.id, '/leaders'), member.headers);
    expect(leaders.statusCode).toBe(200);
    expect(leaders.json().map((a: { name: string }) => a.name)).toEqual(['Abe Lead', 'Lea Leader']);
    expect(leaders.json()[1]).toMatchObject({ id: lea.user.id, account_id: account.id, role: 'agent', confirmed: true });
    expect((await call('GET', url(other.id, '/leaders'), member.headers)).json().map((a: { id: number }) => a.id)).toEqual([member.user.id]);
  });

  it('S1-7.08 GET checkers answers the members with the checker role', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const checker = await createMember(t, account.id, 'checker');
    await createMember(t, account.id, 'agent');
    expect((await call('GET', url(account.id, '/leaders'), admin.headers)).json()).toEqual([]);
    const checkers = await call('GET', url(account.id, '/checkers'), checker.headers);
    expect(checkers.json().map((a: { id: number }) => a.id)).toEqual([checker.user.id]);
  });

  it('answers 404 for a foreign account and 401 without auth', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    expect((await call('GET', url(account.id, '/checkers'), outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, '/leaders'), outsider.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, '/leaders'), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(account.id, '/checkers'), undefined)).statusCode).toBe(401);
  });
});

describe('invited users', () => {
  it('an invited user who never accepted is listed unconfirmed and cannot sign in', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, { name: 'Pending', email: 'pending@example.com' });
    const list = (await call('GET', url(account.id), admin.headers)).json();
    expect(list.find((a: { email: string }) => a.email === 'pending@example.com').confirmed).toBe(false);
    expect((await call('POST', '/auth/sign_in', undefined, { email: 'pending@example.com', password: '' })).statusCode).toBe(422);
    expect((await call('POST', '/auth/sign_in', undefined, { email: 'pending@example.com', password: 'guess-1' })).statusCode).toBe(401);
  });
});
