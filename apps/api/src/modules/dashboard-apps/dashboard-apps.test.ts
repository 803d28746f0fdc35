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

type Headers = Record<string, string>;
const base = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/dashboard_apps${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const frame = (url: string) => [{ type: 'frame', url }];

describe('dashboard apps', () => {
  it('S1-7.104 creates (flat or wrapped), lists as a bare array, shows, updates and deletes, auditing each change', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', base(account.id), admin.headers, { dashboard_app: { title: 'Orders', content: frame('https://crm.example.com/orders') } });
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json();
    expect(app).toMatchObject({ title: 'Orders', content: [{ type: 'frame', url: 'https://crm.example.com/orders' }] });
    expect(typeof app.id).toBe('number');

    const flat = await call('POST', base(account.id), admin.headers, { title: ' Billing ', content: frame('http://billing.example.com') });
    expect(flat.json()).toMatchObject({ title: 'Billing' });

    const list = await call('GET', base(account.id), admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toEqual([app.id, flat.json().id]);
    expect((await call('GET', base(account.id, `/${app.id}`), admin.headers)).json().title).toBe('Orders');

    const updated = await call('PATCH', base(account.id, `/${app.id}`), admin.headers, { title: 'Order history' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: app.id, title: 'Order history', content: app.content });

    expect((await call('DELETE', base(account.id, `/${app.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', base(account.id), admin.headers)).json()).toHaveLength(1);
    expect((await call('DELETE', base(account.id, `/${app.id}`), admin.headers)).statusCode).toBe(404);

    const audits = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'DashboardApp')));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'create', 'destroy', 'update']);
  });

  it('answers 422 for a blank title, no frame, a frame that is not http(s) or not a frame, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.dashboardApps);
    for (const payload of [
      { title: '  ', content: frame('https://example.com') },
      { content: frame('https://example.com') },
      { title: 'App', content: [] },
      { title: 'App' },
      { title: 'App', content: frame('javascript:alert(1)') },
      { title: 'App', content: frame('not a url') },
      { title: 'App', content: [{ type: 'script', url: 'https://example.com' }] },
    ]) {
      const res = await call('POST', base(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    const app = (await call('POST', base(account.id), admin.headers, { title: 'App', content: frame('https://example.com') })).json();
    expect((await call('PATCH', base(account.id, `/${app.id}`), admin.headers, { content: frame('ftp://example.com') })).statusCode).toBe(422);
    expect((await call('GET', base(account.id, `/${app.id}`), admin.headers)).json().content[0].url).toBe('https://example.com');
    expect(await countRows(t, schema.dashboardApps)).toBe(before + 1);
  });

  it('answers 401 without auth, lets agents read but not write (403), and 404 for another account’s app', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const app = (await call('POST', base(account.id), admin.headers, { title: 'CRM', content: frame('https://crm.example.com') })).json();
    expect((await call('GET', base(account.id), undefined)).statusCode).toBe(401);
    expect((await call('POST', base(account.id), undefined, { title: 'X', content: frame('https://x.example.com') })).statusCode).toBe(401);

    expect((await call('GET', base(account.id), agent.headers)).json()).toHaveLength(1);
    const before = await countRows(t, schema.dashboardApps);
    expect((await call('POST', base(account.id), agent.headers, { title: 'X', content: frame('https://x.example.com') })).statusCode).toBe(403);
    expect((await call('PATCH', base(account.id, `/${app.id}`), agent.headers, { title: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', base(account.id, `/${app.id}`), agent.headers)).statusCode).toBe(403);
    expect(await countRows(t, schema.dashboardApps)).toBe(before);

    const other = await createAccountWithAdmin(t);
    expect((await call('GET', base(other.account.id, `/${app.id}`), other.admin.headers)).statusCode).toBe(404);
    expect((await call('PATCH', base(other.account.id, `/${app.id}`), other.admin.headers, { title: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', base(other.account.id, `/${app.id}`), other.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', base(account.id), other.admin.headers)).statusCode).toBe(404);
  });
});
