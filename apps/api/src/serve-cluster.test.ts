import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, usingPglite, type TestContext } from '../test/helpers.ts';
import { createAccountWithAdmin, type Member } from '../test/factories.ts';
import { freePort } from '../test/redis-server.ts';

/**
 * `api serve` with WEB_CONCURRENCY=2 (main.ts `supervise`): two processes answer on one port, one that dies is
 * replaced, and SIGTERM stops them all. Which process answered is read from the server's log lines (each carries
 * its pid).
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const withRedisAndPostgres = !usingPglite() && Boolean(inject('infrastructure').redisUrl);

const METRICS_TOKEN = 'serve-cluster-test-metrics-token';

type LogLine = { pid: number; msg: string; worker?: number; res?: { statusCode: number } };

describe.skipIf(!withRedisAndPostgres)('api serve with WEB_CONCURRENCY=2 (Postgres and Redis)', () => {
  let t: TestContext;
  let admin: Member;
  let accountId: number;
  let server: ChildProcess;
  let base: string;
  const lines: LogLine[] = [];
  let exited: Promise<number | null>;

  beforeAll(async () => {
    t = await buildTestApp({ RUN_WORKERS: 'false' });
    ({ admin, account: { id: accountId } } = await createAccountWithAdmin(t));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawnServe(t, port, { LOG_LEVEL: 'info', LOG_PRETTY: 'false', METRICS_TOKEN });
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    let rest = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const part of parts) {
        if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
      }
    });
    await until(async () => (await fetch(`${base}/api`).catch(() => null))?.status === 200, 60_000);
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    for (const pid of servingPids()) tryKill(pid);
    await t?.close();
  });

  /** The pids that logged "Server listening", in order. */
  const servingPids = () => [...new Set(lines.filter((l) => l.msg.startsWith('Server listening')).map((l) => l.pid))];
  /** The pids that answered a request with this status since `from` (an index into lines). */
  const answeredBy = (from: number, status: number) => new Set(lines.slice(from).filter((l) => l.msg === 'request completed' && l.res?.statusCode === status).map((l) => l.pid));

  /** Requests on fresh connections (the port deals each connection to the next process). */
  async function ask(times: number) {
    for (let i = 0; i < times; i++) {
      const res = await fetch(`${base}/api/v1/accounts/${accountId}/conversations/meta`, { headers: { api_access_token: admin.token, connection: 'close' } });
      expect(res.status).toBe(200);
    }
    // the log lines are written after the responses
    await new Promise((r) => setTimeout(r, 200));
  }

  it('answers on one port from two processes', { timeout: 60_000 }, async () => {
    await until(async () => servingPids().length >= 2, 30_000);
    const from = lines.length;
    await ask(10);
    const pids = answeredBy(from, 200);
    expect(pids.size).toBe(2);
    expect(pids.has(server.pid!)).toBe(false);
  });

  it('answers /metrics for every process added up', { timeout: 30_000 }, async () => {
    // the 10 meta requests of the test before went to both processes; a scrape reaches one of them
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' } });
      expect(res.status).toBe(200);
      const text = await res.text();
      const meta = new RegExp(`^http_request_duration_seconds_count\\{[^}]*route="/api/v1/accounts/:accountId/conversations/meta"[^}]*\\} (\\d+)`, 'm').exec(text);
      expect(Number(meta?.[1])).toBe(10);
    }
  });

  it('starts another process when one dies, and keeps answering', { timeout: 60_000 }, async () => {
    const [doomed] = servingPids();
    process.kill(doomed!, 'SIGKILL');
    await until(async () => lines.some((l) => l.msg.startsWith('serve: a process died') && l.worker === doomed), 10_000);
    await until(async () => servingPids().length >= 3, 30_000);
    const from = lines.length;
    await ask(10);
    const pids = answeredBy(from, 200);
    expect(pids.size).toBe(2);
    expect(pids.has(doomed!)).toBe(false);
  });

  it('SIGTERM stops every process and exits 0', { timeout: 60_000 }, async () => {
    const pids = servingPids();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(alive(pid), `process ${pid}`).toBe(false);
  });
});

describe.skipIf(!withRedisAndPostgres)('api serve with WEB_CONCURRENCY=2 whose processes cannot start', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ RUN_WORKERS: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops with exit code 1 after three failed starts in a row, instead of starting them forever', { timeout: 90_000 }, async () => {
    // the port is someone else's: every process fails to listen
    const taken = net.createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as net.AddressInfo;
    try {
      const server = spawnServe(t, port, { LOG_LEVEL: 'fatal' });
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      const [code] = (await once(server, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(out).toMatch(/processes keep dying as they start/);
    } finally {
      taken.close();
    }
  });
});

/** `api serve` with WEB_CONCURRENCY=2 on the test's database and Redis, its log lines on stdout. */
function spawnServe(t: TestContext, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', 'src/main.ts', 'serve'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: t.database.url!,
      REDIS_URL: t.config.redisUrl!,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'serve-cluster-')),
      SECRET_KEY_BASE: t.config.secretKeyBase,
      RUN_WORKERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tryKill(pid: number) {
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}
