import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { connect, type Database } from '@app/db';
import type { SessionHeaders } from '@app/shared/auth';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, usingPglite, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createMember, PASSWORD, type Member } from '../../test/factories.ts';

/**
 * Revocation reaches every process at once (issue 15): each change that takes a caller's access away counts from
 * the very next request, on the process that made it and on another one sharing the database and Redis. The
 * caller and their membership are read per request in one statement (plugins/auth), with no cache in between;
 * these tests are what a cache added later must keep passing. Each probe is first answered 200 by both
 * processes, so a cache would hold the entry the change must retire.
 */

let t: TestContext;
/** A second API process: its own pool and Redis connection on the same database and key prefix. */
let second: { app: App; database: Database; redis: Redis } | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  const redisUrl = inject('infrastructure').redisUrl;
  // The embedded setup (PGlite, no Redis) is one process by construction: only the first app runs there.
  if (usingPglite() || !t.redis || !t.database.url || !redisUrl) return;
  const database = await connect({ url: t.database.url, poolSize: 2 });
  const redis = new Redis(redisUrl, { keyPrefix: t.redis.options.keyPrefix, maxRetriesPerRequest: 2 });
  const app = await buildApp({ config: t.config, database, mailer: t.mailer, redis, logger: false });
  await app.ready();
  second = { app, database, redis };
}, 30_000);

afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.database.close();
    second.redis.disconnect();
  }
  await t?.close();
});

type Credentials = SessionHeaders | { api_access_token: string };

/** The processes a probe asks: this one, and the second one when there is Redis to share. */
const processes = (): [string, App][] => [['this process', t.app], ...(second ? [['another process', second.app] as [string, App]] : [])];

/** The status every process answers `GET url` with these credentials, as `{ process: status }`. */
async function answers(url: string, credentials: Credentials): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, app] of processes()) out[name] = (await app.inject({ method: 'GET', url, headers: credentials as never })).statusCode;
  return out;
}

/** `{ process: status }` for every process, for comparing with answers(). */
const everywhere = (status: number) => Object.fromEntries(processes().map(([name]) => [name, status]));

const call = async (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, credentials: Credentials | undefined, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: credentials as never, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
};

async function signIn(email: string, password = PASSWORD): Promise<SessionHeaders> {
  const res = await call('POST', '/auth/sign_in', undefined, { email, password });
  const h = res.headers;
  return { 'access-token': String(h['access-token']), 'token-type': 'Bearer', client: String(h.client), expiry: String(h.expiry), uid: String(h.uid) };
}

const accountUrl = (accountId: number, path = '') => `/api/v1/accounts/${accountId}${path}`;

/** A fresh account with its administrator and an agent, so no test's change touches another's probes. */
async function team(): Promise<{ accountId: number; admin: Member; agent: Member }> {
  const { account, admin } = await createAccountWithAdmin(t);
  return { accountId: account.id, admin, agent: await createMember(t, account.id, 'agent') };
}

describe('sessions and tokens', () => {
  it('sign-out: that session is refused by every process at once, the user\'s other session is not', async () => {
    const { accountId, agent } = await team();
    const other = await signIn(agent.user.email);
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
    await call('DELETE', '/auth/sign_out', agent.headers);
    expect(await answers(url, agent.headers)).toEqual(everywhere(401));
    expect(await answers('/api/v1/profile', agent.headers)).toEqual(everywhere(401));
    expect(await answers(url, other)).toEqual(everywhere(200));
  });

  it('password change on the profile: every other session is refused by every process at once, the caller\'s is not', async () => {
    const { accountId, agent } = await team();
    const other = await signIn(agent.user.email);
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, other)).toEqual(everywhere(200));
    const password = 'Brand-new-pass-9';
    await call('PUT', '/api/v1/profile', agent.headers, { profile: { current_password: PASSWORD, password, password_confirmation: password } });
    expect(await answers(url, other)).toEqual(everywhere(401));
    expect(await answers('/api/v1/profile', other)).toEqual(everywhere(401));
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
  });

  it('password reset: every earlier session is refused by every process at once', async () => {
    const { accountId, agent } = await team();
    const other = await signIn(agent.user.email);
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
    expect(await answers(url, other)).toEqual(everywhere(200));
    t.mailer.clear();
    await call('POST', '/auth/password', undefined, { email: agent.user.email });
    const token = decodeURIComponent(/reset_password_token=([^\s&]+)/.exec(t.mailer.last(agent.user.email)!.text)![1]!);
    const password = 'Brand-new-pass-9';
    await call('PUT', '/auth/password', undefined, { reset_password_token: token, password, password_confirmation: password });
    expect(await answers(url, agent.headers)).toEqual(everywhere(401));
    expect(await answers(url, other)).toEqual(everywhere(401));
  });

  it('access token reset: the old api_access_token is refused by every process at once, the new one works', async () => {
    const { accountId, agent } = await team();
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, { api_access_token: agent.token })).toEqual(everywhere(200));
    const res = await call('POST', '/api/v1/profile/reset_access_token', agent.headers);
    const fresh = (res.json() as { access_token: string }).access_token;
    expect(fresh).not.toBe(agent.token);
    expect(await answers(url, { api_access_token: agent.token })).toEqual(everywhere(401));
    expect(await answers('/api/v1/profile', { api_access_token: agent.token })).toEqual(everywhere(401));
    expect(await answers(url, { api_access_token: fresh })).toEqual(everywhere(200));
  });
});

