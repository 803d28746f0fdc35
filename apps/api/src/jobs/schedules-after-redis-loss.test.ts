import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createBullJobs, type Jobs } from './queue.ts';
import { ownRedis, type OwnRedis } from '../../test/redis-server.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

describe('BullMQ jobs through a Redis restart', () => {
  let redis: OwnRedis;
  let jobs: Jobs;
  let scheduled: Queue;

  beforeAll(async () => {
    redis = await ownRedis();
    jobs = await createBullJobs(redis.url, quiet, { prefix: 'schedules-test' });
    scheduled = new Queue('scheduled', { connection: { url: redis.url, maxRetriesPerRequest: null }, prefix: 'schedules-test' });
  });
  afterAll(async () => {
    await redis.start();
    await Promise.all([jobs?.close(), scheduled?.close()]);
    await redis?.stop();
  });

  it('schedules are declared again when Redis comes back empty', async () => {
    await jobs.start({ 'scheduled:sweep': async () => undefined }, [{ queue: 'scheduled', name: 'sweep', everyMs: 60_000 }]);
    const ids = async () => (await scheduled.getJobSchedulers()).map((s) => s.key);
    expect(await ids()).toEqual(['scheduled:sweep']);

    await redis.stop();
    await new Promise((r) => setTimeout(r, 300));
    await redis.start();

    const deadline = Date.now() + 20_000;
    let after: string[] = [];
    while (Date.now() < deadline && after.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      after = await ids().catch(() => []);
    }
    expect(after).toEqual(['scheduled:sweep']);
  }, 40_000);

  it('close() returns right after a Redis restart (idle workers\' own graceful close waited for good)', async () => {
    const other = await createBullJobs(redis.url, quiet, { prefix: 'close-test' });
    // a schedule's next run is a delayed job: the idle workers wait for it
    await other.start({ 'scheduled:sweep': async () => undefined }, [{ queue: 'scheduled', name: 'sweep', everyMs: 60_000 }]);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    await redis.start();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 20_000);

  it('close() still waits for the job this process is running', async () => {
    const other = await createBullJobs(redis.url, quiet, { prefix: 'close-wait-test' });
    let finished = false;
    let began = false;
    const slow = async () => {
      began = true;
      await new Promise((r) => setTimeout(r, 1000));
      finished = true;
    };
    await other.start({ 'scheduled:slow': slow }, []);
    other.enqueue('scheduled', 'slow');
    const deadline = Date.now() + 5_000;
    while (!began && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(began).toBe(true);
    await other.close();
    expect(finished).toBe(true);
  }, 20_000);
});
