import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createMember, createUser, PASSWORD } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } });

function tokenFrom(mailText: string): string {
  const match = /reset_password_token=([^\s&]+)/.exec(mailText);
  if (!match?.[1]) throw new Error(`no token in mail: ${mailText}`);
  return decodeURIComponent(match[1]);
}

describe('POST /auth/sign_in', () => {
  it('S0-7.01 answers the current user and the five session headers', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await signIn(admin.user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    for (const name of ['access-token', 'token-type', 'client', 'expiry', 'uid']) {
      expect(res.headers[name], name).toBeTruthy();
    }
    expect(res.headers['token-type']).toBe('Bearer');
    expect(res.headers.uid).toBe(admin.user.email);
    expect(Number(res.headers.expiry)).toBeGreaterThan(Date.now() / 1000 + 86_400);
    const { data } = res.json();
    expect(data).toMatchObject({ id: admin.user.id, email: admin.user.email, account_id: account.id, role: 'administrator', confirmed: true });
    expect(data.accounts).toEqual([expect.objectContaining({ id: account.id, name: account.name, role: 'administrator', status: 'active' })]);
    expect(data.access_token).toBe(admin.token);
    expect(data.pubsub_token).toMatch(/.{16,}/);
  });

  it('S0-3.05 S0-3.06 S0-3.07 S0-3.08 the current-user payload has every field of the spec', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { data } = (await signIn(admin.user.email, PASSWORD)).json();
    for (const key of ['accounts', 'confirmed', 'pubsub_token', 'name', 'email', 'thumbnail', 'avatar_url', 'role', 'type', 'availability', 'auto_offline', 'checker_inbox', 'leader_inbox']) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.accounts[0]).toEqual(expect.objectContaining({ custom_role_id: null, custom_role: null, availability: 'online' }));
    expect(data.type).toBeNull();
  });

  it('rejects a wrong password and an unknown email alike with 401', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const wrong = await signIn(admin.user.email, 'not-the-password');
    const unknown = await signIn('nobody@example.com', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errors: ['Invalid login credentials. Please try again.'] });
      expect(res.headers['access-token']).toBeUndefined();
    }
  });

  it('answers 422 naming the blank fields and opens no session', async () => {
    const before = await countRows(t, schema.authTokens);
    const res = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes.sort()).toEqual(['email', 'password']);
    expect(await countRows(t, schema.authTokens)).toBe(before);
  });

  it('an invited user without a password cannot sign in', async () => {
    const user = await createUser(t, { password: null, confirmed: false });
    expect((await signIn(user.email, '')).statusCode).toBe(422);
    expect((await signIn(user.email, 'anything')).statusCode).toBe(401);
  });

  it('records sign-in in the audit log of each account of the user', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await signIn(admin.user.email, PASSWORD);
    const rows = await t.db.select().from(schema.auditLogs).where(eq(schema.auditLogs.accountId, account.id));
    expect(rows.map((r) => r.action)).toContain('sign_in');
  });
});

describe('GET /auth/validate_token', () => {
  it('S0-7.15 answers the user for valid session headers', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payload: { success: true, data: { id: admin.user.id } } });
  });

  it('S0-7.16 answers 401 without, with a wrong, or with an expired token', async () => {
    const { admin } = await createAccountWithAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token' })).statusCode).toBe(401);
    const wrong = { ...admin.headers, 'access-token': 'forged' };
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: wrong })).statusCode).toBe(401);
    const otherUid = { ...admin.headers, uid: 'someone@example.com' };
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: otherUid })).statusCode).toBe(401);
    await t.db.update(schema.authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.authTokens.client, admin.headers.client));
    const expired = await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: admin.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors).toHaveLength(1);
  });

  it('accepts the api_access_token header and rejects an unknown one', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const ok = await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: { api_access_token: admin.token } });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: { api_access_token: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Invalid Access Token');
  });

  it('stores session and API tokens only as hashes', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const sessions = await t.db.select().from(schema.authTokens).where(eq(schema.authTokens.client, admin.headers.client));
    expect(sessions[0]!.tokenHash).not.toContain(admin.headers['access-token']);
    const tokens = await t.db.select().from(schema.accessTokens).where(eq(schema.accessTokens.ownerId, admin.user.id));
    expect(JSON.stringify(tokens)).not.toContain(admin.token);
  });
});

