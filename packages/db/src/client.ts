import { createHash } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type PgModule from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: node-postgres in production, PGlite embedded. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; on Postgres under an advisory lock so several processes may start at once. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the data dir as a tarball, which `connect({ loadDataDir })` starts from (test templates). */
  dump?: () => Promise<Blob>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
// Any constant works; it only has to be the same in every process of the installation.
const MIGRATION_LOCK_KEY = 72_635_481;

export type ConnectOptions = {
  /** Postgres URL; without one the embedded PGlite database is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; omitted means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: start from this dump of a data dir (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob | undefined;
  /**
   * Postgres only: run every statement with parameters as a named prepared statement (default true), so each
   * connection parses and plans a statement once instead of on every request. Off behind a pooler that does not
   * keep prepared statements (PgBouncer in transaction mode before 1.21): then the statements drizzle prepares under
   * a name (preparedFor) run unnamed too.
   */
  prepare?: boolean;
};

export async function connect(options: ConnectOptions = {}): Promise<Database> {
  return options.url ? connectPostgres(options.url, options.poolSize ?? 10, options.prepare ?? true) : connectPglite(options.dataDir, options.loadDataDir);
}

/** Statements one connection keeps prepared at most; past it, new texts run unnamed (as without `prepare`). */
export const PREPARED_PER_CONNECTION = 2_000;
/**
 * Longer texts run unnamed: they are the multi-row inserts and long IN lists, a new text for every row count, whose
 * planning is small next to their work; naming them would fill the connections and the name map for nothing.
 */
const PREPARED_MAX_TEXT = 8_192;

type QueryConfig = { text?: unknown; name?: unknown };

/** The comment that opens a statement preparingClient leaves unnamed (plannedForItsValues). */
const PLANNED_FOR_ITS_VALUES = '/* planned for its values */ ';

/**
 * A statement Postgres must plan for its parameters' values on every execution: one whose best plan depends on them
 * in a way a generic plan cannot see (how common a searched word is: an index of its matches or a walk in order).
 * A named statement switches to a generic plan after five executions once that looks no worse, and keeps it; this one
 * runs unnamed, so it is parsed and planned every time.
 */
export const plannedForItsValues = (query: SQL): SQL => sql`${sql.raw(PLANNED_FOR_ITS_VALUES)}${query}`;

/**
 * A node-postgres client that names each statement with parameters after a hash of its text. node-postgres then
 * parses it once per connection and Postgres plans it once (a generic plan once it is no worse than the custom
 * ones, Postgres's own rule), where an unnamed statement is parsed and planned on every execution: for the
 * conversation list's page query the planning took as long as running it. Statements without parameters are left
 * alone (they may hold several commands, which a prepared statement cannot), and so are those plannedForItsValues.
 */
