import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/custom_roles${rest}`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

describe('custom roles CRUD', () => {
  it('S1-7.104 S0-3.09 creates, lists, shows, updates and deletes a role with its permissions', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', url(account.id), admin.headers, {
      custom_role: { name: 'Help writers', description: 'Edit the knowledge base', permissions: ['knowledge_base_manage', 'contact_manage', 'contact_manage'] },
    });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    expect(role).toMatchObject({ account_id: account.id, name: 'Help writers', permissions: ['knowledge_base_manage', 'contact_manage'] });

    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual([role]);
    expect((await call('GET', url(account.id, `/${role.id}`), admin.headers)).json()).toEqual(role);

    const updated = await call('PATCH', url(account.id, `/${role.id}`), admin.headers, { name: 'Writers', permissions: ['report_manage'] });
    expect(updated.json()).toMatchObject({ name: 'Writers', description: 'Edit the knowledge base', permissions: ['report_manage'] });

    expect((await call('DELETE', url(account.id, `/${role.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${role.id}`), admin.headers)).statusCode).toBe(404);
    const actions = (await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'CustomRole')))).map((l) => l.action);
    expect(actions.sort()).toEqual(['create', 'destroy', 'update']);
  });

  it('answers 422 for bad input and duplicate names, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', url(account.id), admin.headers, { name: 'Taken', permissions: ['contact_manage'] });
    const before = await countRows(t, schema.customRoles);
    const cases: [object, string][] = [
      [{ name: '', permissions: ['contact_manage'] }, 'name'],
      [{ name: 'No perms', permissions: [] }, 'permissions'],
      [{ name: 'Bad perm', permissions: ['delete_everything'] }, 'permissions.0'],
      [{ name: 'TAKEN', permissions: ['contact_manage'] }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect(await countRows(t, schema.customRoles)).toBe(before);
  });

  it('S1-6.14 answers 403 to agents and checkers, 401 without auth, 404 for another account and its roles', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = (await call('POST', url(other.id), otherAdmin.headers, { name: 'Theirs', permissions: ['contact_manage'] })).json();
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      expect((await call('GET', url(account.id), member.headers)).statusCode).toBe(403);
      expect((await call('POST', url(account.id), member.headers, { name: 'Mine', permissions: ['contact_manage'] })).statusCode).toBe(403);
    }
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}`), admin.headers, method === 'PATCH' ? { name: 'Stolen' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().name).toBe('Theirs');
  });

  it('answers 403 when the custom_roles feature is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { custom_roles: false } });
    const res = await call('GET', url(account.id), admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('feature_disabled');
  });
});

describe('custom roles on members', () => {
  it('S1-6.02 S1-6.19 an agent given a role is judged by its permissions in that account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const role = (await call('POST', url(account.id), admin.headers, { name: 'Contacts only', permissions: ['contact_manage'] })).json();

    const assign = await call('PATCH', `/api/v1/accounts/${account.id}/agents/${agent.user.id}`, admin.headers, { custom_role_id: role.id });
    expect(assign.json().custom_role_id).toBe(role.id);

    const me = (await call('GET', '/auth/validate_token', agent.headers)).json().payload.data;
    expect(me.accounts[0]).toMatchObject({ custom_role_id: role.id, custom_role: { id: role.id, name: 'Contacts only' }, permissions: ['custom_role', 'contact_manage'] });
    // agents may list members, but a custom role without those permissions may not
    expect((await call('GET', `/api/v1/accounts/${account.id}/cache_keys`, agent.headers)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/v1/accounts/${account.id}`, agent.headers, { name: 'x' })).statusCode).toBe(403);

    // deleting the role makes them a plain agent again
    await call('DELETE', url(account.id, `/${role.id}`), admin.headers);
    const after = (await call('GET', '/auth/validate_token', agent.headers)).json().payload.data;
    expect(after.accounts[0]).toMatchObject({ custom_role_id: null, custom_role: null, permissions: ['agent'] });
  });
});