describe('DELETE /auth/sign_out', () => {
  it('S0-7.17 ends the session: the same headers no longer validate', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await t.app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: admin.headers })).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/auth/sign_out' })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('S0-7.14 POST /auth/password mails a link and answers the same for unknown emails', async () => {
    const { admin } = await createAccountWithAdmin(t);
    t.mailer.clear();
    const known = await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: admin.user.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: 'ghost@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mailer.sent.map((m) => m.to)).toEqual([admin.user.email]);
    expect(t.mailer.last()!.text).toContain('http://localhost:3000/app/auth/password/edit?reset_password_token=');
  });

  it('422 for a malformed email', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['email']);
  });

  it('PUT /auth/password sets the password once, signs in, and revokes every other session', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const other = await createMember(t, admin.accountId, 'agent');
    t.mailer.clear();
    await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: admin.user.email } });
    const token = tokenFrom(t.mailer.last(admin.user.email)!.text);

    const mismatch = await t.app.inject({ method: 'PUT', url: '/auth/password', payload: { reset_password_token: token, password: 'New-password-1', password_confirmation: 'different' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().attributes).toEqual(['password_confirmation']);

    const res = await t.app.inject({ method: 'PUT', url: '/auth/password', payload: { reset_password_token: token, password: 'New-password-1', password_confirmation: 'New-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-token']).toBeTruthy();
    expect(res.json().data.id).toBe(admin.user.id);

    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: admin.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers: other.headers })).statusCode).toBe(200);
    expect((await signIn(admin.user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(admin.user.email, 'New-password-1')).statusCode).toBe(200);

    const reused = await t.app.inject({ method: 'PUT', url: '/auth/password', payload: { reset_password_token: token, password: 'Another-pass-2', password_confirmation: 'Another-pass-2' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().attributes).toEqual(['reset_password_token']);
  });

  it('an expired reset token is refused and the password is unchanged', async () => {
    const { admin } = await createAccountWithAdmin(t);
    await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: admin.user.email } });
    const token = tokenFrom(t.mailer.last(admin.user.email)!.text);
    await t.db.update(schema.userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.userTokens.userId, admin.user.id));
    const res = await t.app.inject({ method: 'PUT', url: '/auth/password', payload: { reset_password_token: token, password: 'New-password-1', password_confirmation: 'New-password-1' } });
    expect(res.statusCode).toBe(422);
    expect((await signIn(admin.user.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('email confirmation', () => {
  it('GET /auth/confirmation confirms the user from the mailed link', async () => {
    const user = await createUser(t, { confirmed: false });
    const { sendConfirmation } = await import('./service.ts');
    await sendConfirmation({ db: t.db, config: t.config, log: t.app.log, mailer: t.mailer, storage: t.app.storage, bus: t.app.bus, meta: { ip: null, requestId: null, userAgent: null } }, user.id);
    const link = /http\S+confirmation_token=\S+/.exec(t.mailer.last(user.email)!.text)![0];
    const path = new URL(link).pathname + new URL(link).search;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/login?email_confirmed=1');
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.confirmedAt).not.toBeNull();
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.headers.location).toBe('/app/login?confirmation_failed=1');
  });
});

describe('mail failures', () => {
  it('a failing mail server does not change the answer of POST /auth/password', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const { admin } = await createAccountWithAdmin(broken);
      const known = await broken.app.inject({ method: 'POST', url: '/auth/password', payload: { email: admin.user.email } });
      const unknown = await broken.app.inject({ method: 'POST', url: '/auth/password', payload: { email: 'ghost@example.com' } });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      await broken.close();
    }
  });
});
