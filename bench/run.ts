// `pnpm bench`: figures for the foundation, printed as a table (not a timed test).
//   cold start   `pnpm start` path (scripts/start.ts) on an empty data dir until GET /api answers 200,
//                then a restart on the same data (embedded PGlite; web app already built)
//   idle memory  RSS of the server after start-up and 5 s idle (first start, restart, on Postgres)
//   auth rates   POST /auth/sign_in and GET /auth/validate_token requests per second (autocannon,
//                10 connections, 10 s each), embedded and, when one answers on 127.0.0.1:5432, on Postgres
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-1';
const rows: [string, string][] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor200(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ['--experimental-strip-types', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', LOG_PRETTY: 'false', SEED_ADMIN_EMAIL: EMAIL, SEED_ADMIN_PASSWORD: PASSWORD, AUTH_RATE_LIMIT_MAX: '100000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api`, child);
  return { child, base, ms: performance.now() - began };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function rate(title: string, options: autocannon.Options): Promise<string> {
  const result = await autocannon({ connections: 10, duration: 10, ...options });
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors;
  return `${Math.round(result.requests.average)} req/s (p99 ${result.latency.p99} ms, ${ok} ok, ${bad} not ok)`.concat(bad ? `  ← ${title} had failures` : '');
}

async function authRates(label: string, base: string) {
  rows.push([`sign_in rate, ${label}`, await rate('sign_in', { url: `${base}/auth/sign_in`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) })]);
  const signIn = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const headers = Object.fromEntries(['access-token', 'token-type', 'client', 'expiry', 'uid'].map((h) => [h, signIn.headers.get(h) ?? '']));
  rows.push([`validate_token rate, ${label}`, await rate('validate_token', { url: `${base}/auth/validate_token`, headers })]);
}

function postgresUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
try {
  const first = await start({ DATA_DIR: dataDir });
  rows.push(['cold start, empty data dir (migrate + seed)', `${Math.round(first.ms)} ms`]);
  await new Promise((r) => setTimeout(r, 5000));
  // The first start also ran PGlite's initdb, whose WebAssembly instance the process keeps until it exits.
  rows.push(['memory (RSS) after the first start, embedded', `${rssMb(first.child.pid!).toFixed(0)} MB`]);
  await stop(first.child);

  const again = await start({ DATA_DIR: dataDir });
  rows.push(['restart on existing data', `${Math.round(again.ms)} ms`]);
  await new Promise((r) => setTimeout(r, 5000));
  rows.push(['idle memory (RSS), embedded, steady state', `${rssMb(again.child.pid!).toFixed(0)} MB`]);
  await authRates('embedded PGlite', again.base);
  rows.push(['memory (RSS) after the load, embedded', `${rssMb(again.child.pid!).toFixed(0)} MB`]);
  await stop(again.child);

  if (await postgresUp()) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS app_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE app_bench');
    const pgDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
    try {
      const server = await start({ DATA_DIR: pgDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app_bench' });
      rows.push(['cold start on Postgres (migrate + seed)', `${Math.round(server.ms)} ms`]);
      await new Promise((r) => setTimeout(r, 5000));
      rows.push(['idle memory (RSS), Postgres', `${rssMb(server.child.pid!).toFixed(0)} MB`]);
      await authRates('Postgres', server.base);
      await stop(server.child);
    } finally {
      await admin.query('DROP DATABASE IF EXISTS app_bench WITH (FORCE)');
      await admin.end();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([k]) => k.length));
process.stdout.write(`\nfoundation benchmark (node ${process.version}, ${(await import('node:os')).cpus().length} cores)\n`);
for (const [k, v] of rows) process.stdout.write(`${k.padEnd(width)}  ${v}\n`);
