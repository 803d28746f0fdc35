import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, OcrBusyError, OcrClosedError, OcrTimeoutError, type WorkerPool } from './pool.ts';

/*
 * The pool's bookkeeping, with plain workers whose tasks the test finishes by hand (tesseract itself is
 * exercised by the API test and the accuracy suite).
 */

type TestWorker = { id: number; terminated: boolean; terminate: () => Promise<void> };

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const pools: WorkerPool<TestWorker>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function makePool(options: Partial<{ size: number; idleMs: number; queueLimit: number; timeoutMs: number; failStart: boolean }> = {}) {
  const started: TestWorker[] = [];
  const events: string[] = [];
  const pool = createWorkerPool<TestWorker>({
    size: options.size ?? 1,
    idleMs: options.idleMs ?? 60_000,
    queueLimit: options.queueLimit ?? 20,
    timeoutMs: options.timeoutMs ?? 60_000,
    async start() {
      if (options.failStart) throw new Error('no wasm');
      const worker: TestWorker = {
        id: started.length + 1,
        terminated: false,
        async terminate() {
          worker.terminated = true;
        },
      };
      started.push(worker);
      return worker;
    },
    onWorkerChange: (event, reason) => events.push(reason ? `${event}:${reason}` : event),
  });
  pools.push(pool);
  return { pool, started, events };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('OCR worker pool', () => {
  it('starts no worker until work arrives, then reuses the one it started', async () => {
    const { pool, started } = makePool();
    expect(pool.stats()).toEqual({ workers: 0, busy: 0, queued: 0 });
    expect(await pool.run(async (w) => w.id)).toBe(1);
    expect(await pool.run(async (w) => w.id)).toBe(1);
    expect(started).toHaveLength(1);
    expect(pool.stats()).toEqual({ workers: 1, busy: 0, queued: 0 });
  });

  it('runs at most `size` tasks at once and queues the rest in order', async () => {
    const { pool, started } = makePool({ size: 2 });
    const gates = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = gates.map((gate, i) =>
      pool.run(async (w) => {
        order.push(i);
        await gate.promise;
        return w.id;
      }),
    );
    await tick();
    expect(pool.stats()).toEqual({ workers: 2, busy: 2, queued: 1 });
    expect(order).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    // the third task took the worker the second one freed
    expect(order).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([1, 2, 2]);
    expect(started).toHaveLength(2);
  });

  it('refuses work beyond the queue limit with a busy error that says when to retry', async () => {
    const { pool } = makePool({ size: 1, queueLimit: 2 });
    const gate = deferred();
    const runs = [1, 2, 3].map(() => pool.run(() => gate.promise));
    await tick();
    expect(pool.stats()).toEqual({ workers: 1, busy: 1, queued: 2 });
    const refused = await pool.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OcrBusyError);
    expect((refused as OcrBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    gate.resolve();
    await Promise.all(runs);
    // room again once the queue drained
    expect(await pool.run(async () => 'ok')).toBe('ok');
  });

  it('fails a task past the timeout, terminates its worker and starts a fresh one for the next task', async () => {
    const { pool, started, events } = makePool({ timeoutMs: 30 });
    const stuck = pool.run(() => new Promise(() => undefined));
    const next = pool.run(async (w) => w.id);
    await expect(stuck).rejects.toBeInstanceOf(OcrTimeoutError);
    expect(await next).toBe(2);
    expect(started[0]!.terminated).toBe(true);
    expect(started[1]!.terminated).toBe(false);
    expect(events).toContain('stopped:timeout');
  });

  it('keeps a worker whose task failed (a bad image) and passes the error on', async () => {
    const { pool, started } = makePool();
    await expect(pool.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await pool.run(async (w) => w.id)).toBe(1);
    expect(started).toHaveLength(1);
  });

  it('stops an idle worker after the idle time and starts another when work comes back', async () => {
    const { pool, started, events } = makePool({ idleMs: 20 });
    await pool.run(async () => undefined);
    await new Promise((r) => setTimeout(r, 60));
    expect(pool.stats().workers).toBe(0);
    expect(started[0]!.terminated).toBe(true);
    expect(events).toEqual(['started', 'stopped:idle']);
    expect(await pool.run(async (w) => w.id)).toBe(2);
  });

  it('fails the task when a worker cannot start, and tries again for the next task', async () => {
    const { pool } = makePool({ failStart: true });
    await expect(pool.run(async () => 'x')).rejects.toThrow('no wasm');
    expect(pool.stats().workers).toBe(0);
    await expect(pool.run(async () => 'x')).rejects.toThrow('no wasm');
  });

  it('on close refuses waiting and new tasks and terminates its workers', async () => {
    const { pool, started } = makePool();
    const gate = deferred();
    const running = pool.run(() => gate.promise);
    const waiting = pool.run(async () => 'never');
    await tick();
    await pool.close();
    await expect(waiting).rejects.toBeInstanceOf(OcrClosedError);
    await expect(pool.run(async () => 'x')).rejects.toBeInstanceOf(OcrClosedError);
    expect(started[0]!.terminated).toBe(true);
    gate.resolve();
    await running;
  });
});
