import { is, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { PgTransaction, type PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { plannedForItsValues, type Executor } from './client.ts';

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

/**
 * A non-negative integer written into the statement's text instead of sent as a parameter: for LIMIT and OFFSET.
 * Postgres plans a prepared statement for its parameters' values (a custom plan) until a plan without them (generic)
 * costs no more; with LIMIT and OFFSET as parameters the generic plan cannot count on the limit, costs a whole scan
 * and never wins, so a statement with a parameter limit is planned again on every execution. The conversation
 * list's page spent as long being planned as being run (docs/benchmarks.md, "Plans of the list"). Throws on
 * anything but a safe integer, so nothing else can reach the text this way.
 */
export function sqlInteger(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`sqlInteger: ${value} is not a non-negative integer`);
  return sql.raw(String(value));
}

/**
 * `column = any($1::integer[])`: membership in a list of integer ids as one statement text whatever the list's
 * length. drizzle's `inArray` writes `in ($1, $2, …)`, a new statement for every length: client.ts prepares each on
 * every connection, and Postgres parses and plans each anew (the outbox relay's batches came in 114 lengths in one
 * 10-second message-create figure, never one plan reused). An empty list matches nothing.
 */
export function anyInteger(column: SQL | SQL.Aliased | AnyColumn, ids: readonly number[], type: 'integer' | 'bigint' = 'integer'): SQL {
  return sql`${column} = any(${sql.param([...ids])}::${sql.raw(type)}[])`;
}

/**
 * `column = any($ids::integer[])` with the list as the placeholder `ids`: anyInteger for a statement prepared once
 * (preparedFor), executed with `{ ids: [...] }`.
 */
export function anyIntegerPlaceholder(column: SQL | SQL.Aliased | AnyColumn, name = 'ids'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::integer[])`;
}

/**
 * A timestamptz column of a raw statement (`db.execute`): Postgres's text on both drivers (drizzle keeps them from
 * parsing it); a Date passes through.
 */
export const rawTimestamp = (value: string | Date): Date => (typeof value === 'string' ? parseTimestamptz(value) : value);
export const rawTimestampOrNull = (value: string | Date | null): Date | null => (value === null ? null : rawTimestamp(value));

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * Postgres's text for a timestamptz in UTC (`2026-11-27 12:45:13.123456+00`, `…13+00`), read field by field:
 * about half the time of `new Date(text)`, which takes that shape through V8's slow legacy parser, and a list
 * page reads hundreds (docs/benchmarks.md, "Eleventh session"). Anything else (another zone, a BC year, a year past
 * 9999, infinity) goes to `new Date`. Milliseconds are truncated, as `new Date` does.
 */
export function parseTimestamptz(text: string): Date {
  const length = text.length;
  if (
    (length === 22 || (length >= 24 && length <= 29 && text.charCodeAt(19) === 46)) &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(length - 3) === 43 &&
    text.charCodeAt(length - 2) === 48 &&
    text.charCodeAt(length - 1) === 48
  ) {
    const fraction = length - 23; // digits after the dot
    const millis =
      length === 22 ? 0 : digit(text, 20) * 100 + (fraction > 1 ? digit(text, 21) * 10 : 0) + (fraction > 2 ? digit(text, 22) : 0);
    const time = Date.UTC(
      twoDigits(text, 0) * 100 + twoDigits(text, 2),
      twoDigits(text, 5) - 1,
      twoDigits(text, 8),
      twoDigits(text, 11),
      twoDigits(text, 14),
      twoDigits(text, 17),
      millis,
    );
    if (text.charCodeAt(0) !== 48 && !Number.isNaN(time)) return new Date(time); // Date.UTC reads years 0-99 as 19xx
  }
  return new Date(text);
}

/**
 * A raw statement's rows as arrays of their columns' values, in the select's order, on both drivers: what
 * `db.execute` answers as objects, without an object per row. The driver then fills each row by position, where an
 * object row is written key by key (a megamorphic store per column: ~900 for a 25-row page of 37 columns). For the
 * hottest statements, read through a fixed column order (conversations/queries.ts).
 */
export async function executeArrays(db: Executor, query: SQL | StatementText): Promise<unknown[][]> {
  // drizzle's own path for array rows (its relational queries use it): a prepared query with a result mapper, on
  // the database's or the transaction's session (`db._.session`, drizzle's public handle on it)
  const session = db._.session as unknown as PgSession & { dialect: PgDialect };
  const text = is(query, SQL) ? session.dialect.sqlToQuery(query) : query;
  return (await session.prepareQuery(text, undefined, undefined, true, (rows) => rows).execute()) as unknown[][];
}

/**
 * A statement's final text and its parameters' values (`$1` is `params[0]`), for executeArrays: a hot statement of
 * fixed text skips drizzle's walk of a template altogether (3.8 µs a call in a micro-benchmark for the summary
 * messages' four chunks, more in a busy server's profile).
 */
export type StatementText = { sql: string; params: unknown[] };

/**
 * A constant piece of a statement, written as text once: `build` makes it (columns, joins, subqueries, no
 * parameters), and every call answers that text, to put in a template as `sql.raw` or to write a whole statement of
 * fixed text around (executeArrays with a StatementText). drizzle walks a template chunk by chunk whenever it
 * turns a query into text (`is` for every chunk, each column's name and table), so a dynamic statement around a large
 * constant part, the conversation list's page of 40 columns and 6 subqueries, paid that walk on every request
 * (docs/benchmarks.md, "Fifteenth session"). Throws if the piece holds a parameter: its value would be lost.
 */
export function constantText(build: () => SQL): (db: Executor) => string {
  const texts = new WeakMap<PgDialect, string>();
  return (db) => {
    const dialect = (db._.session as unknown as { dialect: PgDialect }).dialect;
    let text = texts.get(dialect);
    if (text === undefined) {
      const query = dialect.sqlToQuery(build());
      if (query.params.length > 0) throw new Error(`constantText: the piece holds ${query.params.length} parameter(s): ${query.sql.slice(0, 120)}`);
      texts.set(dialect, (text = query.sql));
    }
    return text;
  };
}

/**
 * A reader of rows read as arrays (executeArrays) by their columns' aliases: `col(row, 'c_id')`, typed by `Row`,
 * for a statement whose select lists `aliases` in this order. An alias missing here reads undefined: the callers'
 * tests assert every field they map.
 */
export function byPosition<Row>(aliases: readonly (keyof Row & string)[]) {
  const index = Object.fromEntries(aliases.map((alias, i) => [alias, i])) as Record<keyof Row, number>;
  return <K extends keyof Row>(row: unknown[], key: K): Row[K] => row[index[key]] as Row[K];
}

/**
 * At most `limit` of the ids `ids` (a SELECT of one id column) yields, in no order: how a search learns whether its
 * q is rare or common before it picks how to read the page. Planned for q on every execution (plannedForItsValues):
 * through the content indexes for a word Postgres thinks rare, a scan that soon meets enough for one it knows common.
 * A named statement's generic plan scanned the whole table for a rare word.
 */
export async function boundedIds(db: Executor, ids: SQL, limit: number): Promise<number[]> {
  const found = await db.execute(plannedForItsValues(sql`select found.id from (${ids}) as found(id) limit ${sqlInteger(limit)}`));
  return (found as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}