function preparingClient(pg: typeof PgModule) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
      // the texts a process runs are bounded by its code, save the lengths of IN lists: keep the map bounded anyway
      if (names.size >= PREPARED_PER_CONNECTION * 5) names.clear();
      names.set(text, name);
    }
    return name;
  };
  return class PreparingClient extends pg.Client {
    private readonly prepared = new Set<string>();

    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfig | string, unknown];
      if (
        typeof config === 'object' &&
        config !== null &&
        typeof config.text === 'string' &&
        config.text.length <= PREPARED_MAX_TEXT &&
        !config.text.startsWith(PLANNED_FOR_ITS_VALUES) &&
        config.name === undefined &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = nameOf(config.text);
        if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
          this.prepared.add(name);
          args[0] = { ...config, name };
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

/**
 * A node-postgres client that runs every statement unnamed, also those drizzle prepares under a name (preparedFor):
 * `prepare: false` is for a pooler that does not keep prepared statements, which would lose those as well.
 */
function unnamingClient(pg: typeof PgModule) {
  return class UnnamingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config] = args as [QueryConfig | string];
      // (a submittable, a cursor or stream, is left alone: it is not a plain config to copy)
      if (typeof config === 'object' && config !== null && config.name !== undefined && typeof (config as { submit?: unknown }).submit !== 'function') {
        const { name: _name, ...unnamed } = config;
        args[0] = unnamed;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

const besides = new WeakMap<object, Db>();

/** Connections of the pool for reads beside a transaction (readsBeside). */
export const BESIDE_POOL_SIZE = 4;

/**
 * The startup option of every connection: no JIT compilation. Postgres compiles a statement whose estimated cost
 * passes jit_above_cost (100,000), which on a big account is any count, search or report over many rows, and the
 * compiling cost 100-300 ms a statement on these machines, more than many of them take to run: a filter on the
 * creation date 169-186 -> 74-79 ms, the search page for a first name 358-437 -> 216-241 ms (docs/benchmarks.md,
 * "Twenty-first session"). A desk's statements are short; JIT pays only for analytic queries that run for seconds.
 */
const NO_JIT = '-c jit=off';

/**
 * And the readsBeside pool's: every statement with parameters on a generic plan. What the relay reads there it reads
 * by lists of ids (a batch's subjects; at a desk's pace a single id), and for `= any($1)` Postgres estimates a
 * generic plan for ten elements, so a custom plan for one always looks cheaper: it planned those statements on every
 * execution, at 0.2-1.1 ms each against 0.03-0.15 ms of running them, 3.3 ms of Postgres a message
 * (docs/benchmarks.md, "Fourteenth session"). Lookups by primary key and foreign key have one good plan whatever the
 * ids. Not for the main pool: the list's label and search pages are planned for their values on purpose.
 */
const GENERIC_PLANS = `${NO_JIT} -c plan_cache_mode=force_generic_plan`;

/** A server's refusal of a startup parameter: PgBouncer's ("unsupported startup parameter in options: …", 08P01). */
const refusesStartupOption = (err: unknown) =>
  (err as { code?: unknown }).code === '08P01' && /unsupported startup parameter/i.test(String((err as { message?: unknown }).message));

/**
 * A pool whose connections ask for `startup` options (NO_JIT, GENERIC_PLANS) until a server refuses them: PgBouncer
 * 1.20+ (transaction mode, as docs/operations.md advises for large installs) rejects an `options` startup parameter
 * it does not track. Then this pool stops asking, for good, and the refused query or checkout runs again on a
 * connection without them: statements run on the server's own settings instead of failing. (A SET after connecting
 * would, behind such a pooler, leak to whichever server connection it landed on, and to other clients.)
 */
function startupOptionsPool(pg: typeof PgModule, config: PgModule.PoolConfig & { Client: typeof PgModule.Client }, startup: string) {
  let ask = true;
  const Base = config.Client as new (options?: PgModule.ClientConfig) => PgModule.Client;
  class Client extends Base {
    constructor(options?: PgModule.ClientConfig) {
      super(ask ? { ...options, options: startup } : options);
    }
  }
  const retried = <T>(run: () => Promise<T>): Promise<T> =>
    run().catch((err: unknown) => {
      if (!ask || !refusesStartupOption(err)) throw err;
      ask = false;
      return run();
    });
  return new (class StartupOptionsPool extends pg.Pool {
    override query(...args: unknown[]): never {
      const run = () => (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
      return (!ask || typeof args.at(-1) === 'function' ? run() : retried(run)) as never;
    }
    // transactions check a client out (drizzle's `transaction`); the pool's own query checks out with a callback
    override connect(): Promise<PgModule.PoolClient>;
    override connect(callback: (err: Error | undefined, client: PgModule.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
    override connect(...args: unknown[]): Promise<PgModule.PoolClient> | void {
      const run = () => (super.connect as (...a: unknown[]) => Promise<PgModule.PoolClient>)(...args);
      return !ask || typeof args[0] === 'function' ? run() : retried(run);
    }
  })({ ...config, Client: Client as unknown as typeof PgModule.Client });
}

/**
 * A pool of its own for reads made while the caller holds a transaction on `db` (the outbox relay presents a batch
 * while its claim is open), on Postgres; null on a transaction or PGlite (one connection). Its connections never hold
 * a transaction, so waiting for one cannot deadlock, as waiting on the main pool could once every connection there
 * is held by a transaction that waits for another. They plan generically (GENERIC_PLANS): the relay's reads by ids,
 * after its commit too (the notifications it announces), belong here.
 */
export function readsBeside(db: Executor): Db | null {
  return besides.get(db) ?? null;
}

async function connectPostgres(url: string, max: number, prepare: boolean): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // timestamptz and jsonb come back parsed; bigint counts as numbers where they fit.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = startupOptionsPool(pg, { connectionString: url, max, idleTimeoutMillis: 30_000, Client: prepare ? preparingClient(pg) : unnamingClient(pg) }, NO_JIT);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // The pool listens for a client's errors only while it is idle. A connection Postgres ends while it is checked out
  // and between two queries (a restart, pg_terminate_backend, in the middle of a transaction) emits 'error' with no
  // listener, which crashed the process: every `api worker` died on a Postgres restart (pnpm test:faults). With this
  // listener the client's next query fails instead, and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  // connections are made on first use: a process that never reads beside a transaction opens none. Their
  // statements run on generic plans (GENERIC_PLANS)
  const besidePool = startupOptionsPool(pg, { connectionString: url, max: BESIDE_POOL_SIZE, idleTimeoutMillis: 30_000, Client: prepare ? preparingClient(pg) : unnamingClient(pg) }, GENERIC_PLANS);
  besidePool.on('error', () => undefined);
  besidePool.on('connect', (client) => client.on('error', () => undefined));
  besides.set(db, drizzle({ client: besidePool, schema, casing: 'snake_case' }) as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      await quiesce(pool);
      await quiesce(besidePool);
      await Promise.all([pool.end(), besidePool.end()]);
    },
  };
}

/**
 * Waits (10 s at most) until no query is running or waiting, so requests still being served when the
 * server stops — a client that hung up mid-request leaves its handler running — finish their queries
 * instead of failing on an ended pool.
 */
async function quiesce(pool: { totalCount: number; idleCount: number; waitingCount: number }, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const busy = pool.totalCount - pool.idleCount + pool.waitingCount;
    if (busy > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    // quiet for a little while: a handler between two of its queries has had time to start the next one
    else if (Date.now() - quietSince >= 50) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export class DataDirLockedError extends Error {}

/** Whether a process with this pid still runs (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process on the same files would corrupt them. A pid
 * file beside the data guards it; a stale one (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop it first, or set DATABASE_URL to run several processes on Postgres.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

async function connectPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  // Postgres' default 128 MB of shared buffers more than doubles the process's memory for no gain on an
  // embedded database (the OS caches the files anyway): 32 MB keeps an idle server near 300 MB instead of 670.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=32MB'];
  // pg_trgm backs conversation and contact search (migration 0003); PGlite ships it as a contrib module.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ startParams, extensions: { pg_trgm }, ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    // PGlite serves one process, so there is nobody to race against.
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      await client.close();
      release();
    },
  };
}

/** Cheap liveness probe for health checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
