// Node instructions per HTTP request of `api serve`, counted by callgrind (docs/benchmarks.md, "Eleventh session"):
// CPU time on a shared 2-core machine swings 20 % from run to run, instruction counts do not. On the database a
// `BENCH_KEEP=1 pnpm bench:conversations` run kept (relay_bench), it starts one `api serve` (no Redis, no job workers)
// under `valgrind --tool=callgrind`, sends 100 requests to warm it, zeroes the counters, sends BENCH_REQUESTS (200) one
// at a time, and prints the instructions per request. Postgres's own work is not counted.
//
//   pnpm bench:http-instructions [list|labels|filter|meta] [repo dir, default this one]
//
// The repo dir lets two checkouts (a worktree of an older commit) be compared on the same database.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type * as crypto from '../apps/api/src/lib/crypto.ts';
import { freePort, root, say } from './harness.ts';

const route = process.argv[2] ?? 'list';
const repo = path.resolve(process.argv[3] ?? root);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 200);
const DB_URL = process.env.BENCH_DB_URL || 'postgres://postgres@127.0.0.1:5432/relay_bench';
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const PATHS: Record<string, { method: 'GET' | 'POST'; path: string; body?: string }> = {
  list: { method: 'GET', path: 'conversations' },
  labels: { method: 'GET', path: 'conversations?labels[]=billing' },
  meta: { method: 'GET', path: 'conversations/meta' },
  filter: {
    method: 'POST',
    path: 'conversations/filter?page=1',
    body: JSON.stringify({ payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }] }),
  },
};
const request = PATHS[route];
if (!request) throw new Error(`unknown route ${route}: one of ${Object.keys(PATHS).join(', ')}`);

// a fresh API token for the first account's administrator, as bench:conversations makes one
const { encrypt, randomToken, sha256 } = (await import(path.join(repo, 'apps/api/src/lib/crypto.ts'))) as typeof crypto;
const db = new pg.Client({ connectionString: DB_URL });
await db.connect();
const { rows } = await db.query<{ account_id: number; admin_id: number }>(
  `SELECT a.id AS account_id, au.user_id AS admin_id FROM accounts a JOIN account_users au ON au.account_id = a.id AND au.role = 'administrator' ORDER BY a.id LIMIT 1`,
);
if (!rows[0]) throw new Error(`${DB_URL} holds no account: run BENCH_KEEP=1 pnpm bench:conversations first`);
const { account_id: accountId, admin_id: adminId } = rows[0];
const token = randomToken(24);
await db.query(`UPDATE access_tokens SET token_hash = $2, token_encrypted = $3 WHERE owner_type = 'user' AND owner_id = $1`, [adminId, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
await db.end();

const dir = mkdtempSync(path.join(os.tmpdir(), 'http-instructions-'));
const out = path.join(dir, 'callgrind.out');
const port = await freePort();
const server = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, '--experimental-strip-types', path.join(repo, 'apps/api/src/main.ts'), 'serve'], {
  env: { ...process.env, DATABASE_URL: DB_URL, SECRET_KEY_BASE, PORT: String(port), RUN_WORKERS: 'false', REDIS_URL: '', LOG_LEVEL: 'warn', DATA_DIR: path.join(dir, 'data') },
  stdio: ['ignore', 'ignore', 'ignore'],
});
try {
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 600_000; ; ) {
    if (Date.now() > deadline) throw new Error('the server did not answer within 10 minutes');
    if (await fetch(`${base}/api`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const url = `${base}/api/v1/accounts/${accountId}/${request.path}`;
  const headers = { api_access_token: token, 'content-type': 'application/json' };
  let bytes = 0;
  const once = async () => {
    const response = await fetch(url, { method: request.method, headers, body: request.body });
    if (response.status !== 200) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    bytes += (await response.arrayBuffer()).byteLength;
  };
  for (let i = 0; i < 100; i++) await once();
  execFileSync('callgrind_control', ['--zero', String(server.pid)], { stdio: 'ignore' });
  bytes = 0;
  for (let i = 0; i < REQUESTS; i++) await once();
  execFileSync('callgrind_control', ['--dump', String(server.pid)], { stdio: 'ignore' });
  const dump = readFileSync(`${out}.1`, 'utf8');
  const total = Number(/^summary: (\d+)/m.exec(dump)?.[1]);
  say(`${route} (${repo}): ${(total / REQUESTS / 1e6).toFixed(2)} M instructions a request over HTTP, ${REQUESTS} requests of ${Math.round(bytes / REQUESTS)} bytes`);
} finally {
  server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
