import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { FEATURE_FLAGS } from '@app/shared/constants';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccount, createAccountWithAdmin, createMember, createUser, PASSWORD } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ ENABLE_ACCOUNT_SIGNUP: 'true' });
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}${rest}`;

describe('POST /api/v1/accounts', () => {
  it('S0-7.12 a signed-in user creates an account, becomes its administrator, and it becomes active', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/accounts.json', headers: admin.headers, payload: { account_name: 'Second desk' } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const created = data.accounts.find((a: { name: string }) => a.name === 'Second desk');
    expect(created).toMatchObject({ role: 'administrator', status: 'active' });
    expect(data.account_id).toBe(created.id);
    const show = await t.app.inject({ method: 'GET', url: url(created.id), headers: admin.headers });
    expect(show.json()).toMatchObject({ id: created.id, name: 'Second desk', locale: 'en' });
  });

  it('S0-5.01 S0-8.01 answers 422 for a blank name and for a name the user already has, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Taken Name' });
    const before = await countRows(t, schema.accounts);
    const blank = await t.app.inject({ method: 'POST', url: '/api/v1/accounts', headers: admin.headers, payload: { account_name: '  ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().attributes).toEqual(['account_name']);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/accounts', headers: admin.headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/v1/accounts', headers: admin.headers, payload: { account_name: account.name.toUpperCase() } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ attributes: ['account_name'] });
    expect(await countRows(t, schema.accounts)).toBe(before);
  });

  it('signs up a visitor when sign-up is enabled; 422 when the email is taken', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      payload: { account_name: 'Fresh Co', user_full_name: 'Fresh Owner', email: 'owner@fresh.example', password: 'Fresh-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-token']).toBeTruthy();
    expect(res.json().data).toMatchObject({ email: 'owner@fresh.example', confirmed: false, role: 'administrator' });
    expect(t.mailer.last('owner@fresh.example')?.subject).toMatch(/Confirm/);

    const before = await countRows(t, schema.accounts);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      payload: { account_name: 'Other Co', email: 'OWNER@fresh.example', password: 'Fresh-pass-1' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().attributes).toEqual(['email']);
    expect(await countRows(t, schema.accounts)).toBe(before);
  });

  it('answers 401 to a visitor when sign-up is disabled', async () => {
    const closed = await buildTestApp();
    try {
      const res = await closed.app.inject({ method: 'POST', url: '/api/v1/accounts', payload: { account_name: 'X', email: 'x@example.com', password: 'secret-1' } });
      expect(res.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

describe('GET /api/v1/accounts/:id', () => {
  it('S0-3.01 S0-3.04 S0-1.08 answers id, created_at, locale (en), status, the version field and the features map', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({ method: 'GET', url: url(account.id), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: account.id, locale: 'en', status: 'active' });
    expect(new Date(body.created_at).getTime()).toBeGreaterThan(0);
    expect(body.latest_chatwoot_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(body.features).sort()).toEqual([...FEATURE_FLAGS].sort());
  });

  it('S1-6.20 every member role may read it, with an api_access_token too', async () => {
    const account = await createAccount(t);
    for (const role of ['administrator', 'agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      expect((await t.app.inject({ method: 'GET', url: url(account.id), headers: member.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: url(account.id), headers: { api_access_token: member.token } })).statusCode).toBe(200);
    }
  });

  it('answers 401 without auth and 404 for an account the caller does not belong to or that does not exist', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: url(account.id) })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'GET', url: url(account.id), headers: outsider.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Resource could not be found' });
    expect((await t.app.inject({ method: 'GET', url: url(999_999), headers: outsider.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/accounts/abc', headers: outsider.headers })).statusCode).toBe(404);
  });

  it('S0-2.05 a suspended account answers every account route with a clear suspended error', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { status: 'suspended' });
    for (const path of ['', '/limits', '/cache_keys', '/audit_logs']) {
      const res = await t.app.inject({ method: 'GET', url: url(account.id, path), headers: admin.headers });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'account_suspended' });
      expect(res.json().error).toMatch(/suspended/);
    }
    // the user's account list still says so, which is what the web guard reads
    const me = await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: admin.headers });
    expect(me.json().payload.data.accounts[0].status).toBe('suspended');
  });
});

describe('PATCH /api/v1/accounts/:id', () => {
  it('updates name, locale, features and custom attributes (merged), and audits the change', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(account.id),
      headers: admin.headers,
      payload: { account: { name: 'Renamed', locale: 'fr', features: { help_center: false }, custom_attributes: { subscription_status: 'active' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', locale: 'fr', features: { help_center: false, reports: true }, custom_attributes: { subscription_status: 'active' } });
    const again = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload: { custom_attributes: { subscription_ends_on: '2027-01-01' } } });
    expect(again.json().custom_attributes).toEqual({ subscription_status: 'active', subscription_ends_on: '2027-01-01' });
    const logs = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.accountId, account.id));
    const updates = logs.filter((l) => l.action === 'update' && l.auditableType === 'Account').map((l) => l.auditedChanges);
    expect(updates).toContainEqual(expect.objectContaining({ name: [account.name, 'Renamed'], locale: ['en', 'fr'] }));
    expect(updates).toContainEqual({ custom_attributes: [{ subscription_status: 'active' }, { subscription_status: 'active', subscription_ends_on: '2027-01-01' }] });
  });

  it('S0-6.21 S0-6.22 S0-6.39 a feature turned off on one account gates its routes there only', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload: { features: { audit_logs: false } } });
    const off = await t.app.inject({ method: 'GET', url: url(account.id, '/audit_logs'), headers: admin.headers });
    expect(off.statusCode).toBe(403);
    expect(off.json().error_code).toBe('feature_disabled');
    expect((await t.app.inject({ method: 'GET', url: url(other.id, '/audit_logs'), headers: otherAdmin.headers })).statusCode).toBe(200);
  });

  it('S0-6.56 S1-6.21 the checker_view feature stays on whatever is stored', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload: { features: { checker_view: false } } });
    expect(res.json().features.checker_view).toBe(true);
  });

  it('answers 422 for bad input and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    for (const payload of [{ name: '' }, { features: { not_a_flag: true } }, { support_email: 'nope' }, { auto_resolve_after: 5 }, { locale: 'xx' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const [row] = await t.db.select().from(schema.accounts).where(eq(schema.accounts.id, account.id));
    expect(row!.name).toBe(account.name);
    expect(row!.locale).toBe('en');
    expect(row!.features).toEqual({});
  });

  it('answers 403 to agents and checkers, 401 without auth, 404 for another account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    for (const role of ['agent', 'checker'] as const) {
      const member = await createMember(t, account.id, role);
      const res = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: member.headers, payload: { name: 'Mine now' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'You are not authorized to do this action' });
    }
    expect((await t.app.inject({ method: 'PATCH', url: url(account.id), payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: url(account.id), headers: outsider.headers, payload: { name: 'x' } })).statusCode).toBe(404);
    void admin;
  });

  it('only a super admin may suspend an account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const denied = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload: { status: 'suspended' } });
    expect(denied.statusCode).toBe(403);
    const superAdmin = await createMember(t, account.id, 'administrator', { type: 'SuperAdmin' });
    const ok = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: superAdmin.headers, payload: { status: 'suspended' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('suspended');
    // the super admin can still reach it to re-activate it; the administrator cannot
    expect((await t.app.inject({ method: 'GET', url: url(account.id), headers: admin.headers })).statusCode).toBe(403);
    const back = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: superAdmin.headers, payload: { status: 'active' } });
    expect(back.json().status).toBe('active');
  });
});

describe('limits and cache keys', () => {
  it('S0-3.02 S0-7.33 GET limits answers conversation and non_web_inboxes with allowed and consumed', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { limits: { conversation: 500 } });
    for (const prefix of ['/api/v1', '/enterprise/api/v1']) {
      const res = await t.app.inject({ method: 'GET', url: `${prefix}/accounts/${account.id}/limits`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: account.id,
        limits: { conversation: { allowed: 500, consumed: 0 }, non_web_inboxes: { allowed: null, consumed: 0 } },
      });
    }
  });

  it('S0-3.22 S0-7.34 GET cache_keys answers label, inbox and team keys', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const res = await t.app.inject({ method: 'GET', url: url(account.id, '/cache_keys'), headers: agent.headers });
    expect(res.statusCode).toBe(200);
    const { cache_keys } = res.json();
    expect(Object.keys(cache_keys).sort()).toEqual(['inbox', 'label', 'team']);
    expect(cache_keys.label).toBe(account.createdAt.getTime());
    void admin;
  });

  it('answers 401 without auth and 404 for a foreign account', async () => {
    const { account } = await createAccountWithAdmin(t);
    const { admin: outsider } = await createAccountWithAdmin(t);
    for (const path of ['/limits', '/cache_keys']) {
      expect((await t.app.inject({ method: 'GET', url: url(account.id, path) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: url(account.id, path), headers: outsider.headers })).statusCode).toBe(404);
    }
  });
});

describe('roles per account', () => {
  it('S0-2.11 S1-6.18 the role that counts is the one held in the account of the URL', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const user = await createUser(t);
    const { insertMembership } = await import('./service.ts');
    await insertMembership(t.db, { accountId: a.id, userId: user.id, role: 'administrator' });
    await insertMembership(t.db, { accountId: b.id, userId: user.id, role: 'agent' });
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: user.email, password: PASSWORD } });
    const headers = Object.fromEntries(['access-token', 'token-type', 'client', 'expiry', 'uid'].map((h) => [h, String(signIn.headers[h])]));
    expect((await t.app.inject({ method: 'PATCH', url: url(a.id), headers, payload: { name: 'ok' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: url(b.id), headers, payload: { name: 'no' } })).statusCode).toBe(403);
  });
});

describe('feature flags per account', () => {
  // Each flag of 000 section 6 can be switched per account and reads back; other accounts keep theirs.
  const flags = [
    ['S0-6.23', 'agent_bots'],
    ['S0-6.24', 'agent_management'],
    ['S0-6.25', 'auto_resolve_conversations'],
    ['S0-6.26', 'automations'],
    ['S0-6.27', 'campaigns'],
    ['S0-6.28', 'canned_responses'],
    ['S0-6.29', 'crm'],
    ['S0-6.30', 'custom_attributes'],
    ['S0-6.31', 'inbox_management'],
    ['S0-6.32', 'integrations'],
    ['S0-6.33', 'labels'],
    ['S0-6.34', 'macros'],
    ['S0-6.35', 'help_center'],
    ['S0-6.36', 'reports'],
    ['S0-6.37', 'team_management'],
    ['S0-6.38', 'voice_recorder'],
    ['S0-6.39', 'audit_logs'],
    ['S0-6.40', 'inbox_view'],
    ['S0-6.41', 'sla'],
    ['S0-6.42', 'response_bot'],
    ['S0-6.43', 'channel_email'],
    ['S0-6.44', 'channel_facebook'],
    ['S0-6.45', 'channel_twitter'],
    ['S0-6.46', 'channel_website'],
    ['S0-6.47', 'custom_reply_domain'],
    ['S0-6.48', 'custom_reply_email'],
    ['S0-6.49', 'disable_branding'],
    ['S0-6.50', 'email_continuity_on_api_channel'],
    ['S0-6.51', 'inbound_emails'],
    ['S0-6.52', 'ip_lookup'],
    ['S0-6.53', 'linear_integration'],
    ['S0-6.54', 'captain_integration'],
    ['S0-6.55', 'custom_roles'],
    ['S0-6.56', 'checker_view'],
  ] as const;

  it('lists exactly the flags of the spec', () => {
    expect([...FEATURE_FLAGS]).toEqual(flags.map(([, flag]) => flag));
  });

  it.each(flags)('%s feature flag %s is stored per account', async (_id, flag) => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const initial = (await t.app.inject({ method: 'GET', url: url(account.id), headers: admin.headers })).json().features[flag];
    const res = await t.app.inject({ method: 'PATCH', url: url(account.id), headers: admin.headers, payload: { features: { [flag]: !initial } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().features[flag]).toBe(flag === 'checker_view' ? true : !initial);
    const untouched = (await t.app.inject({ method: 'GET', url: url(other.id), headers: otherAdmin.headers })).json().features[flag];
    expect(untouched).toBe(initial);
  });
});
