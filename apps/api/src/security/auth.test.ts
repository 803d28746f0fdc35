import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { SessionHeaders } from '@app/shared/auth';
import { buildApp, type App } from '../app.ts';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createMember, PASSWORD, type Member } from '../../test/factories.ts';
import { CableClient, pubsubTokenOf } from './support.ts';

/**
 * Authentication (issue 16, security suite): sign-in is rate limited per address (shared through Redis, or in
 * process without it); a session that ends, by sign-out or by a password change, answers 401 on every kind of
 * route, and once none of the user's sessions remain their `/cable` token subscribes to nothing and their open
 * sockets are signed out; reset tokens work once and expire; sign-in and password reset answer a known and an
 * unknown address alike, in status, body and time.
 */

const LIMIT = 3;
let t: TestContext;
let accountId: number;
let address = 0;
/** A fresh client address per use, so rate-limit counters of one test never touch another's. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  accountId = (await createAccountWithAdmin(t)).account.id;
}, 30_000);
afterAll(() => t?.close());

const signIn = (app: App, email: string, password: string, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password }, remoteAddress });

/** A new agent of the account with a session of their own (the test signs in again for more). */
const newMember = (): Promise<Member> => createMember(t, accountId, 'agent');

/** Signs in through the API and answers the session headers. */
async function session(email: string): Promise<SessionHeaders> {
  const res = await signIn(t.app, email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const h = res.headers;
  return { 'access-token': String(h['access-token']), 'token-type': 'Bearer', client: String(h.client), expiry: String(h.expiry), uid: String(h.uid) };
}

/** One route of each kind a session reaches: the auth check, the profile, an account route. */
async function statusesWith(headers: SessionHeaders): Promise<number[]> {
  const urls = ['/auth/validate_token', '/api/v1/profile', `/api/v1/accounts/${accountId}/conversations`];
  return Promise.all(urls.map(async (url) => (await t.app.inject({ method: 'GET', url, headers: headers as never })).statusCode));
}

/** Every GET route of the route table that needs a signed-in user, called with these headers: those not answering 401. */
async function notRefused(headers: SessionHeaders): Promise<string[]> {
  const routes = t.app.routeTable.filter((r) => r.method === 'GET' && /^\/(api|auth)\//.test(r.url) && !r.url.includes('*'));
  const answers = await Promise.all(
    routes.map(async (route) => {
      const url = route.url.replace(':accountId', String(accountId)).replace(/:[A-Za-z_]+/g, '1');
      const anonymous = await t.app.inject({ method: 'GET', url });
      if (anonymous.statusCode !== 401) return null; // open to anyone (health, public pages): nothing to revoke
      const res = await t.app.inject({ method: 'GET', url, headers: headers as never });
      return res.statusCode === 401 ? 'refused' : `${url}: ${res.statusCode}`;
    }),
  );
  // the sweep really reached the routes that need a session, not only open ones
  expect(answers.filter((a) => a === 'refused').length).toBeGreaterThan(60);
  return answers.filter((a): a is string => a !== null && a !== 'refused');
}

/** A socket subscribed with the user's current pubsub token (confirmed), and the token. */
async function liveSocket(userId: number) {
  const token = await pubsubTokenOf(t, userId);
  const client = await CableClient.open(t.app);
  expect(await client.subscribe({ pubsub_token: token, account_id: accountId })).toBe('confirm_subscription');
  return { client, token };
}

/** The old token subscribes to nothing; the socket that used it was told `user:logout` and closed. */
async function expectCableRevoked(live: { client: CableClient; token: string }) {
  await live.client.next((f) => typeof f.message === 'object' && f.message.event === 'user:logout');
  await live.client.next(() => live.client.closed);
  const again = await CableClient.open(t.app);
  expect(await again.subscribe({ pubsub_token: live.token, account_id: accountId })).toBe('reject_subscription');
  again.close();
}

describe('sign-in rate limit', () => {
  const limitedAfter = async (app: App, email: string) => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i++) codes.push((await signIn(app, email, 'wrong-password', from)).statusCode);
    // another address is counted apart, and the right password from the limited one is refused as well
    codes.push((await signIn(app, email, 'wrong-password')).statusCode, (await signIn(app, email, PASSWORD, from)).statusCode);
    return codes;
  };
  const expected = [...Array<number>(LIMIT).fill(401), 429, 401, 429];

  it('answers 429 after the limit, per address (counters in Redis when there is one)', async () => {
    const { admin } = await createAccountWithAdmin(t);
    expect(await limitedAfter(t.app, admin.user.email)).toEqual(expected);
  });

  it('answers 429 after the limit, per address, with in-process counters (no Redis)', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const local = await buildApp({ config: { ...t.config, redisUrl: undefined }, database: t.database, mailer: t.mailer, logger: false });
    try {
      expect(await limitedAfter(local, admin.user.email)).toEqual(expected);
    } finally {
      await local.close();
    }
  });
});

