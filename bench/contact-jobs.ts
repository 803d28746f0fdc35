// `pnpm bench:contact-jobs`: contact CSV import and export at 100,000 rows (not a timed test).
//   1. creates a fresh database `relay_bench_contact_jobs` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds one account with an administrator and two labels
//   3. starts the API (`apps/api/src/main.ts serve`, in-process jobs, so the job runs in the server process)
//   4. imports a CSV of 100,000 new contacts (upload to completed), sampling the server's RSS every 250 ms,
//      then the same file again (every row an update); exports the 100,000 contacts (request to ready) and
//      downloads the file
//   5. prints the figures with the targets, stops the server and drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (default 3212),
// BENCH_KEEP=1, BENCH_SCALE (default 1: multiplies the rows).
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, freshDatabase, say, type Server, startServer, stopServer, tail } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_contact_jobs';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const KEEP = env.BENCH_KEEP === '1';
const PORT = Number(env.BENCH_PORT || 3212);
const ROWS = Math.round(100_000 * Number(env.BENCH_SCALE || 1));
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Isha', 'Kabir', 'Diya', 'Omar', 'Lena'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Khan', 'Reddy', 'Gupta', 'Singh', 'Nair', 'Garcia', 'Smith'];
const CITIES = ['Pune', 'Delhi', 'Mumbai', 'Chennai', 'Kolkata', 'Bengaluru'];

async function seed(): Promise<{ accountId: number; token: string }> {
  await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const { rows: accountRows } = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ('Bench contacts') RETURNING id`);
    const accountId = accountRows[0]!.id;
    const { rows } = await db.query<{ id: number }>(`INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ('Bench admin', 'bench-admin@bench.example', now(), gen_random_uuid()::text) RETURNING id`);
    const userId = rows[0]!.id;
    await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, 'administrator', now())`, [accountId, userId]);
    const token = randomToken(24);
    await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [userId, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
    await db.query(`INSERT INTO labels (account_id, title) VALUES ($1, 'vip'), ($1, 'lead')`, [accountId]);
    return { accountId, token };
  } finally {
    await db.end();
  }
}

function csvFile(): string {
  const lines = ['name,email,phone_number,company,city,country,labels,plan'];
  for (let n = 0; n < ROWS; n += 1) {
    const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 7) % LAST_NAMES.length]}`;
    const labels = n % 10 === 0 ? '"vip, lead"' : n % 3 === 0 ? 'lead' : '';
    lines.push(`${name},customer${n}@bench.example,+91${String(9_000_000_000 + n)},"Company ${n % 500}, Ltd",${CITIES[n % CITIES.length]},India,${labels},${n % 2 ? 'pro' : 'free'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The server's resident set size (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function call(base: string, token: string, pathName: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${pathName}`, { ...init, headers: { api_access_token: token, ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
}

type Job = { status: string; processed_rows?: number; created?: number; updated?: number; failed?: number; row_count?: number; error: string | null };

async function until(base: string, token: string, pathName: string, onPoll: (job: Job) => void = () => undefined): Promise<Job> {
  for (;;) {
    const { payload } = (await (await call(base, token, pathName)).json()) as { payload: Job };
    onPoll(payload);
    if (payload.status === 'completed' || payload.status === 'failed') return payload;
    await new Promise((r) => setTimeout(r, 250));
  }
}

type ImportFigure = { seconds: number; job: Job; samples: { at: number; rss: number; processed: number }[] };

async function runImport(server: Server, accountId: number, token: string, csv: string): Promise<ImportFigure> {
  const pid = server.child.pid!;
  const samples: ImportFigure['samples'] = [];
  let processed = 0;
  const began = performance.now();
  const timer = setInterval(() => samples.push({ at: (performance.now() - began) / 1000, rss: rssMb(pid), processed }), 250);
  try {
    const form = new FormData();
    form.append('import_file', new Blob([csv], { type: 'text/csv' }), 'bench-contacts.csv');
    const queued = (await (await call(server.base, token, `/api/v1/accounts/${accountId}/contacts/import`, { method: 'POST', body: form })).json()) as { payload: { id: number } };
    const path = `/api/v1/accounts/${accountId}/contacts/imports/${queued.payload.id}`;
    const job = await until(server.base, token, path, (polled) => void (processed = polled.processed_rows ?? 0));
    return { seconds: (performance.now() - began) / 1000, job, samples };
  } finally {
    clearInterval(timer);
  }
}

