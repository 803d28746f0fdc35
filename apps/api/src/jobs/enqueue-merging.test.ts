import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
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

  /**
   * A process that asks without running workers (`serve` beside `api worker` processes): its asks are BullMQ jobs,
   * run by the other. A process that runs workers runs its relays' asks itself (below).
   */
  const asker = async (prefix: string, processors: Record<string, () => Promise<void>>) => {
    await (await jobsOf(prefix)).start(processors, []);
    return jobsOf(prefix);
  };

  it('merge while they come faster than the window, and the last ask is always followed by a run', async () => {
    const runs: number[] = [];
    const jobs = await asker('merge-window', { 'outbox:relay': async () => void runs.push(performance.now()) });
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

  /** Runs that last 100 ms each, recorded: asked for every 5 ms for 500 ms by `ask`. */
  const slowRuns = () => {
    const runs: number[] = [];
    const slow = async () => {
      runs.push(performance.now());
      await sleep(100);
    };
    const askAndCheck = async (ask: () => void) => {
      const firstAsk = performance.now();
      let lastAsk = 0;
      while (performance.now() - firstAsk < 500) {
        ask();
        lastAsk = performance.now();
        await sleep(5);
      }
      const deadline = performance.now() + 5_000;
      while ((runs.at(-1) ?? 0) < lastAsk && performance.now() < deadline) await sleep(20);
      await sleep(300);
      // a run started after the last ask
      expect(runs.at(-1)).toBeGreaterThan(lastAsk);
      // one running and one waiting at a time, whatever the number of windows meanwhile
      expect(runs.length).toBeLessThanOrEqual(Math.ceil((lastAsk - firstAsk) / 100) + 2);
    };
    return { runs, slow, askAndCheck };
  };

  it('add no job while one of a queue doing the same work is waiting: a slow relay runs once more, not once per window', async () => {
    const { slow, askAndCheck } = slowRuns();
    const jobs = await asker('merge-waiting', { 'inbound:relay': slow });
    await askAndCheck(() => jobs.enqueue('inbound', 'relay'));
  }, 20_000);

  /** The jobs BullMQ has ever added to a queue of a prefix (its id counter). */
  const added = async (prefix: string, queue: string) => {
    const client = new Redis(redis.url);
    try {
      return Number((await client.get(`${prefix}:${queue}:id`)) ?? 0);
    } finally {
      client.disconnect();
    }
  };

  it('an ask from a process without workers is a job in Redis', async () => {
    let runs = 0;
    const jobs = await asker('through-redis', { 'outbox:relay': async () => void runs++ });
    jobs.enqueue('outbox', 'relay');
    const deadline = performance.now() + 5_000;
    while (runs === 0 && performance.now() < deadline) await sleep(20);
    expect(runs).toBe(1);
    expect(await added('through-redis', 'outbox')).toBe(1);
  });

  it('a process that runs workers runs its relays where asked: no job in Redis, one running and one more at most, the last ask followed by a run', async () => {
    const { runs, slow, askAndCheck } = slowRuns();
    const jobs = await jobsOf('where-asked');
    await jobs.start({ 'outbox:relay': slow, 'inbound:relay': slow, 'webhooks:send': slow }, []);
    await askAndCheck(() => jobs.enqueue('outbox', 'relay'));
    // the asks of one moment are one run
    const before = runs.length;
    for (let i = 0; i < 5; i++) jobs.enqueue('webhooks', 'send');
    await sleep(300);
    expect(runs.length).toBe(before + 1);
    for (const queue of ['outbox', 'webhooks']) expect(await added('where-asked', queue)).toBe(0);
  }, 20_000);

  it('a delayed ask is a job in Redis even where workers run (it must outlive the process)', async () => {
    let runs = 0;
    const jobs = await jobsOf('delayed-here');
    await jobs.start({ 'webhooks:send': async () => void runs++ }, []);
    jobs.enqueue('webhooks', 'send', { delayMs: 50 });
    const deadline = performance.now() + 5_000;
    while (runs === 0 && performance.now() < deadline) await sleep(20);
    expect(runs).toBe(1);
    expect(await added('delayed-here', 'webhooks')).toBe(1);
  });
});
