import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '@app/db';

/**
 * Promise.all for reads on one executor. On the pool each query takes a connection of its own, so they
 * run at once; a transaction is one connection, which runs one query at a time (node-postgres 8 queues the
 * others with a deprecation warning, 9 refuses them), so there they run one after the other. Presenters
 * are called with both: a request's pool, and the outbox relay's transaction.
 */
export async function concurrently<T extends unknown[]>(db: Executor, ...tasks: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as T;
}
