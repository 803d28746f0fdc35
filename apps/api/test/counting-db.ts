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
