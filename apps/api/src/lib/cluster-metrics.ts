import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** One process's metrics as `registry.getMetricsAsJSON()` answers them. */
type ProcessMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/**
 * /metrics of a WEB_CONCURRENCY server (main.ts `supervise`): its processes share a port, so a scrape reaches one
 * of them. That one asks the supervisor, which asks every process for its metrics (each fills its gauges as for a
 * scrape of its own) and answers them added up (prom-client's aggregation: counters and histograms summed,
 * installation-wide gauges by `max`, see lib/metrics.ts). A process that does not answer within COLLECT_TIMEOUT_MS is
 * left out rather than failing the scrape.
 */

type Message =
  | { type: 'relay-desk:metrics:ask'; id: string }
  | { type: 'relay-desk:metrics:collect'; id: string }
  | { type: 'relay-desk:metrics:collected'; id: string; metrics: ProcessMetrics }
  | { type: 'relay-desk:metrics:answer'; id: string; text: string | null };

const COLLECT_TIMEOUT_MS = 5_000;

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type.startsWith('relay-desk:metrics:');

/** In the supervisor: answers the processes' asks with every process's metrics added up. */
export function aggregateProcessMetrics(): void {
  const waiting = new Map<string, { metrics: ProcessMetrics[]; left: Set<number>; done: () => void }>();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'relay-desk:metrics:collected') {
      const pending = waiting.get(message.id);
      if (!pending) return;
      pending.metrics.push(message.metrics);
      pending.left.delete(worker.id);
      if (pending.left.size === 0) pending.done();
      return;
    }
    if (message.type !== 'relay-desk:metrics:ask') return;
    void collectAll(message.id)
      .then((collected) => (collected.length ? AggregatorRegistry.aggregate(collected).metrics() : null))
      .catch(() => null)
      .then((text) => {
        if (worker.isConnected()) worker.send({ type: 'relay-desk:metrics:answer', id: message.id, text } satisfies Message);
      });
  });

  /** Every live process's metrics, or those that answered within COLLECT_TIMEOUT_MS. */
  function collectAll(id: string): Promise<ProcessMetrics[]> {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && w.isConnected());
    const metrics: ProcessMetrics[] = [];
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(metrics);
      };
      const timer = setTimeout(finish, COLLECT_TIMEOUT_MS);
      waiting.set(id, { metrics, left: new Set(workers.map((w) => w.id)), done: finish });
      for (const w of workers) w.send({ type: 'relay-desk:metrics:collect', id } satisfies Message);
    });
  }
}

/**
 * In a process of a WEB_CONCURRENCY server: answers the supervisor's collects with `collect()` (this process's
 * metrics, gauges filled), and gives `render` for /metrics: the whole server's, or this process's own when the
 * supervisor does not answer.
 */
export function processMetrics(collect: () => Promise<ProcessMetrics>, own: () => Promise<string>): { render: () => Promise<string>; stop: () => void } {
  const answers = new Map<string, (text: string | null) => void>();
  const onMessage = (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'relay-desk:metrics:answer') answers.get(message.id)?.(message.text);
    if (message.type === 'relay-desk:metrics:collect') {
      void collect()
        .then((metrics) => process.send?.({ type: 'relay-desk:metrics:collected', id: message.id, metrics } satisfies Message))
        .catch(() => process.send?.({ type: 'relay-desk:metrics:collected', id: message.id, metrics: [] } satisfies Message));
    }
  };
  process.on('message', onMessage);
  return {
    async render() {
      const id = randomUUID();
      const text = await new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), COLLECT_TIMEOUT_MS * 2);
        answers.set(id, (answer) => (clearTimeout(timer), resolve(answer)));
        process.send?.({ type: 'relay-desk:metrics:ask', id } satisfies Message);
      });
      answers.delete(id);
      return text ?? (await own());
    },
    stop: () => void process.off('message', onMessage),
  };
}