describe('revocation', () => {
  it('sign-out ends that session everywhere (401), keeps the others; the last sign-out also retires the /cable token and signs its sockets out', async () => {
    const member = await newMember();
    const second = await session(member.user.email);
    const live = await liveSocket(member.user.id);

    expect((await t.app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: second as never })).statusCode).toBe(200);
    expect(await statusesWith(second)).toEqual([401, 401, 401]);
    expect(await notRefused(second)).toEqual([]);
    expect(await statusesWith(member.headers)).toEqual([200, 200, 200]);
    // another session remains: its dashboard's socket keeps working
    expect(await live.client.subscribe({ pubsub_token: live.token, account_id: accountId, last_seq: 0 })).toBe('confirm_subscription');

    // an expired session left in the table is no session: signing out of the last live one still retires the token
    await t.db.insert(schema.authTokens).values({ userId: member.user.id, client: `stale-${member.user.id}`, tokenHash: 'x', expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ method: 'DELETE', url: '/auth/sign_out', headers: member.headers as never })).statusCode).toBe(200);
    expect(await statusesWith(member.headers)).toEqual([401, 401, 401]);
    await expectCableRevoked(live);
  });

  it('a password reset ends every session (401 everywhere) and retires the /cable token', async () => {
    const member = await newMember();
    const other = await session(member.user.email);
    const live = await liveSocket(member.user.id);
    await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email: member.user.email }, remoteAddress: nextAddress() });
    const token = /reset_password_token=([^\s&]+)/.exec(t.mailer.last(member.user.email)!.text)![1]!;
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      payload: { reset_password_token: decodeURIComponent(token), password: 'Brand-new-pass-9', password_confirmation: 'Brand-new-pass-9' },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect([...(await statusesWith(member.headers)), ...(await statusesWith(other))]).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await notRefused(other)).toEqual([]);
    await expectCableRevoked(live);
    expect(reset.json().data.pubsub_token).not.toBe(live.token);
    // The session the reset signed in subscribes with the new token; a logout that reaches the hub late (it is
    // published after the commit, through Redis) must not end it: it was for the token the reset retired.
    const fresh = await liveSocket(member.user.id);
    expect(fresh.token).toBe(reset.json().data.pubsub_token);
    t.app.bus.publish({ name: 'user:logout', accountId, userId: member.user.id, data: {} });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fresh.client.frames.some((f) => typeof f.message === 'object' && f.message.event === 'user:logout')).toBe(false);
    expect(fresh.client.closed).toBe(false);
    fresh.client.close();
  });

  it('a password change on the profile ends every other session (401 everywhere) and keeps the caller', async () => {
    const member = await newMember();
    const other = await session(member.user.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: member.headers as never,
      payload: { profile: { current_password: PASSWORD, password: 'Brand-new-pass-9', password_confirmation: 'Brand-new-pass-9' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusesWith(other)).toEqual([401, 401, 401]);
    expect(await statusesWith(member.headers)).toEqual([200, 200, 200]);
  });
});

