import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createBullJobs, type Jobs } from './queue.ts';
import { ownRedis, type OwnRedis } from '../../test/redis-server.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

describe('job schedules after Redis loses its data', () => {
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

  it('are declared again when Redis comes back empty', async () => {
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
});
