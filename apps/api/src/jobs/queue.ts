import type { Logger } from '../lib/logger.ts';

/**
 * Queues (ARCHITECTURE "Jobs"). Each has its own workers and concurrency, so a flood on one (bulk
 * assignments fanning out to webhooks) never starves another (`inbound`: what incoming traffic causes).
 */
export const QUEUES = {
  /** Relays the outbox's default lane into deliveries. */
  outbox: { concurrency: 1, sameWork: true, runsWhereAsked: true },
  /** Relays the outbox's inbound lane: events caused by contacts and integrators (public API, channels). */
  inbound: { concurrency: 1, sameWork: true, runsWhereAsked: true },
  /** Sends due webhook and API-channel deliveries. */
  webhooks: { concurrency: 2, sameWork: true, runsWhereAsked: true },
  /** Scheduled work: snooze wake-ups and the sweeps that recover from crashes. */
  scheduled: { concurrency: 1 },
  /** CSV imports of payment records (claimed one at a time under a lease; long, so kept off the others). */
  imports: { concurrency: 1 },
  /** Contact CSV exports, written to storage (claimed one at a time under a lease). */
  exports: { concurrency: 1 },
  /** Contact work taken off requests: deleting contacts with many conversations, fetching avatar_url images. */
  contacts: { concurrency: 1 },
} as const;
export type QueueName = keyof typeof QUEUES;
/**
 * Every job of the queue does the same work (drain it all): an ask while one of its jobs is still waiting adds
 * none (BullMQ), since that job starts after the ask and does what it asks for.
 */
const sameWork = (name: QueueName) => 'sameWork' in QUEUES[name] && QUEUES[name].sameWork;
/**
 * An ask (not delayed) made in a process that runs workers runs in that process, with no job in Redis: every commit
 * asks for a relay, and a BullMQ job costs ~60 Redis commands (added, fetched, moved, completed, its events), more
 * than the relay of one message itself costs Postgres. The work waits in Postgres and is claimed there (SKIP
 * LOCKED), so whichever process runs it does it once; the sweep's jobs still go through Redis, to any worker.
 */
const runsWhereAsked = (name: QueueName) => 'runsWhereAsked' in QUEUES[name] && QUEUES[name].runsWhereAsked;

/**
 * A job names work, it does not carry it: every processor reads what is due from the database and
 * claims it there (SKIP LOCKED, leases, conditional updates), so a job run twice or by two workers does
 * the work once, and a lost job only delays work until the next sweep.
 */
export type Job = { queue: QueueName; name: string };
export type Processor = (job: Job) => Promise<unknown>;

export type Jobs = {
  kind: 'in-process' | 'bullmq';
  /** Asks for a run of `name` on `queue` (after `delayMs`); asks made while one is waiting merge into it. */
  enqueue: (queue: QueueName, name: string, options?: { delayMs?: number }) => void;
  /** Starts running jobs with these processors (keyed `queue:name`) and these repeating schedules. */
  start: (processors: Record<string, Processor>, schedules: Schedule[]) => Promise<void>;
  /** Stops taking jobs; waits for the ones running (BullMQ hands unstarted ones to other workers). */
  close: () => Promise<void>;
};

/** How long asks for one job are merged after one went out (BullMQ): the most a relay waits for its commit. */
export const ENQUEUE_WINDOW_MS = 25;

/** How long close() waits for the jobs this process is running. */
const SHUTDOWN_GRACE_MS = 30_000;

export type Schedule = { queue: QueueName; name: string; everyMs: number };

export const jobKey = (queue: QueueName, name: string) => `${queue}:${name}`;

/**
 * Runs jobs in this process: a run per queue and name at a time, and a second ask while one runs queues exactly
 * one more run (which does what every ask meanwhile asked for).
 */
function localRunner(log: Logger) {
  let processors: Record<string, Processor> | undefined;
  let closed = false;
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const asked = new Set<string>();
  const runner = {
    /** Whether runs can start: processors given and not closed. */
    get ready() {
      return processors !== undefined && !closed;
    },
    start(given: Record<string, Processor>) {
      processors = given;
    },
    run(queue: QueueName, name: string) {
      const key = jobKey(queue, name);
      if (closed || !processors) return;
      if (running.has(key)) {
        again.add(key);
        return;
      }
      const processor = processors[key];
      if (!processor) {
        log.error({ job: key }, 'no processor for job');
        return;
      }
      const work = (async () => {
        do {
          again.delete(key);
          await processor({ queue, name }).catch((err: unknown) => log.error({ err, job: key }, 'job failed'));
        } while (again.has(key) && !closed);
      })().finally(() => running.delete(key));
      running.set(key, work);
    },
    /** A run after this moment: the asks of one moment (a change publishes several events) are one run. */
    ask(queue: QueueName, name: string) {
      const key = jobKey(queue, name);
      if (asked.has(key)) return;
      asked.add(key);
      setImmediate(() => {
        asked.delete(key);
        runner.run(queue, name);
      });
    },
    /** Stops starting runs; answers when the running ones have finished. */
    async close() {
      closed = true;
      await Promise.all(running.values());
    },
  };
  return runner;
}

/**
 * Jobs in this process (no Redis): a run per queue and name at a time, the asks of one moment one run, a second
 * ask while one runs exactly one more run, delays and schedules on unref'ed timers.
 */