describe('reset tokens', () => {
  const ask = async (email: string) => {
    t.mailer.clear();
    await t.app.inject({ method: 'POST', url: '/auth/password', payload: { email }, remoteAddress: nextAddress() });
    return decodeURIComponent(/reset_password_token=([^\s&]+)/.exec(t.mailer.last(email)!.text)![1]!);
  };
  const use = (token: string, password = 'Brand-new-pass-9') =>
    t.app.inject({ method: 'PUT', url: '/auth/password', payload: { reset_password_token: token, password, password_confirmation: password }, remoteAddress: nextAddress() });

  it('are stored only as a hash, work once, and a newer one voids the older', async () => {
    const member = await newMember();
    const first = await ask(member.user.email);
    const rows = await t.db.select().from(schema.userTokens).where(eq(schema.userTokens.userId, member.user.id));
    expect(JSON.stringify(rows)).not.toContain(first);
    const second = await ask(member.user.email);
    expect((await use(first)).statusCode).toBe(422);
    expect((await use(second)).statusCode).toBe(200);
    expect((await use(second, 'Other-new-pass-8')).statusCode).toBe(422);
    expect((await signIn(t.app, member.user.email, 'Other-new-pass-8')).statusCode).toBe(401);
  });

  it('expire: a token past its expiry (the row moved back in time) is refused and changes nothing', async () => {
    const member = await newMember();
    const token = await ask(member.user.email);
    await t.db.execute(sql`update user_tokens set expires_at = now() - interval '1 second' where user_id = ${member.user.id}`);
    const res = await use(token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors ?? res.json().message).toBeTruthy();
    expect((await signIn(t.app, member.user.email, PASSWORD)).statusCode).toBe(200);
    // a minute before expiry it still works (the clock is the row's, not the test's)
    const fresh = await ask(member.user.email);
    await t.db.execute(sql`update user_tokens set expires_at = now() + interval '1 minute' where user_id = ${member.user.id}`);
    expect((await use(fresh)).statusCode).toBe(200);
  });
});

describe('no user enumeration', () => {
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  /** Times `tries` alternating requests for the known and the unknown address; answers each one's median in ms. */
  async function medians(tries: number, request: (email: string) => Promise<unknown>, known: string) {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < tries; i++) {
      for (const who of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        const started = performance.now();
        await request(who === 'known' ? known : `nobody-${i}@example.com`);
        times[who].push(performance.now() - started);
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  it('sign-in answers a wrong password and an unknown address with the same status and body, in the same time', async () => {
    const member = await newMember();
    const known = await signIn(t.app, member.user.email, 'wrong-password');
    const unknown = await signIn(t.app, 'nobody@example.com', 'wrong-password');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    // A known address costs one argon2 check (~20 ms on one core); an unknown one a check against a dummy hash.
    // Skipping that check would make the unknown address faster by a whole check, so the medians must be
    // within 40% of one (plus 5 ms of noise): loose enough for a loaded machine, far tighter than the leak.
    const m = await medians(15, (email) => signIn(t.app, email, 'wrong-password'), member.user.email);
    expect(Math.abs(m.known - m.unknown), JSON.stringify(m)).toBeLessThan(0.4 * m.known + 5);
  }, 20_000);

  it('password reset answers a known and an unknown address with the same status and body, in the same time even when mail is slow', async () => {
    const member = await newMember();
    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/auth/password', payload: { email }, remoteAddress: nextAddress() });
    const known = await ask(member.user.email);
    const unknown = await ask('nobody@example.com');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.statusCode).toBe(200);
    // A mail server that takes 150 ms per mail (SMTP round trips): a request that waits for it tells who exists.
    const MAIL_MS = 150;
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, MAIL_MS));
      return send(mail);
    };
    try {
      // The known address still writes a token (two statements: a few ms on Postgres, about 20 on PGlite); waiting
      // for the mail would add all 150 ms. A third of the mail's time separates the two with room on both sides.
      const m = await medians(9, ask, member.user.email);
      expect(Math.abs(m.known - m.unknown), JSON.stringify(m)).toBeLessThan(MAIL_MS / 3);
    } finally {
      t.mailer.send = send;
    }
    expect(t.mailer.last(member.user.email)).toBeDefined();
  }, 20_000);
});