describe('membership', () => {
  it('role change: an administrator made agent is refused administrator routes by every process at once', async () => {
    const { accountId, admin } = await team();
    const demoted = await createMember(t, accountId, 'administrator');
    const url = accountUrl(accountId, '/custom_roles');
    expect(await answers(url, demoted.headers)).toEqual(everywhere(200));
    expect(await answers(url, { api_access_token: demoted.token })).toEqual(everywhere(200));
    await call('PATCH', accountUrl(accountId, `/agents/${demoted.user.id}`), admin.headers, { role: 'agent' });
    expect(await answers(url, demoted.headers)).toEqual(everywhere(403));
    expect(await answers(url, { api_access_token: demoted.token })).toEqual(everywhere(403));
  });

  it('custom role permission change: a permission taken from the role is refused by every process at once', async () => {
    const { accountId, admin } = await team();
    const role = (await call('POST', accountUrl(accountId, '/custom_roles'), admin.headers, { name: 'Contacts', permissions: ['contact_manage'] })).json() as { id: number };
    const member = await createMember(t, accountId, 'agent', { customRoleId: role.id });
    const url = accountUrl(accountId, '/contacts');
    expect(await answers(url, member.headers)).toEqual(everywhere(200));
    await call('PATCH', accountUrl(accountId, `/custom_roles/${role.id}`), admin.headers, { permissions: ['report_manage'] });
    expect(await answers(url, member.headers)).toEqual(everywhere(403));
  });

  it('agent removal: the removed member gets 404 for the account from every process at once', async () => {
    const { accountId, admin, agent } = await team();
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
    expect(await answers(url, { api_access_token: agent.token })).toEqual(everywhere(200));
    await call('DELETE', accountUrl(accountId, `/agents/${agent.user.id}`), admin.headers);
    expect(await answers(url, agent.headers)).toEqual(everywhere(404));
    expect(await answers(url, { api_access_token: agent.token })).toEqual(everywhere(404));
    // still signed in: only the account is gone
    expect(await answers('/api/v1/profile', agent.headers)).toEqual(everywhere(200));
  });
});

describe('account', () => {
  it('suspension: members are refused the account by every process at once, a super admin is not', async () => {
    const { accountId, agent } = await team();
    const superAdmin = await createMember(t, accountId, 'administrator', { type: 'SuperAdmin' });
    const url = accountUrl(accountId, '/conversations');
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
    await call('PATCH', accountUrl(accountId), superAdmin.headers, { status: 'suspended' });
    expect(await answers(url, agent.headers)).toEqual(everywhere(403));
    const res = await second?.app.inject({ method: 'GET', url, headers: agent.headers as never });
    if (res) expect(res.json()).toMatchObject({ error_code: 'account_suspended' });
    expect(await answers(url, superAdmin.headers)).toEqual(everywhere(200));
    await call('PATCH', accountUrl(accountId), superAdmin.headers, { status: 'active' });
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
  });

  it('feature flag change: a feature switched off is refused by every process at once', async () => {
    const { accountId, admin, agent } = await team();
    const url = accountUrl(accountId, '/teams');
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
    await call('PATCH', accountUrl(accountId), admin.headers, { features: { team_management: false } });
    expect(await answers(url, agent.headers)).toEqual(everywhere(403));
    await call('PATCH', accountUrl(accountId), admin.headers, { features: { team_management: true } });
    expect(await answers(url, agent.headers)).toEqual(everywhere(200));
  });
});
