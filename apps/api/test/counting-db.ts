import { vi } from 'vitest';
import type { Db } from '@app/db';

/**
 * Counts the statements started on a database (select/insert/update/delete/execute, and `_`: executeArrays runs its
 * statement on `db._.session`), to check batch loading.
 */
export function countingDb(db: Db): { db: Db; count: () => number } {
  let calls = 0;
  const counted = new Set(['select', 'insert', 'update', 'delete', 'execute', '_']);
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && counted.has(prop)) calls += 1;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, count: () => calls };
}

export type SentStatement = { text: string; values: unknown[] };

/**
 * The statements a database sends to its driver while `work` runs, text and values (drizzle's selects and raw
 * statements alike, on Postgres and PGlite): which statements a path sends, and their plans with the values inlined.
 */
export async function sentStatements(db: Db, work: () => Promise<unknown>): Promise<SentStatement[]> {
  const client = (db as unknown as { _: { session: { client: { query: (...args: unknown[]) => unknown } } } })._.session.client;
  const sent: SentStatement[] = [];
  const query = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    sent.push(typeof first === 'string' ? { text: first, values: second ?? [] } : { text: first.text, values: first.values ?? second ?? [] });
    return query(...args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/** A sent statement as one text, its `$n` parameters written as literals (for EXPLAIN under `set local`). */
export function inlined({ text, values }: SentStatement): string {
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : Array.isArray(value) ? `'{${value.join(',')}}'` : `'${String(value)}'`);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]));
}
