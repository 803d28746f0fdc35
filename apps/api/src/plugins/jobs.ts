import fp from 'fastify-plugin';
import { processors, schedules } from '../jobs/processors.ts';
import { createBullJobs, createInProcessJobs, type Jobs } from '../jobs/queue.ts';
import type { Services } from '../lib/context.ts';
import { isOutboxEvent } from '../lib/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queues: BullMQ with REDIS_URL, in process otherwise (ARCHITECTURE "Jobs"). */
    jobs: Jobs;
  }
}

/**
 * Job queues and, when this process runs workers, their processors and schedules. Every committed change
 * that wrote to the outbox publishes its event after the commit; that event asks for a relay at once,
 * and the sweep finds whatever a crash left behind. onClose waits for running jobs.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { config } = app;
    const jobs = config.redisUrl ? await createBullJobs(config.redisUrl, app.log, { prefix: config.jobs.prefix }) : createInProcessJobs(app.log);
    app.decorate('jobs', jobs);
    const services: Services = { db: app.db, config, log: app.log.child({ module: 'jobs' }), mailer: app.mailer, storage: app.storage, bus: app.bus };
    if (config.jobs.runWorkers) await jobs.start(processors(services, jobs), schedules(services));
    const unsubscribe = app.bus.subscribe((event) => {
      if (!isOutboxEvent(event.name)) return;
      jobs.enqueue('outbox', 'relay');
      jobs.enqueue('inbound', 'relay');
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