/** Min, max and a few evenly spread samples: enough to see whether memory climbs with the rows. */
function rssLine(samples: ImportFigure['samples']): string {
  if (samples.length === 0) return 'no samples';
  const values = samples.map((s) => s.rss);
  const picks = [0, 0.25, 0.5, 0.75, 1].map((f) => samples[Math.min(samples.length - 1, Math.floor(f * (samples.length - 1)))]!);
  return `RSS min ${Math.min(...values).toFixed(0)} MB, max ${Math.max(...values).toFixed(0)} MB; over time ${picks.map((s) => `${s.at.toFixed(1)} s (${s.processed.toLocaleString('en')} rows): ${s.rss.toFixed(0)} MB`).join(', ')}`;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-contact-jobs-'));
const logFile = path.join(dataDir, 'server.log');
let server: Server | undefined;
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const { accountId, token } = await seed();
  server = await startServer({ dataDir, logFile, port: PORT, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  say(`server up on ${server.base} (log: ${logFile}); RSS at rest ${rssMb(server.child.pid!).toFixed(0)} MB`);
  const csv = csvFile();
  say(`CSV: ${ROWS.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

  const first = await runImport(server, accountId, token, csv);
  say(`import (new contacts): ${first.seconds.toFixed(1)} s, ${Math.round(ROWS / first.seconds).toLocaleString('en')} rows/s; ${JSON.stringify(first.job)}`);
  say(`  ${rssLine(first.samples)}`);
  const second = await runImport(server, accountId, token, csv);
  say(`import again (every row an update): ${second.seconds.toFixed(1)} s, ${Math.round(ROWS / second.seconds).toLocaleString('en')} rows/s; ${JSON.stringify(second.job)}`);
  say(`  ${rssLine(second.samples)}`);

  const exportBegan = performance.now();
  const queued = (await (await call(server.base, token, `/api/v1/accounts/${accountId}/contacts/export`, { method: 'POST', body: '{}' })).json()) as { payload: { id: number } };
  const exported = await until(server.base, token, `/api/v1/accounts/${accountId}/contacts/exports/${queued.payload.id}`);
  const exportSeconds = (performance.now() - exportBegan) / 1000;
  const downloadBegan = performance.now();
  const file = await (await call(server.base, token, `/api/v1/accounts/${accountId}/contacts/exports/${queued.payload.id}/download`)).text();
  const downloadSeconds = (performance.now() - downloadBegan) / 1000;
  const exportedLines = file.split('\r\n').length - 2;
  say(`export: ${exportSeconds.toFixed(1)} s to ready (${exported.row_count} rows), download ${downloadSeconds.toFixed(2)} s, ${(file.length / 1024 / 1024).toFixed(1)} MB, ${exportedLines} lines`);

  const rssSpread = (f: ImportFigure) => Math.max(...f.samples.map((s) => s.rss)) - Math.min(...f.samples.map((s) => s.rss));
  const targets = [
    { text: `import of ${ROWS.toLocaleString('en')} rows < 60 s (${first.seconds.toFixed(1)} s new, ${second.seconds.toFixed(1)} s updates)`, pass: first.job.status === 'completed' && first.job.created === ROWS && first.seconds < 60 && second.job.updated === ROWS && second.seconds < 60 },
    { text: `import memory flat (RSS spread ${rssSpread(first).toFixed(0)} MB and ${rssSpread(second).toFixed(0)} MB while the rows go in)`, pass: rssSpread(first) < 150 && rssSpread(second) < 150 },
    { text: `export of ${ROWS.toLocaleString('en')} rows < 10 s (${exportSeconds.toFixed(1)} s)`, pass: exported.status === 'completed' && exported.row_count === ROWS && exportedLines === ROWS && exportSeconds < 10 },
  ];
  say(`\ncontact jobs benchmark (node ${process.version}, ${os.cpus().length} cores; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
  for (const t of targets) say(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.text}`);
} catch (error) {
  say(`failed: ${(error as Error).message}\nlast lines of the server log:\n${tail(logFile)}`);
  process.exitCode = 1;
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
}
