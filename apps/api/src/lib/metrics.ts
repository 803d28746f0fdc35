import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processMetrics } from './cluster-metrics.ts';

/**
 * Prometheus metrics of one process (docs/operations.md "Metrics"). A registry per app, not prom-client's
 * global one, so several apps in one process (tests) never share counters. Gauges that read the outside
 * world (queue depth, outbox lag, sockets) are filled when Prometheus scrapes, through `onScrape`.
 */
export type Metrics = {
  registry: Registry;
  /** One answered HTTP request: `route` is the route's pattern (`/api/v1/accounts/:accountId/inboxes/:id`), never the raw path. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** One finished job run in this process. */
  observeJob: (queue: string, name: string, outcome: 'completed' | 'failed', seconds: number) => void;
  /** Job runs in progress in this process, by queue. */
  jobsActive: Gauge<'queue'>;
  queueDepth: Gauge<'queue' | 'state'>;
  outboxLag: Gauge<'lane'>;
  outboxPending: Gauge<'lane'>;
  sockets: Gauge;
  /** Work that fills gauges before each scrape; a failing one is skipped (its gauges keep their last value). */
  onScrape: (collect: () => Promise<void>) => void;
  /** The text exposition (Content-Type in `contentType`); in a WEB_CONCURRENCY server, every process's added up. */
  render: () => Promise<string>;
  contentType: string;
  close: () => void;
};

export const METRIC_PREFIX = 'relay_desk_';

/** Seconds: from a fast cached read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `2xx`, `4xx`, `5xx`… */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * `shared`: this process is one of a WEB_CONCURRENCY server's (lib/cluster-metrics.ts): /metrics answers all of
 * them added up. The installation-wide gauges (queue depth, outbox) read the same in each, so they add up by `max`.
 */
export function createMetrics(options: { log?: { warn: (obj: object, msg?: string) => void }; shared?: boolean } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: `${METRIC_PREFIX}job_runs_total`,
    help: 'Job runs finished in this process, by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: `${METRIC_PREFIX}job_failures_total`,
    help: 'Job runs that threw in this process, by queue and job name',
    labelNames: ['queue', 'name'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: `${METRIC_PREFIX}job_duration_seconds`,
    help: 'Job run time in this process, by queue',
    labelNames: ['queue'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobsActive = new Gauge({
    name: `${METRIC_PREFIX}jobs_active`,
    help: 'Job runs in progress in this process, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: `${METRIC_PREFIX}job_queue_depth`,
    help: 'Jobs in the shared queues (BullMQ on Redis) by queue and state: waiting, prioritized, delayed, active, failed (failed keeps the last 1000)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    aggregator: 'max',
  });
  const outboxLag = new Gauge({
    name: `${METRIC_PREFIX}outbox_lag_seconds`,
    help: 'Age of the oldest outbox row not relayed yet, by lane (0 when the lane is empty)',
    labelNames: ['lane'] as const,
    registers: [registry],
    aggregator: 'max',
  });
  const outboxPending = new Gauge({
    name: `${METRIC_PREFIX}outbox_pending`,
    help: 'Outbox rows not relayed yet, by lane',
    labelNames: ['lane'] as const,
    registers: [registry],
    aggregator: 'max',
  });
  const sockets = new Gauge({
    name: `${METRIC_PREFIX}realtime_sockets`,
    help: 'Open /cable sockets on this process',
    registers: [registry],
  });

  const collectors: (() => Promise<void>)[] = [];
  const fill = async () => {
    const results = await Promise.allSettled(collectors.map((collect) => collect()));
    for (const result of results) if (result.status === 'rejected') options.log?.warn({ err: result.reason }, 'metrics: a collector failed');
  };
  const own = async () => {
    await fill();
    return registry.metrics();
  };
  const shared = options.shared
    ? processMetrics(async () => {
        await fill();
        return registry.getMetricsAsJSON();
      }, own)
    : undefined;
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requestDuration.observe({ method, route, status_class: statusClass(status) }, seconds);
    },
    observeJob(queue, name, outcome, seconds) {
      jobRuns.inc({ queue, name, outcome });
      if (outcome === 'failed') jobFailures.inc({ queue, name });
      jobDuration.observe({ queue }, seconds);
    },
    jobsActive,
    queueDepth,
    outboxLag,
    outboxPending,
    sockets,
    onScrape(collect) {
      collectors.push(collect);
    },
    render: shared ? shared.render : own,
    contentType: registry.contentType,
    close: () => shared?.stop(),
  };
}
