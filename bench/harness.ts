// What the benchmarks share: an admin connection to the Postgres server, and the API server started as
// a child process on a free port (`apps/api/src/main.ts serve`), its output kept in a log file.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { connect } from '../packages/db/src/index.ts';

export const root = path.resolve(import.meta.dirname, '..');
/**
 * Turns callgrind's counting of this process on or off (run under `valgrind --tool=callgrind --instr-atstart=no`):
 * the CPU benches count only their measured loop (docs/benchmarks.md, "Eleventh session").
 */
export const callgrindCounting = (on: boolean) => execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
export const say = (text: string) => process.stdout.write(`${text}\n`);
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs one statement on the server's admin database (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database `name` (dropped first when a run left it), migrated; `url` is its connection URL. */
export async function freshDatabase(adminUrl: string, name: string, url: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await connect({ url, poolSize: 1 });
  await database.migrate();
  await database.close();
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export type Server = { child: ChildProcess; base: string; logFile: string };

/** Spawns `apps/api/src/main.ts <command>` with the benches' defaults under `env`, its output kept in `logFile`. */
function spawnApi(command: 'serve' | 'worker', options: { dataDir: string; logFile: string; env: Record<string, string> }): ChildProcess {
  // BENCH_SERVER_NODE_ARGS: Node and V8 flags for the server alone (its cluster's processes inherit them), not the bench's
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--experimental-strip-types', 'apps/api/src/main.ts', command], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      DATA_DIR: options.dataDir,
      REDIS_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

/**
 * Starts `api worker` (the job queues without HTTP; needs REDIS_URL in `env`). It has no port to wait on:
 * callers prove it runs by waiting for work it does.
 */
export function startWorker(options: { dataDir: string; logFile: string; env: Record<string, string> }): ChildProcess {
  return spawnApi('worker', options);
}

/** Starts the API against `env.DATABASE_URL` (and REDIS_URL, empty for none) and waits for GET /api to answer 200. */
export async function startServer(options: { dataDir: string; logFile: string; env: Record<string, string>; port?: number }): Promise<Server> {
  const port = options.port ?? (await freePort());
  const child = spawnApi('serve', { ...options, env: { PORT: String(port), ...options.env } });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; its log:\n${tail(options.logFile)}`);
    try {
      if ((await fetch(`${base}/api`)).status === 200) return { child, base, logFile: options.logFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no 200 from ${base}/api within 120 s; its log:\n${tail(options.logFile)}`);
}

/** FLUSHDB on a bench's own Redis database (never the app's), over a bare RESP connection. */
export function flushRedisDb(url: string): Promise<void> {
  const u = new URL(url);
  const dbIndex = Number(u.pathname.slice(1) || 0);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    let reply = '';
    socket.on('connect', () => socket.write(`SELECT ${dbIndex}\r\nFLUSHDB\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.split('\r\n').length > 2) {
        socket.end();
        if (reply.startsWith('+OK\r\n+OK')) resolve();
        else reject(new Error(`redis FLUSHDB on ${url}: ${reply.trim()}`));
      }
    });
    socket.on('error', reject);
  });
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(child: ChildProcess) {
  // a child that ended on a signal has no exit code but a signal code; waiting for its 'exit' again would
  // never settle (the bench then ended with "unsettled top-level await", exit 13)
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
