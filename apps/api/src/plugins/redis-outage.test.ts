import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, type Member } from '../../test/factories.ts';
import { ownRedis, type OwnRedis } from '../../test/redis-server.ts';

/** Waits until `check` holds (polling), or fails with `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('rate limits while Redis is down', () => {
  let redis: OwnRedis;
  let t: TestContext;

  beforeAll(async () => {
    redis = await ownRedis();
    t = await buildTestApp({ REDIS_URL: redis.url, AUTH_RATE_LIMIT_MAX: '3', RUN_WORKERS: 'false' });
  });
  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await t?.close();
    await redis?.stop();
  });

  const signIn = () => t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'nobody@example.com', password: 'wrong-password' } });

  it('sign-in falls back to the in-process limiter: 401 until the limit, then 429, never 500 and never waiting on Redis', async () => {
    await redis.stop();
    await until('the client to notice the outage', () => t.redis!.status !== 'ready');
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 5; i++) statuses.push((await signIn()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts in Redis again once it is back (a fresh Redis: the shared window starts over)', async () => {
    await redis.start();
    await until('the client to reconnect', () => t.redis!.status === 'ready', 15_000);
    expect((await signIn()).statusCode).toBe(401);
    const keys = await t.redis!.keys('*rate-limit:*');
    expect(keys.length).toBeGreaterThan(0);
  });
});

type CableMessage = { event: string; data: Record<string, unknown>; seq: number };

/** A /cable socket subscribed to one account's room, keeping every event it receives. */
async function subscribe(t: TestContext, member: Member, extra: Record<string, unknown> = {}) {
  const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, member.user.id));
  const address = t.app.server.address();
  const socket = new WebSocket(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cable`);
  const events: CableMessage[] = [];
  let confirmed = false;
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { type?: string; message?: unknown };
    if (frame.type === 'confirm_subscription') confirmed = true;
    if (typeof frame.message === 'object' && frame.message !== null) events.push(frame.message as CableMessage);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: row!.token, account_id: member.accountId, ...extra });
  socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  await until('the subscription', () => confirmed);
  const real = () => events.filter((e) => e.event !== 'presence.update');
  return { socket, events: real };
}

describe('/cable through a Redis restart that loses its data', () => {
  let redis: OwnRedis;
  let t: TestContext;
  let admin: Member;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    redis = await ownRedis();
    t = await buildTestApp({ REDIS_URL: redis.url, RUN_WORKERS: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await createAccountWithAdmin(t)).admin;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await redis.start().catch(() => undefined);
    await t?.close();
    await redis?.stop();
  });

  const publish = (n: number) =>
    t.app.bus.publish({ name: 'account.cache_invalidated', accountId: admin.accountId, data: { cache_keys: { label: n, inbox: n, team: n } } });

  /**
   * After a Redis restart the app's command connection and the backbone's channel reconnect each on its own
   * backoff, so commands working says nothing of the channel: an event published before it is subscribed
   * again never reaches this process (its sockets get a resync instead of the event).
   */
  const channelBack = () =>
    until(
      'the realtime channel to be subscribed again',
      async () => {
        const [, count] = (await t.redis!.pubsub('NUMSUB', `${t.redis!.options.keyPrefix}realtime:events`)) as [string, number];
        return count > 0;
      },
      15_000,
    );

  it('an event that could not be published (no seq, so no gap to see) ends in a resync.required for the account', async () => {
    const sub = await subscribe(t, admin);
    sockets.push(sub.socket);
    publish(1);
    await until('the event', () => sub.events().length === 1);

    // only the connection that publishes is cut: the channel keeps delivering
    t.redis!.disconnect();
    publish(2);
    await new Promise((r) => setTimeout(r, 200));
    await t.redis!.connect();

    await until('the resync', () => sub.events().some((e) => e.event === 'resync.required'), 10_000);
    const [first, resync] = sub.events();
    expect(resync).toMatchObject({ event: 'resync.required', data: { account_id: admin.accountId, last_seq: null } });
    expect(resync!.seq).toBe(first!.seq + 1);
    sub.socket.terminate();
  });

  it('events published while the channel was down reach the sockets afterwards, in order, once each', async () => {
    const sub = await subscribe(t, admin);
    sockets.push(sub.socket);
    publish(3);
    await until('the event', () => sub.events().length === 1);

    // the subscriber connection drops alone (ioredis reconnects it after ~50 ms); these are published meanwhile
    await t.redis!.client('KILL', 'TYPE', 'pubsub');
    for (let i = 0; i < 3; i++) publish(4 + i);

    await until('the three events', () => sub.events().length === 4, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const seqs = sub.events().map((e) => e.seq);
    expect(sub.events().map((e) => e.event)).toEqual(Array(4).fill('account.cache_invalidated'));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2, seqs[0]! + 3]);
    sub.socket.terminate();
  });

  it('an event the socket already got (a catch-up replay read it from the buffer) is not sent again when the channel brings it late', async () => {
    const sub = await subscribe(t, admin);
    sockets.push(sub.socket);
    publish(20);
    await until('the event', () => sub.events().length === 1);
    // the channel delivering the same envelope again, as it does when it catches up after a replay sent it
    const [entry] = await t.redis!.lrange(`realtime:buffer:${admin.accountId}`, -1, -1);
    await t.redis!.publish(`${t.redis!.options.keyPrefix}realtime:events`, entry!);
    publish(21);
    await until('the next event', () => sub.events().length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    const seqs = sub.events().map((e) => e.seq);
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1]);
    sub.socket.terminate();
  });

  it('the lost counter starts again above the seqs it handed out: a client back with its old last_seq gets a resync, not the new events', async () => {
    await redis.stop();
    await redis.start();
    await until('the client to reconnect', () => t.redis!.status === 'ready', 15_000);
    await channelBack();
    const sub = await subscribe(t, admin);
    sockets.push(sub.socket);
    publish(4);
    await until('the event', () => sub.events().length === 1);
    const lastSeen = sub.events()[0]!.seq;

    await redis.stop();
    await redis.start();
    await until('the client to reconnect', () => t.redis!.status === 'ready', 15_000);
    // Once its channel is back the hub catches every socket up from its last seq; the counter went with
    // Redis's data, so that is a resync. Events published before it would race the catch-up (and be
    // folded into the resync), so they wait for it.
    await until('the catch-up resync', () => sub.events().some((e) => e.event === 'resync.required'), 15_000);
    for (let i = 0; i < 5; i++) publish(5 + i);
    await until('the five new events', () => sub.events().filter((e) => e.event === 'account.cache_invalidated').length === 6, 10_000);
    const fresh = sub.events().filter((e) => e.event === 'account.cache_invalidated').slice(1);
    expect(fresh[0]!.seq).toBeGreaterThan(lastSeen);

    const back = await subscribe(t, admin, { last_seq: lastSeen });
    sockets.push(back.socket);
    await until('an answer', () => back.events().length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(back.events().map((e) => e.event)).toEqual(['resync.required']);
    expect(back.events()[0]!.seq).toBe(fresh.at(-1)!.seq);
  });
});
