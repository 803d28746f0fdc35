import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Queue } from 'bullmq';
import { count, isNull, min } from 'drizzle-orm';
import { schema } from '@app/db';
import { QUEUES, type QueueName } from '../jobs/queue.ts';
import { createMetrics, type Metrics } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this process; null when METRICS_TOKEN is not set (nothing is collected). */
    metrics: Metrics | null;
  }
}

/** A scrape never waits longer than this on one source (a Redis or Postgres outage must not hang it). */
const COLLECT_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match && timingSafeEqual(digest(match[1]!.trim()), digest(token)));
}

const OUTBOX_LANES = ['default', 'inbound'] as const;
const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed', 'prioritized'] as const;

/**
 * Request ids and metrics (docs/operations.md "Logs and request ids", "Metrics").
 *
 * Every response carries `x-request-id`: the id in the request's log lines (the caller's own `x-request-id`
 * when it is a plain token, see app.ts `genReqId`), so a user's report can be matched with the logs.
 *
 * With METRICS_TOKEN set, GET /metrics answers Prometheus' text format to `Authorization: Bearer <token>`
 * (401 otherwise): request latency by route pattern and status class, job runs and failures, job queue depth,
 * open /cable sockets and outbox lag, plus the process's default metrics. Without it there is no route
 * and no collection.
 */
export const metricsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    const token = app.config.metrics.token;
    if (!token) {
      app.decorate('metrics', null);
      return;
    }
    const metrics = createMetrics({ log: app.log, shared: cluster.isWorker });
    app.decorate('metrics', metrics);
    app.addHook('onClose', async () => metrics.close());

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url ?? '<unmatched>', reply.statusCode, reply.elapsedTime / 1000);
    });

    metrics.onScrape(async () => {
      metrics.sockets.set(app.hasDecorator('realtime') ? app.realtime.connectionCount : 0);
    });

    metrics.onScrape(async () => {
      const o = schema.outboxEvents;
      const rows = await within(
        app.db.select({ lane: o.lane, pending: count(), oldest: min(o.createdAt) }).from(o).where(isNull(o.dispatchedAt)).groupBy(o.lane),
        'the database',
      );
      const now = Date.now();
      for (const lane of OUTBOX_LANES) {
        const row = rows.find((r) => r.lane === lane);
        metrics.outboxPending.set({ lane }, row?.pending ?? 0);
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
        metrics.outboxLag.set({ lane }, Math.max(0, (now - oldest) / 1000));
      }
    });

    // The shared queues' depth (BullMQ on Redis): read through one connection of its own, opened on the first
    // scrape, that fails fast while Redis is down instead of queueing commands.
    const { redisUrl } = app.config;
    if (redisUrl) {
      let queues: Map<QueueName, Queue> | undefined;
      let connection: { disconnect: () => void } | undefined;
      const open = async () => {
        const [bullmq, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
        const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
        redis.on('error', (err) => app.log.debug({ err }, 'metrics: redis error'));
        connection = redis;
        const opened = new Map((Object.keys(QUEUES) as QueueName[]).map((name) => [name, new bullmq.Queue(name, { connection: redis, prefix: app.config.jobs.prefix })]));
        queues = opened;
        return opened;
      };
      metrics.onScrape(async () => {
        const all = queues ?? (await open());
        await within(
          Promise.all(
            [...all].map(async ([queue, q]) => {
              const counts = await q.getJobCounts(...QUEUE_STATES);
              for (const state of QUEUE_STATES) metrics.queueDepth.set({ queue, state }, counts[state] ?? 0);
            }),
          ),
          'Redis',
        );
      });
      app.addHook('onClose', async () => {
        if (queues) await Promise.allSettled([...queues.values()].map((q) => q.close()));
        connection?.disconnect();
      });
    }

    app.get('/metrics', { logLevel: 'warn', config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'A valid metrics token is required.' });
      }
      const body = await metrics.render();
      return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