export function createInProcessJobs(log: Logger): Jobs {
  const runner = localRunner(log);
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, fn: () => void, repeat = false) => {
    const timer = (repeat ? setInterval : setTimeout)(() => {
      if (!repeat) timers.delete(timer);
      fn();
    }, ms).unref();
    timers.add(timer);
  };

  return {
    kind: 'in-process',
    enqueue(queue, name, options = {}) {
      if (options.delayMs && options.delayMs > 0) later(options.delayMs, () => runner.run(queue, name));
      else runner.ask(queue, name);
    },
    async start(given, schedules) {
      runner.start(given);
      for (const s of schedules) later(s.everyMs, () => runner.run(s.queue, s.name), true);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await runner.close();
    },
  };
}

/**
 * BullMQ on Redis: any number of `api worker` (or `serve` with RUN_WORKERS) processes share the queues.
 * Asks made in one process within ENQUEUE_WINDOW_MS of a job going out merge into one more job; schedules are upserted job
 * schedulers, so several processes declaring them keep one each. `prefix` keeps tests apart. In a process that runs
 * workers, asks of the runsWhereAsked queues run in the process instead (one running and one more at most).
 */
export async function createBullJobs(redisUrl: string, log: Logger, options: { prefix?: string } = {}): Promise<Jobs> {
  const { Queue, Worker } = await import('bullmq');
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const prefix = options.prefix ?? 'jobs';
  const queues = new Map<QueueName, InstanceType<typeof Queue>>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, { connection, prefix, defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000, attempts: 1 } });
      q.on('error', (err: Error) => log.warn({ err, queue: name }, 'job queue error'));
      queues.set(name, q);
    }
    return q;
  };
  const workers: { close: (force?: boolean) => Promise<void> }[] = [];
  /** Asks being merged, by queue, job and delay: whether another came since the last job went out. */
  const windows = new Map<string, { again: boolean }>();
  /** The jobs this process is running, so close() can wait for them itself (see there). */
  const running = new Set<Promise<unknown>>();
  /** Asks run in this process (runsWhereAsked), once it runs workers. */
  const here = localRunner(log);
  let closed = false;

  return {
    kind: 'bullmq',
    enqueue(name, job, opts = {}) {
      if (closed) return;
      if (!opts.delayMs && runsWhereAsked(name) && here.ready) {
        here.ask(name, job);
        return;
      }
      const key = `${jobKey(name, job)}:${opts.delayMs ?? 0}`;
      const add = async () => {
        const q = queue(name);
        if (!opts.delayMs && sameWork(name) && (await q.getWaitingCount()) > 0) return;
        await q.add(job, {}, opts.delayMs ? { delay: opts.delayMs } : {});
      };
      const ask = () => void add().catch((err: unknown) => log.error({ err, job: jobKey(name, job) }, 'could not enqueue job'));
      const window = windows.get(key);
      if (window) {
        window.again = true;
        return;
      }
      // The first ask goes out at once (after this moment's other asks); asks within ENQUEUE_WINDOW_MS after it
      // merge into one more job at the window's end. Every commit asks for a relay: at hundreds of commits a
      // second, one job each would have the worker run mostly empty relays, each with its queue round trips.
      const open = (): void => {
        const state = { again: false };
        windows.set(key, state);
        setTimeout(() => {
          windows.delete(key);
          if (state.again && !closed) {
            ask();
            open();
          }
        }, ENQUEUE_WINDOW_MS).unref();
      };
      open();
      setImmediate(ask);
    },
    async start(processors, schedules) {
      here.start(processors);
      for (const [name, { concurrency }] of Object.entries(QUEUES) as [QueueName, { concurrency: number }][]) {
        const worker = new Worker(
          name,
          async (job) => {
            const processor = processors[jobKey(name, job.name)];
            if (!processor) throw new Error(`no processor for ${jobKey(name, job.name)}`);
            const run = processor({ queue: name, name: job.name });
            running.add(run);
            return run.finally(() => running.delete(run));
          },
          { connection, prefix, concurrency },
        );
        worker.on('failed', (job, err) => log.error({ err, job: job && jobKey(name, job.name) }, 'job failed'));
        worker.on('error', (err) => log.warn({ err, queue: name }, 'job worker error'));
        workers.push(worker);
      }
      const declare = async () => {
        for (const s of schedules) await queue(s.queue).upsertJobScheduler(jobKey(s.queue, s.name), { every: s.everyMs }, { name: s.name });
      };
      await declare();
      // A Redis that restarts without its data loses the schedulers, and with them snooze wake-ups and the
      // crash-recovery sweeps: they are declared again on every reconnect (an upsert, harmless when they survived).
      // The commands wait in ioredis's offline queue, so they run once the connection is back.
      let redeclaring = false;
      for (const name of new Set(schedules.map((s) => s.queue))) {
        queue(name).on('ioredis:close', () => {
          if (redeclaring || closed) return;
          redeclaring = true;
          declare()
            .catch((err: unknown) => log.error({ err, queue: name }, 'could not declare job schedules again'))
            .finally(() => (redeclaring = false));
        });
      }
    },
    async close() {
      closed = true;
      // BullMQ's graceful close() also waits for the worker's fetch loop, which never ends while its Redis
      // connection is reconnecting (a SIGTERM after a Redis restart hung for good). So the running jobs are
      // waited for here, at most SHUTDOWN_GRACE_MS, and the workers closed without waiting; waiting jobs stay
      // in Redis for the others, one taken meanwhile is handed back when its lock expires.
      const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
      await Promise.race([Promise.allSettled([...running, here.close()]), grace]);
      await Promise.all(workers.map((w) => w.close(true)));
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
