import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
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
