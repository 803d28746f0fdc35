#!/usr/bin/env -S node --experimental-strip-types
import { connect, DataDirLockedError, type Database } from '@app/db';
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp, servicesOf, type App } from './app.ts';
import { aggregateProcessMetrics } from './lib/cluster-metrics.ts';
import { callControlSocket, startControlSocket } from './lib/control-socket.ts';
import { ConfigError, loadConfig, type Config } from './plugins/config.ts';
import { seedFirstStart } from './seed/first-start.ts';
import { DEMO_PASSWORD, seedDemo, type DemoResult } from './seed/demo.ts';
import { accountIds, rebuildReports } from './modules/reporting-events/rebuild.ts';

const USAGE = `Usage: api <command>

Commands:
  serve          migrate, seed an empty installation, and serve the API and web app
                 (and run the job queues unless RUN_WORKERS=false); WEB_CONCURRENCY=N
                 serves from N processes on one port (needs DATABASE_URL and REDIS_URL)
  worker         run the job queues only (needs REDIS_URL; several may run)
  migrate        apply pending database migrations and exit
  seed [--demo]  seed an empty installation; --demo also loads the demo accounts
  reports rebuild [--account N]
                 recompute reporting events and report rollups (every account, or one)
`;

const out = (text: string) => process.stdout.write(`${text}\n`);

