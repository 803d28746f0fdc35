import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullJobs, ENQUEUE_WINDOW_MS, type Jobs } from './queue.ts';
import { ownRedis, type OwnRedis } from '../../test/redis-server.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BullMQ asks for one job', () => {
  let redis: OwnRedis;
  const opened: Jobs[] = [];
  /** Jobs of their own (a prefix each): every start() adds workers for every queue. */
  const jobsOf = async (prefix: string) => {
    const jobs = await createBullJobs(redis.url, quiet, { prefix });
    opened.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    redis = await ownRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((jobs) => jobs.close()));
    await redis?.stop();
  });

  it('merge while they come faster than the window, and the last ask is always followed by a run', async () => {
    const runs: number[] = [];
    const jobs = await jobsOf('merge-window');
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

  it('add no job while one of a queue doing the same work is waiting: a slow relay runs once more, not once per window', async () => {
    const runs: number[] = [];
    const slow = async () => {
      runs.push(performance.now());
      await sleep(100);
    };
    const jobs = await jobsOf('merge-waiting');
    await jobs.start({ 'inbound:relay': slow }, []);
    const firstAsk = performance.now();
    let lastAsk = 0;
    while (performance.now() - firstAsk < 500) {
      jobs.enqueue('inbound', 'relay');
      lastAsk = performance.now();
      await sleep(5);
    }
    const deadline = performance.now() + 5_000;
    while ((runs.at(-1) ?? 0) < lastAsk && performance.now() < deadline) await sleep(20);
    await sleep(300);
    expect(runs.at(-1)).toBeGreaterThan(lastAsk);
    // each run lasts 100 ms: one running and one waiting at a time, whatever the number of windows meanwhile
    expect(runs.length).toBeLessThanOrEqual(Math.ceil((lastAsk - firstAsk) / 100) + 2);
  }, 20_000);
});
