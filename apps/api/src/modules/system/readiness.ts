import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, ping, type Db } from '@app/db';

/** One dependency's state as /ready reports it. */
export type Check = { status: 'ok' | 'failing' | 'not_configured'; latency_ms?: number; error?: string };
export type MigrationsCheck = { status: 'ok' | 'pending' | 'failing'; applied?: number; expected: number; pending?: string[]; error?: string };
export type Readiness = {
  status: 'ready' | 'not_ready';
  checks: { database: Check; redis: Check; migrations: MigrationsCheck };
};

/** A check that has not answered by then counts as failing: a load balancer must not wait on a hung socket. */
export const CHECK_TIMEOUT_MS = 2_000;

async function timed(work: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'failing', latency_ms: Math.round(performance.now() - started), error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A short reason for the body: the innermost message (drizzle's "Failed query: …" wraps the driver's). */
function describe(error: unknown): string {
  let e: unknown = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  if (e instanceof AggregateError && e.errors[0] instanceof Error) e = e.errors[0];
  const text = e instanceof Error ? `${(e as Error & { code?: string }).code ? `${(e as Error & { code?: string }).code}: ` : ''}${e.message}` : String(e);
  return text.slice(0, 200);
}

export type JournalEntry = { tag: string; when: number };

/** The migrations this build ships (drizzle-kit's journal). */
export function shippedMigrations(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Whether every shipped migration is applied. drizzle's migrator records each applied one in
 * `drizzle.__drizzle_migrations` with its journal time and applies the journal entries newer than the last
 * record, so the entries newer than that record are the pending ones.
 */
export async function checkMigrations(db: Db, shipped: JournalEntry[], timeoutMs = CHECK_TIMEOUT_MS): Promise<MigrationsCheck> {
  let last = 0;
  let applied = 0;
  const check = await timed(async () => {
    const result = (await db.execute(
      sql`select count(*)::int as applied, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number | string; last: number | string | bigint }[] };
    applied = Number(result.rows[0]?.applied ?? 0);
    last = Number(result.rows[0]?.last ?? 0);
  }, timeoutMs);
  if (check.status !== 'ok') return { status: 'failing', expected: shipped.length, ...(check.error ? { error: check.error } : {}) };
  const pending = shipped.filter((m) => m.when > last).map((m) => m.tag);
  return { status: pending.length === 0 ? 'ok' : 'pending', applied, expected: shipped.length, ...(pending.length > 0 ? { pending } : {}) };
}

export type ReadinessDeps = {
  db: Db;
  /** Answers PONG, or throws; absent when REDIS_URL is not set (embedded mode). */
  pingRedis?: (() => Promise<unknown>) | undefined;
  shipped?: JournalEntry[];
  timeoutMs?: number;
};

/** The database answers, Redis answers (when configured) and no migration is pending: ready. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  const [database, redis] = await Promise.all([
    timed(() => ping(deps.db), timeoutMs),
    deps.pingRedis ? timed(deps.pingRedis, timeoutMs) : Promise.resolve<Check>({ status: 'not_configured' }),
  ]);
  // Without the database the migrations cannot be read: failing, with the database's reason above.
  const migrations: MigrationsCheck =
    database.status === 'ok'
      ? await checkMigrations(deps.db, deps.shipped ?? shippedMigrations(), timeoutMs)
      : { status: 'failing', expected: (deps.shipped ?? shippedMigrations()).length, error: 'the database cannot be reached' };
  const ready = database.status === 'ok' && redis.status !== 'failing' && migrations.status === 'ok';
  return { status: ready ? 'ready' : 'not_ready', checks: { database, redis, migrations } };
}
