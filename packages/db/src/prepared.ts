import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A statement run with its placeholders' values. */
export type Statement<R> = { execute(placeholderValues?: Record<string, unknown>): Promise<R> };
/** A drizzle query with placeholders: run as it is, or prepared under a name. */
type Preparable<R> = Statement<R> & { prepare(name: string): Statement<R> };

const prepared = new WeakMap<Executor, Map<string, Statement<unknown>>>();

/**
 * The query `build` makes, as a drizzle prepared statement named `name` on this database: built once per database
 * and process, then only executed with its placeholders' values. client.ts already has Postgres parse and plan every
 * statement with parameters once per connection; what this adds is skipping drizzle's query building on every call,
 * which for the hot, fixed-shape statements is most of their CPU in this process (docs/benchmarks.md, "Prepared
 * statements"). In a transaction the query is built on the transaction each time (a statement prepared on the
 * database would run on another connection, outside it). `name` is unique in the process, and one name is always
 * one statement: a name per variant of a query.
 */
export function preparedFor<R>(db: Executor, name: string, build: (db: Executor) => Preparable<R>): Statement<R> {
  if (is(db, PgTransaction)) return build(db);
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let statement = statements.get(name) as Statement<R> | undefined;
  if (!statement) statements.set(name, (statement = build(db).prepare(name)));
  return statement;
}
