#!/usr/bin/env -S node --experimental-strip-types
import { connect, DataDirLockedError, type Database } from '@app/db';
import path from 'node:path';
import { buildApp, servicesOf, type App } from './app.ts';
import { callControlSocket, startControlSocket } from './lib/control-socket.ts';
import { ConfigError, loadConfig, type Config } from './plugins/config.ts';
import { seedFirstStart } from './seed/first-start.ts';
import { DEMO_PASSWORD, seedDemo, type DemoResult } from './seed/demo.ts';
import { accountIds, rebuildReports } from './modules/reporting-events/rebuild.ts';

const USAGE = `Usage: api <command>

Commands:
  serve          migrate, seed an empty installation, and serve the API and web app
                 (and run the job queues unless RUN_WORKERS=false)
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
  const database = await open(config);
  announce(config, await seedFirstStart(database.db, config));
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
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.frontendUrl, database: database.kind, redis: config.redisEnabled, mail: app.mailer.transport },
    `serving on ${config.frontendUrl}`,
  );
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
