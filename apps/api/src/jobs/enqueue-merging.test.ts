import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullJobs, ENQUEUE_WINDOW_MS, type Jobs } from './queue.ts';
import { ownRedis, type OwnRedis } from '../../test/redis-server.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BullMQ asks for one job', () => {
  let redis: OwnRedis;
  let jobs: Jobs;

  beforeAll(async () => {
    redis = await ownRedis();
    jobs = await createBullJobs(redis.url, quiet, { prefix: 'enqueue-merging-test' });
  });
  afterAll(async () => {
    await jobs?.close();
    await redis?.stop();
  });

  it('merge while they come faster than the window, and the last ask is always followed by a run', async () => {
    const runs: number[] = [];
    await jobs.start({ 'outbox:relay': async () => void runs.push(performance.now()) }, []);
    // an ask every 5 ms for 400 ms, as commits ask for a relay under load
    const firstAsk = performance.now();
    let lastAsk = 0;
    for (let i = 0; i < 80; i++) {
      jobs.enqueue('outbox', 'relay');
      lastAsk = performance.now();
      await sleep(5);
    }
    const deadline = performance.now() + 5_000;
    while ((runs.at(-1) ?? 0) < lastAsk && performance.now() < deadline) await sleep(20);
    await sleep(4 * ENQUEUE_WINDOW_MS);
    // a run started after the last ask: nothing committed before it waits for the sweep
    expect(runs.at(-1)).toBeGreaterThan(lastAsk);
    // far fewer runs than asks: one at once, then at most one per window (timers run late on a busy machine)
    expect(runs.length).toBeLessThanOrEqual(Math.ceil((lastAsk - firstAsk) / ENQUEUE_WINDOW_MS) + 2);
    expect(runs.length).toBeLessThan(40);
    expect(runs.length).toBeGreaterThan(1);
  }, 20_000);
});
