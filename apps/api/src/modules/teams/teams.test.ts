import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/teams${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

describe('teams CRUD', () => {
  it('S0-3.34 S1-7.104 creates, lists, shows, updates and deletes a team, bumping the team cache key each time', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    const key = async () => (await call('GET', `/api/v1/accounts/${account.id}/cache_keys`, admin.headers)).json().cache_keys.team as number;
    const k0 = await key();

    const created = await call('POST', url(account.id), admin.headers, { team: { name: 'Billing', description: 'Money questions' } });
    expect(created.statusCode).toBe(200);
    const team = created.json();
    expect(team).toMatchObject({ name: 'Billing', description: 'Money questions', allow_auto_assign: true, account_id: account.id, is_member: false });
    const k1 = await key();
    expect(k1).toBeGreaterThan(k0);

    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([team]);
    expect((await call('GET', url(account.id, `/${team.id}`), admin.headers)).json()).toEqual(team);
    const updated = await call('PATCH', url(account.id, `/${team.id}`), admin.headers, { allow_auto_assign: false, name: 'Billing EU' });
    expect(updated.json()).toMatchObject({ name: 'Billing EU', allow_auto_assign: false });
    const k2 = await key();
    expect(k2).toBeGreaterThan(k1);
    expect((await call('DELETE', url(account.id, `/${team.id}`), admin.headers)).statusCode).toBe(200);
    expect(await key()).toBeGreaterThan(k2);
    expect((await call('GET', url(account.id, `/${team.id}`), admin.headers)).statusCode).toBe(404);

    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    const mine = events.filter((e) => e.accountId === account.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ name: 'account.cache_invalidated', data: { cache_keys: { team: k1 } } });
    const actions = (await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'Team')))).map((l) => l.action);
    expect(actions.sort()).toEqual(['create', 'destroy', 'update']);
  });

  it('answers 422 for a blank or taken name (any case) and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, { name: 'Sales' });
    const before = await countRows(t, schema.teams);
    for (const payload of [{ name: '' }, { name: 'SALES' }, { name: 'x'.repeat(256) }, { name: 'Ok', allow_auto_assign: 'maybe' }]) {
      const res = await call('POST', url(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await countRows(t, schema.teams)).toBe(before);
  });

  it('S0-6.11 a checker does not load teams; agents read, only administrators write', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const team = (await call('POST', url(account.id), admin.headers, { name: 'Support' })).json();
    const checker = await createMember(t, account.id, 'checker');
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('GET', url(account.id), checker.headers)).statusCode).toBe(403);
    expect((await call('GET', url(account.id), agent.headers)).statusCode).toBe(200);
    expect((await call('POST', url(account.id), agent.headers, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('PATCH', url(account.id, `/${team.id}`), agent.headers, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('POST', url(account.id, `/${team.id}/team_members`), agent.headers, { user_ids: [agent.user.id] })).statusCode).toBe(403);
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
  });

  it('answers 404 for another account and its teams', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, { name: 'Theirs' })).json();
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    for (const [method, rest] of [['GET', `/${theirs.id}`], ['PATCH', `/${theirs.id}`], ['DELETE', `/${theirs.id}`], ['GET', `/${theirs.id}/team_members`]] as const) {
      const res = await call(method, url(account.id, rest), admin.headers, method === 'PATCH' ? { name: 'Stolen' } : undefined);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    expect((await call('GET', url(account.id, '/abc'), admin.headers)).statusCode).toBe(404);
  });

  it('answers 403 when team management is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { team_management: false } });
    expect((await call('GET', url(account.id), admin.headers)).json().error_code).toBe('feature_disabled');
  });
});

describe('team members', () => {
  it('S1-7.131 S1-3.29 POST adds, PATCH replaces, DELETE removes; is_member follows the caller', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const a = await createMember(t, account.id, 'agent', { name: 'Ann' });
    const b = await createMember(t, account.id, 'agent', { name: 'Bob' });
    const team = (await call('POST', url(account.id), admin.headers, { name: 'Tier 1' })).json();
    const members = url(account.id, `/${team.id}/team_members`);

    const added = await call('POST', members, admin.headers, { user_ids: [a.user.id, admin.user.id, a.user.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json().map((x: { id: number }) => x.id).sort()).toEqual([a.user.id, admin.user.id].sort());
    expect((await call('POST', members, admin.headers, { user_ids: [a.user.id] })).json()).toEqual([]);
    expect((await call('GET', url(account.id, `/${team.id}`), admin.headers)).json().is_member).toBe(true);
    expect((await call('GET', url(account.id), b.headers)).json()[0].is_member).toBe(false);

    const replaced = await call('PATCH', members, admin.headers, { user_ids: [b.user.id] });
    expect(replaced.json().map((x: { id: number }) => x.id)).toEqual([b.user.id]);
    expect((await call('GET', members, a.headers)).json().map((x: { name: string }) => x.name)).toEqual(['Bob']);

    expect((await call('DELETE', members, admin.headers, { user_ids: [b.user.id] })).statusCode).toBe(200);
    expect((await call('GET', members, admin.headers)).json()).toEqual([]);
  });

  it('refuses ids that are not members of the account with 422 and changes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    const team = (await call('POST', url(account.id), admin.headers, { name: 'Tier 2' })).json();
    const members = url(account.id, `/${team.id}/team_members`);
    await call('POST', members, admin.headers, { user_ids: [admin.user.id] });
    const before = await countRows(t, schema.teamMembers);
    for (const [method, payload] of [['POST', { user_ids: [outsider.user.id] }], ['PATCH', { user_ids: [outsider.user.id] }], ['POST', { user_ids: ['x'] }], ['PATCH', {}]] as const) {
      const res = await call(method, members, admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^user_ids/);
    }
    expect(await countRows(t, schema.teamMembers)).toBe(before);
  });
});
