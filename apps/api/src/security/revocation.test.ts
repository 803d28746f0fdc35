import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionHeaders } from '@app/shared/auth';
import { SESSION_COOKIE } from '@app/shared/session';
import type { App } from '../app.ts';
import { buildTestApp, secondProcess, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createMember, PASSWORD, type Member } from '../../test/factories.ts';
import { CableClient, pubsubTokenOf } from './support.ts';

/**
 * Revocation reaches every process at once (issue 15): each change that takes a caller's access away counts from
 * the very next request, on the process that made it and on another one sharing the database and Redis. The
 * caller and their membership are read per request in one statement (plugins/auth), with no cache in between;
 * these tests are what a cache added later must keep passing. Each probe is first answered 200 by both
 * processes, so a cache would hold the entry the change must retire.
 */

let t: TestContext;
/** A second API process (on the embedded setup, PGlite and no Redis, only the first app runs). */
let second: Awaited<ReturnType<typeof secondProcess>>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  second = await secondProcess(t);
  await second?.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);

afterAll(async () => {
  await second?.close();
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

describe('/cable sockets of a retired token', () => {
  /** A dashboard's socket: the browser sends the session cookie with the handshake. */
  const dashboardSocket = (app: App, session: SessionHeaders) =>
    CableClient.open(app, { cookie: `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}` });

  async function subscribed(client: CableClient, accountId: number, userId: number, token: string) {
    expect(await client.subscribe({ pubsub_token: token, account_id: accountId, user_id: userId })).toBe('confirm_subscription');
    return client;
  }

  const loggedOut = async (client: CableClient) => {
    await client.next((f) => typeof f.message === 'object' && f.message.event === 'user:logout');
    await waitUntil(() => client.closed);
  };

  async function waitUntil(done: () => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The process the other sockets live on: the second one when there is one, so the logout crosses Redis. */
  const elsewhere = () => second?.app ?? t.app;

  it('password change on the profile signs out the other sessions\' sockets and session-less ones, in every process; the caller\'s stays', async () => {
    const { accountId, agent } = await team();
    const otherSession = await signIn(agent.user.email);
    const token = await pubsubTokenOf(t, agent.user.id);
    const callers = await subscribed(await dashboardSocket(t.app, agent.headers), accountId, agent.user.id, token);
    const callersElsewhere = await subscribed(await dashboardSocket(elsewhere(), agent.headers), accountId, agent.user.id, token);
    const others = await subscribed(await dashboardSocket(elsewhere(), otherSession), accountId, agent.user.id, token);
    const sessionless = await subscribed(await CableClient.open(elsewhere()), accountId, agent.user.id, token);
    const password = 'Brand-new-pass-9';
    const res = await call('PUT', '/api/v1/profile', agent.headers, { profile: { current_password: PASSWORD, password, password_confirmation: password } });

    await Promise.all([loggedOut(others), loggedOut(sessionless)]);
    // the caller's sockets got the same logout at the same moment: give their session check time to go wrong
    await new Promise((r) => setTimeout(r, 300));
    for (const client of [callers, callersElsewhere]) {
      expect(client.closed).toBe(false);
      expect(client.events().map((e) => e.event)).not.toContain('user:logout');
    }
    // the retired token subscribes to nothing any more; the one the caller got back does
    const fresh = (res.json() as { pubsub_token: string }).pubsub_token;
    expect(fresh).not.toBe(token);
    const late = await CableClient.open(t.app);
    expect(await late.subscribe({ pubsub_token: token, account_id: accountId })).toBe('reject_subscription');
    expect(await late.subscribe({ pubsub_token: fresh, account_id: accountId })).toBe('confirm_subscription');
    for (const client of [callers, callersElsewhere, late]) client.close();
  });

  it('access token reset signs out session-less sockets, in every process; sockets of live dashboard sessions stay', async () => {
    const { accountId, agent } = await team();
    const token = await pubsubTokenOf(t, agent.user.id);
    const dashboard = await subscribed(await dashboardSocket(elsewhere(), agent.headers), accountId, agent.user.id, token);
    const sessionless = await subscribed(await CableClient.open(elsewhere()), accountId, agent.user.id, token);
    const res = await call('POST', '/api/v1/profile/reset_access_token', agent.headers);
    await loggedOut(sessionless);
    await new Promise((r) => setTimeout(r, 300));
    expect(dashboard.closed).toBe(false);
    expect((res.json() as { pubsub_token: string }).pubsub_token).not.toBe(token);
    dashboard.close();
  });

  it('password reset signs out every socket, those opened in a (now ended) dashboard session included', async () => {
    const { accountId, agent } = await team();
    const token = await pubsubTokenOf(t, agent.user.id);
    const dashboard = await subscribed(await dashboardSocket(elsewhere(), agent.headers), accountId, agent.user.id, token);
    t.mailer.clear();
    await call('POST', '/auth/password', undefined, { email: agent.user.email });
    const reset = decodeURIComponent(/reset_password_token=([^\s&]+)/.exec(t.mailer.last(agent.user.email)!.text)![1]!);
    const password = 'Brand-new-pass-9';
    await call('PUT', '/auth/password', undefined, { reset_password_token: reset, password, password_confirmation: password });
    await loggedOut(dashboard);
  });

  it('a forged or unreadable session cookie keeps nothing open', async () => {
    const { accountId, agent } = await team();
    const token = await pubsubTokenOf(t, agent.user.id);
    const forged = await subscribed(await dashboardSocket(elsewhere(), { ...agent.headers, 'access-token': 'forged' }), accountId, agent.user.id, token);
    const garbled = await subscribed(await CableClient.open(elsewhere(), { cookie: `${SESSION_COOKIE}=%7Bnot-json` }), accountId, agent.user.id, token);
    await call('POST', '/api/v1/profile/reset_access_token', agent.headers);
    await Promise.all([loggedOut(forged), loggedOut(garbled)]);
  });
});