async function open(config: Config): Promise<Database> {
  const database = await connect({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/db`,
    poolSize: config.dbPoolSize,
    prepare: config.dbPreparedStatements,
  });
  await database.migrate();
  return database;
}

function announce(config: Config, seeded: Awaited<ReturnType<typeof seedFirstStart>>) {
  if (!seeded) return;
  const lines = [
    'First start: created an account and its administrator.',
    `  Sign in at  ${config.frontendUrl}/app/login`,
    `  Email       ${seeded.email}`,
    seeded.generated ? `  Password    ${seeded.password}   (generated: shown only this once)` : '  Password    the value of SEED_ADMIN_PASSWORD',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  out(`\n${'='.repeat(width)}\n${lines.join('\n')}\n${'='.repeat(width)}\n`);
}

/** Where a server on the embedded database listens for the CLI (lib/control-socket.ts). */
const controlSocketPath = (config: Config) => path.join(path.resolve(config.dataDir), 'control.sock');

function printDemo(demo: DemoResult) {
  out(`demo data loaded: ${demo.accounts.join(', ')} (${demo.conversations} new conversations, ${demo.paymentRecords} new payment records)`);
  out(`demo users (password "${DEMO_PASSWORD}"): ${demo.users.join(', ')}`);
}

async function serve(config: Config) {
  if (config.webConcurrency > 1 && cluster.isPrimary) return supervise(config);
  const database = await open(config);
  // with WEB_CONCURRENCY, the supervisor seeded the installation before starting this process
  if (cluster.isPrimary) announce(config, await seedFirstStart(database.db, config));
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app: App = await buildApp({ config, database, redis });
  // Without a listener ioredis prints every failed reconnect to stderr as an unhandled error; the app copes
  // with an outage (rate limits count in process, /cable resyncs, requests answer 503): a warning is enough.
  redis?.on('error', (err) => app.log.warn({ err }, 'redis: connection error'));
  // The embedded database is this process's alone: `api seed --demo` asks the running server to load it.
  const control = database.kind === 'pglite' ? await startControlSocket(controlSocketPath(config), { 'seed-demo': () => seedDemo(servicesOf(app)) }, app.log) : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    control?.close();
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  // A process of a cluster hears Ctrl-C twice (the terminal's, then the supervisor's): the second must not kill it
  // mid-shutdown. Alone, a second signal still stops it at once.
  const on = cluster.isWorker ? process.on.bind(process) : process.once.bind(process);
  on('SIGTERM', () => void shutdown('SIGTERM'));
  on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.frontendUrl, database: database.kind, redis: config.redisEnabled, mail: app.mailer.transport },
    `serving on ${config.frontendUrl}`,
  );
}

/** A process that dies this soon after it started counts as failing to start (see supervise). */
const EARLY_EXIT_MS = 10_000;
/** Failed starts in a row after which the supervisor gives up rather than restart forever. */
const MAX_FAILED_STARTS = 3;
/** How long a stop waits for the processes to finish their requests before it kills them. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * `api serve` with WEB_CONCURRENCY=N > 1: a Node process answers its requests on one core, so this one migrates
 * and seeds, then runs N `serve` processes (node:cluster) that share the port; the connections are dealt to them in
 * turn. Everything they share is in Postgres and Redis (sessions, rate limits, realtime fan-out, presence, jobs),
 * so any of them may answer any request. One that dies is started again (a process that cannot start, three
 * times in a row, stops the whole server with an error rather than looping); SIGTERM and SIGINT stop them all,
 * each finishing what it serves.
 */
async function supervise(config: Config) {
  const log = pino({ level: config.logLevel, ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}) });
  const database = await open(config);
  announce(config, await seedFirstStart(database.db, config));
  await database.close();

  const startedAt = new Map<Worker, number>();
  let failedStarts = 0;
  let stopping = false;
  const start = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      // 0 after a stop, 1 after giving up on failed starts (process.exitCode)
      if (startedAt.size === 0) process.exit();
      return;
    }
    failedStarts = lived < EARLY_EXIT_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.fatal({ worker: worker.process.pid, code, signal, failedStarts }, 'serve: processes keep dying as they start; stopping');
      stopping = true;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal, livedMs: lived }, 'serve: a process died, starting another');
    start();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: startedAt.size }, 'shutting down');
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // a scrape of /metrics reaches one process: it answers every process's metrics, added up here
  if (config.metrics.token) aggregateProcessMetrics();
  for (let i = 0; i < config.webConcurrency; i++) start();
  log.info({ processes: config.webConcurrency, url: config.frontendUrl }, `starting ${config.webConcurrency} serve processes on one port`);
}

/**
 * `api worker`: the queues' workers and schedules without HTTP. The app is built (not listening) so
 * what jobs cause reaches sockets of every `serve` process through the Redis fan-out. SIGTERM finishes
 * the running jobs; waiting ones stay in Redis for the other workers.
 */
async function worker(config: Config) {
  if (!config.redisUrl) {
    process.stderr.write('api worker needs REDIS_URL: without Redis, `api serve` runs the jobs itself.\n');
    process.exit(2);
  }
  const database = await open(config);
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  const app: App = await buildApp({ config: { ...config, jobs: { ...config.jobs, runWorkers: true } }, database, redis });
  redis.on('error', (err) => app.log.warn({ err }, 'redis: connection error'));
  await app.ready();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker shutting down');
    await app.close();
    redis.disconnect();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  app.log.info({ database: database.kind, prefix: config.jobs.prefix }, 'worker running');
}

/** `api reports rebuild [--account N]`: recomputes reports from conversations and messages (docs/reports.md). */
async function reports(rest: string[], config: Config) {
  const at = rest.indexOf('--account');
  const only = at >= 0 ? Number(rest[at + 1]) : null;
  if (rest[0] !== 'rebuild' || (only !== null && !(Number.isInteger(only) && only > 0))) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  const database = await open(config);
  try {
    for (const accountId of only ? [only] : await accountIds(database.db)) {
      const started = performance.now();
      const summary = await rebuildReports(database.db, accountId);
      out(`account ${accountId}: ${summary.conversations} conversations, ${summary.events} events derived, ${summary.facts} facts rolled up (${Math.round(performance.now() - started)} ms)`);
    }
  } finally {
    await database.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  try {
    await dispatch(command, rest, config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function dispatch(command: string | undefined, rest: string[], config: Config): Promise<void> {
  switch (command) {
    case 'serve':
      return serve(config);
    case 'worker':
      return worker(config);
    case 'migrate': {
      const database = await open(config);
      await database.close();
      out(`migrations applied (${database.kind})`);
      return;
    }
    case 'seed': {
      let database: Database;
      try {
        database = await open(config);
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        // The embedded database is in use by a running server: it seeded the installation when it started,
        // and it loads the demo itself when asked.
        if (!rest.includes('--demo')) {
          out('The server is running; it seeded the installation when it started.');
          return;
        }
        const demo = (await callControlSocket(controlSocketPath(config), 'seed-demo').catch((cause: unknown) => {
          throw new DataDirLockedError(`${error.message}\n(the running server did not take the request either: ${cause instanceof Error ? cause.message : String(cause)})`);
        })) as DemoResult;
        printDemo(demo);
        return;
      }
      announce(config, await seedFirstStart(database.db, config));
      if (rest.includes('--demo')) {
        const app = await buildApp({ config, database });
        await app.ready();
        try {
          printDemo(await seedDemo(servicesOf(app)));
        } finally {
          await app.close();
        }
      }
      await database.close();
      return;
    }
    case 'reports':
      return reports(rest, config);
    default:
      process.stderr.write(USAGE);
      process.exit(command ? 2 : 0);
  }
}

if (import.meta.main ?? process.argv[1] === new URL(import.meta.url).pathname) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
