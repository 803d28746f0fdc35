import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createMember, PASSWORD } from '../../../test/factories.ts';
import { sql } from 'drizzle-orm';
import { auditLogPage, recordAudit } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = (accountId: number, query = '') => `/api/v1/accounts/${accountId}/audit_logs${query}`;

describe('GET audit_logs', () => {
  it('S1-7.40 S1-3.40 pages the log newest first, 15 a page, with the list envelope', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    for (let i = 0; i < 17; i++) {
      await recordAudit(t.db, { accountId: account.id, actor: { id: admin.user.id, name: 'A', email: admin.user.email }, action: 'update', auditableType: 'Account', auditableId: account.id, changes: { n: [i, i + 1] }, meta: { ip: '192.0.2.1', requestId: `r${i}`, userAgent: null } });
    }
    const first = await t.app.inject({ method: 'GET', url: url(account.id), headers: admin.headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total_entries: 17, per_page: 15, current_page: 1 });
    expect(body.audit_logs).toHaveLength(15);
    expect(body.audit_logs[0]).toMatchObject({ action: 'update', auditable_type: 'Account', audited_changes: { n: [16, 17] }, user_id: admin.user.id, username: admin.user.email, remote_address: '192.0.2.1' });
    expect(typeof body.audit_logs[0].created_at).toBe('number');
    const second = (await t.app.inject({ method: 'GET', url: url(account.id, '?page=2'), headers: admin.headers })).json();
    expect(second).toMatchObject({ current_page: 2, total_entries: 17 });
    expect(second.audit_logs.map((l: { audited_changes: { n: number[] } }) => l.audited_changes.n[0])).toEqual([1, 0]);
  });

  it('reads a page in the order of audit_logs_account_created_idx, without sorting the account’s log', async () => {
    const { account } = await createAccountWithAdmin(t);
    const plan = await t.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql.raw(`set local ${setting} = off`));
      const rows = await tx.execute(sql`explain ${auditLogPage(tx, account.id, 3)}`);
      return (rows as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using audit_logs_account_created_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('records sign-in, sign-out and agent changes, and shows only this account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: admin.user.email, password: PASSWORD } });
    await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/agents`, headers: admin.headers, payload: { name: 'Audited', email: 'audited@example.com' } });
    await t.app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: admin.headers });
    await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: otherAdmin.user.email, password: PASSWORD } });

    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: admin.user.email, password: PASSWORD } });
    const headers = Object.fromEntries(['access-token', 'token-type', 'client', 'expiry', 'uid'].map((h) => [h, String(signedIn.headers[h])]));
    const logs = (await t.app.inject({ method: 'GET', url: url(account.id), headers })).json().audit_logs as { action: string; auditable_type: string; user_id: number }[];
    expect(logs.map((l) => `${l.action}:${l.auditable_type}`)).toEqual(['sign_in:User', 'sign_out:User', 'create:AccountUser', 'sign_in:User']);
    expect(logs.every((l) => l.user_id === admin.user.id)).toBe(true);
    void other;
  });

  it("names the actor and the audited record (its current name; null once deleted) for readable descriptions", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/${path}`, headers: admin.headers, payload });
    const role = (await post('custom_roles', { name: 'Triage', permissions: ['contact_manage'] })).json();
    await t.app.inject({ method: 'PATCH', url: `/api/v1/accounts/${account.id}/custom_roles/${role.id}`, headers: admin.headers, payload: { name: 'Triage desk' } });
    const gone = (await post('custom_roles', { name: 'Temporary', permissions: ['report_manage'] })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/accounts/${account.id}/custom_roles/${gone.id}`, headers: admin.headers });
    const agent = (await post('agents', { name: 'Bob Agent', email: `bob-${account.id}@example.com` })).json();
    const logs = (await t.app.inject({ method: 'GET', url: url(account.id), headers: admin.headers })).json().audit_logs as Record<string, unknown>[];
    expect([logs[0]!.action, logs[0]!.auditable_type, logs[0]!.auditable_id, logs[0]!.auditable_name]).toEqual(['create', 'AccountUser', agent.id, 'Bob Agent']);
    logs.shift();
    expect(logs.slice(0, 4).map((l) => [l.action, l.auditable_type, l.auditable_name, l.user_name])).toEqual([
      ['destroy', 'CustomRole', null, admin.user.name],
      ['create', 'CustomRole', null, admin.user.name],
      ['update', 'CustomRole', 'Triage desk', admin.user.name],
      ['create', 'CustomRole', 'Triage desk', admin.user.name],
    ]);
  });

  it('answers 403 to agents, 401 without auth, 404 for another account, 422 for a bad page', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    expect((await t.app.inject({ method: 'GET', url: url(account.id), headers: agent.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(account.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(account.id), headers: outsider.headers })).statusCode).toBe(404);
    for (const page of ['0', 'abc', '-1']) {
      const res = await t.app.inject({ method: 'GET', url: url(account.id, `?page=${page}`), headers: admin.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().attributes).toEqual(['page']);
    }
  });
});
