import fp from 'fastify-plugin';
import { processors, schedules } from '../jobs/processors.ts';
import { randomUUID } from 'node:crypto';
import { createBullJobs, createInProcessJobs, type Jobs, type Processor, type QueueName } from '../jobs/queue.ts';
import type { Services } from '../lib/context.ts';
import { withJobContext } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
import { isOutboxEvent } from '../lib/events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queues: BullMQ with REDIS_URL, in process otherwise (ARCHITECTURE "Jobs"). */
    jobs: Jobs;
  }
}

/**
 * Each run of a processor gets an id that every log line written during it carries (`job_id`, `job`), and
 * is counted in the metrics (runs, failures, time, in progress) when they are on.
 */
export function observed(given: Record<string, Processor>, metrics: Metrics | null): Record<string, Processor> {
  const wrapped: Record<string, Processor> = {};
  for (const [key, processor] of Object.entries(given)) {
    wrapped[key] = (job) => {
      const jobId = randomUUID();
      return withJobContext({ job_id: jobId, job: key }, async () => {
        const queue: QueueName = job.queue;
        const started = performance.now();
        metrics?.jobsActive.inc({ queue });
        let outcome: 'completed' | 'failed' = 'failed';
        try {
          const result = await processor(job);
          outcome = 'completed';
          return result;
        } catch (error) {
          // The queue logs the failure outside the run: the error carries the run's id into that line.
          if (error instanceof Error && Object.isExtensible(error)) Object.assign(error, { job_id: jobId });
          throw error;
        } finally {
          metrics?.jobsActive.dec({ queue });
          metrics?.observeJob(queue, job.name, outcome, (performance.now() - started) / 1000);
        }
      });
    };
  }
  return wrapped;
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
    if (config.jobs.runWorkers) await jobs.start(observed(processors(services, jobs), app.metrics), schedules(services));
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
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
