/*
 * A bounded pool of OCR workers, in process. Each worker is a tesseract.js thread holding its own wasm heap
 * and the English model (tens of MB, see docs/ocr.md), so workers are started only when work arrives, at
 * most `size` of them, and stopped after `idleMs` without work to give the memory back. Work beyond the
 * running workers waits in a queue of at most `queueLimit`; more than that is refused at once with
 * OcrBusyError (the route answers 503 with Retry-After) rather than piling up requests. A task that runs
 * past `timeoutMs` is failed with OcrTimeoutError and its worker is terminated (a wasm call cannot be
 * interrupted any other way); the next task starts a fresh one.
 */

export class OcrBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('OCR is busy: too many images are waiting. Try again shortly.');
    this.name = 'OcrBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class OcrTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The image could not be read within ${Math.round(timeoutMs / 1000)} s.`);
    this.name = 'OcrTimeoutError';
  }
}

export class OcrClosedError extends Error {
  constructor() {
    super('OCR is shutting down.');
    this.name = 'OcrClosedError';
  }
}

/** What a pool keeps running: anything that can be terminated (a tesseract reader in production). */
export type PoolWorker = { terminate: () => Promise<void> };

export type PoolOptions<W extends PoolWorker> = {
  /** How many workers may run at once (OCR_WORKERS). */
  size: number;
  /** A worker without work for this long is terminated (OCR_IDLE_MS). */
  idleMs: number;
  /** How many tasks may wait for a worker (OCR_QUEUE_LIMIT); one more is refused with OcrBusyError. */
  queueLimit: number;
  /** A task running longer fails with OcrTimeoutError and costs its worker (OCR_TIMEOUT_MS). */
  timeoutMs: number;
  start: () => Promise<W>;
  /** Told when a worker starts or stops (logs, the bench's memory figures). */
  onWorkerChange?: (event: 'started' | 'stopped', reason?: 'idle' | 'timeout' | 'failed' | 'closed') => void;
};

export type PoolStats = { workers: number; busy: number; queued: number };

export type WorkerPool<W extends PoolWorker> = {
  run: <T>(task: (worker: W) => Promise<T>) => Promise<T>;
  stats: () => PoolStats;
  /** Refuses waiting tasks and terminates every worker. */
  close: () => Promise<void>;
};

type Slot<W> = { worker: Promise<W>; busy: boolean; idleTimer: NodeJS.Timeout | null };
type Job<W> = { task: (worker: W) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export function createWorkerPool<W extends PoolWorker>(options: PoolOptions<W>): WorkerPool<W> {
  const slots = new Set<Slot<W>>();
  const queue: Job<W>[] = [];
  let closed = false;
  // a running average of task time, for Retry-After
  let averageMs = 2_000;

  const stop = async (slot: Slot<W>, reason: 'idle' | 'timeout' | 'failed' | 'closed') => {
    if (!slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    options.onWorkerChange?.('stopped', reason);
    await slot.worker.then((w) => w.terminate()).catch(() => undefined);
  };

  const startSlot = (): Slot<W> => {
    const slot: Slot<W> = { worker: options.start(), busy: false, idleTimer: null };
    slots.add(slot);
    slot.worker.then(
      () => options.onWorkerChange?.('started'),
      () => void stop(slot, 'failed'),
    );
    return slot;
  };

  const release = (slot: Slot<W>) => {
    slot.busy = false;
    const next = queue.shift();
    if (next) return execute(slot, next);
    slot.idleTimer = setTimeout(() => void stop(slot, 'idle'), options.idleMs);
    slot.idleTimer.unref();
  };

  function execute(slot: Slot<W>, job: Job<W>) {
    slot.busy = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const started = performance.now();
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      job.reject(new OcrTimeoutError(options.timeoutMs));
      // the worker is still inside the wasm call: only terminating it frees the slot
      void stop(slot, 'timeout');
      dispatch();
    }, options.timeoutMs);
    slot.worker
      .then((worker) => job.task(worker))
      .then(
        (value) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
          job.resolve(value);
          release(slot);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          job.reject(error);
          // a worker that failed to start is gone; one whose task failed (a bad image) stays usable
          if (slots.has(slot)) release(slot);
          else dispatch();
        },
      );
  }

  /** Hands waiting jobs to idle workers, starting workers up to the limit. */
  function dispatch() {
    while (queue.length > 0 && !closed) {
      const idle = [...slots].find((s) => !s.busy);
      const slot = idle ?? (slots.size < options.size ? startSlot() : null);
      if (!slot) return;
      execute(slot, queue.shift()!);
    }
  }

  return {
    run<T>(task: (worker: W) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new OcrClosedError());
      const busy = [...slots].filter((s) => s.busy).length;
      const free = options.size - busy;
      if (queue.length >= options.queueLimit && free <= 0) {
        const waitMs = ((queue.length + busy) * averageMs) / options.size;
        return Promise.reject(new OcrBusyError(Math.max(1, Math.ceil(waitMs / 1000))));
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ task: task as Job<W>['task'], resolve: resolve as Job<W>['resolve'], reject });
        dispatch();
      });
    },
    stats: () => ({ workers: slots.size, busy: [...slots].filter((s) => s.busy).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new OcrClosedError());
      await Promise.all([...slots].map((slot) => stop(slot, 'closed')));
    },
  };
}
