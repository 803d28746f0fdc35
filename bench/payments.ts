// `pnpm bench:payments`: the payment records API at a million rows (not a timed test).
//   1. creates a fresh database `relay_bench_payments` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds one account with 10 API inboxes, an administrator and an agent (member of 2 inboxes), and
//      1,000,000 payment records (half withdraws, half recharges) with one INSERT … SELECT over generate_series
//   3. starts the API (`apps/api/src/main.ts serve`, in-process jobs) against it
//   4. measures, one client at a time (service time): the list with several filter combinations (p50/p99),
//      the CSV export of 10,000 rows, a JSON import of 100,000 new rows (100 calls of 1,000) and its replay
//      (all unchanged), and a CSV import of 100,000 rows (upload to completed)
//   5. prints one table with the targets, stops the server and drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REQUESTS
// (default 200 per list figure), BENCH_KEEP=1, BENCH_SCALE (default 1: multiplies the seeded rows and the imports).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { connect } from '../packages/db/src/index.ts';
import { adminQuery, percentile, say, startServer, stopServer, tail, type Server } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_payments';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const KEEP = env.BENCH_KEEP === '1';
const SCALE = Number(env.BENCH_SCALE || 1);
const REQUESTS = Number(env.BENCH_REQUESTS || 200);
const WARMUP = 20;
const RECORDS = Math.round(1_000_000 * SCALE);
const IMPORT_ROWS = Math.round(100_000 * SCALE);
const IMPORT_CALL = 1_000;
const INBOXES = 10;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
/** Rebuilt after the bulk insert instead of maintained row by row (the trigram GIN build is the slow part). */
const DEFERRED_INDEXES = ['payment_records_customer_trgm_idx'];

const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Isha', 'Kabir', 'Diya', 'Nikhil', 'Sana', 'Rahul', 'Pooja', 'Aditya', 'Neha', 'Karan', 'Riya', 'Sameer', 'Tara'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Khan', 'Reddy', 'Gupta', 'Singh', 'Nair', 'Das', 'Mehta', 'Joshi', 'Rao', 'Bose', 'Kapoor', 'Shah', 'Menon', 'Verma', 'Pillai'];
const HANDLES = ['okaxis', 'oksbi', 'okhdfcbank', 'okicici', 'ybl', 'paytm', 'ibl', 'axl'];
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
/** A pseudo-random integer in [0, mod) fixed by the row number and a salt: the same data on every run. */
const rnd = (salt: number, mod: number) => `(abs(hashint8(g::bigint * 64 + ${salt})) % ${mod})`;

const secondsSince = (began: number) => `${((performance.now() - began) / 1000).toFixed(1)} s`;
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(58)} ${secondsSince(began)}`);
  return result;
}

type Seeded = { accountId: number; inboxIds: number[]; adminToken: string; agentToken: string; sample: { utr: string; upi: string; inboxId: number } };

async function insertUser(db: pg.Client, accountId: number, name: string, role: 'administrator' | 'agent'): Promise<{ id: number; token: string }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ($1, $2, now(), gen_random_uuid()::text) RETURNING id`,
    [name, `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`],
  );
  const id = rows[0]!.id;
  await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, $3::account_role, now())`, [accountId, id, role]);
  const token = randomToken(24);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [id, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
  return { id, token };
}

async function seed(): Promise<{ seeded: Seeded; seconds: number }> {
  const began = performance.now();
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const database = await connect({ url: DB_URL, poolSize: 1 });
  await step('migrate', () => database.migrate());
  await database.close();

  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query("SET synchronous_commit = off; SET maintenance_work_mem = '1GB'; SET work_mem = '64MB'");
    const { rows: defs } = await db.query<{ indexname: string; indexdef: string }>('SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1)', [DEFERRED_INDEXES]);
    if (defs.length !== DEFERRED_INDEXES.length) throw new Error(`expected the indexes ${DEFERRED_INDEXES.join(', ')} after migrating`);
    for (const { indexname } of defs) await db.query(`DROP INDEX ${indexname}`);

    const { rows: accountRows } = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ('Bench payments') RETURNING id`);
    const accountId = accountRows[0]!.id;
    const admin = await insertUser(db, accountId, 'Bench admin', 'administrator');
    const agent = await insertUser(db, accountId, 'Bench agent', 'agent');
    const { rows: inboxRows } = await db.query<{ id: number }>(
      `WITH ch AS (
         INSERT INTO channels (account_id, channel_type, identifier)
         SELECT $1, 'Channel::Api', gen_random_uuid()::text FROM generate_series(1, $2::int) RETURNING id)
       INSERT INTO inboxes (account_id, channel_id, name)
       SELECT $1, id, 'Payments ' || row_number() OVER (ORDER BY id) FROM ch ORDER BY id RETURNING id`,
      [accountId, INBOXES],
    );
    const inboxIds = inboxRows.map((r) => r.id);
    await db.query('INSERT INTO inbox_members (account_id, inbox_id, user_id) SELECT $1, i, $2 FROM unnest($3::int[]) i', [accountId, agent.id, inboxIds.slice(0, 2)]);

    // g = 1 is the newest; one record every 15 seconds reaches back about half a year at a million rows
    await step(`payment records (${RECORDS.toLocaleString('en')})`, () =>
      db.query(
        `INSERT INTO payment_records (account_id, inbox_id, kind, order_id, utr, upi_id, amount, currency, status, customer_name, customer_reference, extras, created_at, updated_at, status_changed_at)
         SELECT $1,
                ($2::int[])[1 + ${rnd(1, INBOXES)}],
                CASE WHEN g % 2 = 0 THEN 'withdraw' ELSE 'recharge' END,
                'ORD-' || g,
                CASE WHEN g % 5 = 0 THEN NULL ELSE lpad(${rnd(2, 1_000_000_000_000)}::text, 12, '0') END,
                lower((${sqlArray(FIRST_NAMES)})[1 + ${rnd(3, FIRST_NAMES.length)}]) || '.' || ${rnd(4, 10_000)} || '@' || (${sqlArray(HANDLES)})[1 + ${rnd(5, HANDLES.length)}],
                (1 + ${rnd(6, 5_000_000)} / 100.0)::numeric(18, 2),
                'INR',
                CASE WHEN g % 2 = 0
                  THEN (ARRAY['pending','processing','success','success','success','failed','undelivered','refunded'])[1 + ${rnd(7, 8)}]
                  ELSE (ARRAY['pending','success','success','failed','expired'])[1 + ${rnd(8, 5)}] END,
                (${sqlArray(FIRST_NAMES)})[1 + ${rnd(3, FIRST_NAMES.length)}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + ${rnd(9, LAST_NAMES.length)}],
                'CUST-' || ${rnd(10, 1_000_000)},
                '{}'::jsonb,
                now() - g * interval '15 seconds', now() - g * interval '15 seconds', now() - g * interval '15 seconds'
         FROM generate_series(1, $3::int) g`,
        [accountId, inboxIds, RECORDS],
      ),
    );
    for (const { indexname, indexdef } of defs) await step(`CREATE INDEX ${indexname}`, () => db.query(indexdef));
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    const { rows: sampleRows } = await db.query<{ utr: string; upi_id: string; inbox_id: number }>(
      `SELECT utr, upi_id, inbox_id FROM payment_records WHERE account_id = $1 AND kind = 'withdraw' AND utr IS NOT NULL ORDER BY id OFFSET $2 LIMIT 1`,
      [accountId, Math.floor(RECORDS * 0.3)],
    );
    const sample = { utr: sampleRows[0]!.utr, upi: sampleRows[0]!.upi_id, inboxId: sampleRows[0]!.inbox_id };
    return { seeded: { accountId, inboxIds, adminToken: admin.token, agentToken: agent.token, sample }, seconds: (performance.now() - began) / 1000 };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// measurements

type Figure = { name: string; p50?: number; p99?: number; total?: number; rate?: string; note?: string };
const figures: Figure[] = [];
const report = (figure: Figure) => {
  figures.push(figure);
  say(`  ${figure.name}: ${figure.note ?? [figure.p50 !== undefined ? `p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}` : '', figure.total !== undefined ? `total ${ms(figure.total)}` : '', figure.rate ?? ''].filter(Boolean).join(', ')}`);
  return figure;
};
const ms = (v: number | undefined) => (v === undefined ? '' : `${v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en')} ms`);

async function request(base: string, token: string, pathName: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${base}${pathName}`, { ...init, headers: { api_access_token: token, ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response;
}

/** One client, one request after the other: the service time of each. */
async function measureList(base: string, token: string, name: string, pathName: string): Promise<Figure> {
  try {
    const first = (await (await request(base, token, pathName)).json()) as { meta: { count: number; count_capped: boolean } };
    for (let i = 0; i < WARMUP; i += 1) await (await request(base, token, pathName)).arrayBuffer();
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const began = performance.now();
      await (await request(base, token, pathName)).arrayBuffer();
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rate: `count ${first.meta.count_capped ? '10,000+' : first.meta.count.toLocaleString('en')}` };
  } catch (error) {
    return { name, note: `failed: ${(error as Error).message}` };
  }
}

async function measureExport(base: string, token: string, pathName: string, runs = 5): Promise<Figure> {
  const times: number[] = [];
  let lines = 0;
  for (let i = 0; i < runs; i += 1) {
    const began = performance.now();
    const text = await (await request(base, token, pathName)).text();
    times.push(performance.now() - began);
    lines = text.split('\r\n').length - 2;
  }
  times.sort((a, b) => a - b);
  return { name: `export ${lines.toLocaleString('en')} rows (${runs} runs)`, p50: percentile(times, 50), p99: times.at(-1)!, rate: `${Math.round(lines / (percentile(times, 50) / 1000)).toLocaleString('en')} rows/s` };
}

function importRecords(inboxIds: number[], call: number, prefix: string) {
  return Array.from({ length: IMPORT_CALL }, (_, i) => {
    const n = call * IMPORT_CALL + i;
    return {
      inbox_id: inboxIds[n % inboxIds.length]!,
      order_id: `${prefix}-${n}`,
      amount: `${100 + (n % 50_000)}.${String(n % 100).padStart(2, '0')}`,
      status: n % 3 === 0 ? 'success' : 'pending',
      utr: String(300_000_000_000 + n),
      upi_id: `payer${n % 5_000}@ybl`,
      customer_name: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[n % LAST_NAMES.length]}`,
      extras: { batch: call },
    };
  });
}

async function measureJsonImport(base: string, token: string, accountId: number, inboxIds: number[], label: string, expect: 'created' | 'unchanged'): Promise<Figure> {
  const calls = IMPORT_ROWS / IMPORT_CALL;
  const times: number[] = [];
  let counted = 0;
  const began = performance.now();
  for (let call = 0; call < calls; call += 1) {
    const body = JSON.stringify({ records: importRecords(inboxIds, call, 'JSON') });
    const t0 = performance.now();
    const result = (await (await request(base, token, `/api/v1/accounts/${accountId}/withdraws/import`, { method: 'POST', body })).json()) as Record<string, number>;
    times.push(performance.now() - t0);
    counted += result[expect]!;
  }
  const total = performance.now() - began;
  times.sort((a, b) => a - b);
  const note = counted === IMPORT_ROWS ? undefined : `expected ${IMPORT_ROWS} ${expect}, got ${counted}`;
  return { name: `${label}: ${IMPORT_ROWS.toLocaleString('en')} rows in ${calls} calls of ${IMPORT_CALL}`, p50: percentile(times, 50), p99: percentile(times, 99), total, rate: `${Math.round(IMPORT_ROWS / (total / 1000)).toLocaleString('en')} rows/s`, ...(note ? { note } : {}) };
}

async function measureCsvImport(base: string, token: string, accountId: number, inboxIds: number[]): Promise<Figure> {
  const lines = ['order_id,amount,status,utr,upi_id,customer_name,inbox_id,note'];
  for (let n = 0; n < IMPORT_ROWS; n += 1) {
    lines.push(`CSV-${n},${100 + (n % 50_000)}.50,${n % 4 === 0 ? 'success' : 'pending'},${400_000_000_000 + n},payer${n % 5_000}@okaxis,"${LAST_NAMES[n % LAST_NAMES.length]}, ${FIRST_NAMES[n % FIRST_NAMES.length]}",${inboxIds[n % inboxIds.length]},row ${n}`);
  }
  const csv = `${lines.join('\n')}\n`;
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const began = performance.now();
  const queued = (await (await request(base, token, `/api/v1/accounts/${accountId}/withdraws/import`, { method: 'POST', body: form })).json()) as { payload: { id: number } };
  const uploaded = performance.now() - began;
  for (;;) {
    const { payload } = (await (await request(base, token, `/api/v1/accounts/${accountId}/payment_imports/${queued.payload.id}`)).json()) as { payload: { status: string; created: number; failed: number; error: string | null } };
    if (payload.status === 'completed' || payload.status === 'failed') {
      const total = performance.now() - began;
      const note = payload.status === 'completed' && payload.created === IMPORT_ROWS ? undefined : `${payload.status}: created ${payload.created}, failed ${payload.failed} ${payload.error ?? ''}`;
      return {
        name: `CSV import: ${IMPORT_ROWS.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB (upload ${ms(uploaded)})`,
        total,
        rate: `${Math.round(IMPORT_ROWS / (total / 1000)).toLocaleString('en')} rows/s`,
        ...(note ? { note } : {}),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------------
// main

type Target = { text: string; pass: boolean };

function printReport(seedSeconds: number, targets: Target[]) {
  const header = ['figure', 'p50', 'p99 / max', 'total', 'rate'];
  const body = figures.map((f) => [f.name, ms(f.p50), ms(f.p99), ms(f.total), f.note ?? f.rate ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  say(`\npayments benchmark (node ${process.version}, ${os.cpus().length} cores, one client, ${REQUESTS} requests per list figure)`);
  say(`${RECORDS.toLocaleString('en')} payment records in one account (${INBOXES} inboxes); seeding ${seedSeconds.toFixed(1)} s; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}`);
  say('');
  say(line(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) say(line(row));
  say('\ntargets');
  for (const t of targets) say(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.text}`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-payments-'));
const logFile = path.join(dataDir, 'server.log');
let server: Server | undefined;
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const { seeded, seconds } = await seed();
  say(`seeded in ${seconds.toFixed(1)} s`);
  server = await startServer({ dataDir, logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  say(`server up on ${server.base} (log: ${logFile})`);
  const { base } = server;
  const { accountId, adminToken, agentToken, sample, inboxIds } = seeded;
  const api = (rest: string) => `/api/v1/accounts/${accountId}/${rest}`;

  const lists: [string, string, string][] = [
    ['admin withdraws (no filter)', adminToken, api('withdraws')],
    ['admin recharges page 40', adminToken, api('recharges?page=40')],
    ['admin withdraws status=refunded', adminToken, api('withdraws?status=refunded')],
    ['admin withdraws inbox + status=pending', adminToken, api(`withdraws?inbox=${sample.inboxId}&status=pending`)],
    ['admin withdraws utr (exact)', adminToken, api(`withdraws?utr=${sample.utr}`)],
    ['admin withdraws utr (last 6 digits)', adminToken, api(`withdraws?utr=${sample.utr.slice(-6)}`)],
    ['admin withdraws upi_id', adminToken, api(`withdraws?upi_id=${encodeURIComponent(sample.upi)}`)],
    ['admin recharges customer=sharma', adminToken, api('recharges?customer=sharma')],
    ['admin recharges customer=CUST-12345', adminToken, api('recharges?customer=CUST-12345')],
    ['admin withdraws amount 1000-2000 + last 7 days', adminToken, api(`withdraws?amount_min=1000&amount_max=2000&since=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}`)],
    ['agent withdraws (2 of 10 inboxes)', agentToken, api('withdraws')],
    ['agent recharges status=expired', agentToken, api('recharges?status=expired')],
  ];
  for (const [name, token, pathName] of lists) report(await measureList(base, token, `list: ${name}`, pathName));

  const exported = report(await measureExport(base, adminToken, api('withdraws/export?max_count=10000')));
  report(await measureExport(base, adminToken, api('recharges/export?max_count=10000&status=success'), 3));
  const jsonImport = report(await measureJsonImport(base, adminToken, accountId, inboxIds, 'JSON import', 'created'));
  report(await measureJsonImport(base, adminToken, accountId, inboxIds, 'JSON import replayed (unchanged)', 'unchanged'));
  const csvImport = report(await measureCsvImport(base, adminToken, accountId, inboxIds));

  const listFigures = figures.filter((f) => f.name.startsWith('list:'));
  const worst = listFigures.reduce((a, b) => ((b.p99 ?? Infinity) > (a.p99 ?? Infinity) ? b : a));
  const targets: Target[] = [
    { text: `list p99 < 50 ms, one client, every combination (worst: ${worst.name.slice(6)} ${ms(worst.p99)})`, pass: listFigures.every((f) => f.p99 !== undefined && f.p99 < 50) },
    { text: `export of 10,000 rows < 2 s (p50 ${ms(exported.p50)}, max ${ms(exported.p99)})`, pass: exported.p99 !== undefined && exported.p99 < 2000 && !exported.note },
    { text: `JSON import of ${IMPORT_ROWS.toLocaleString('en')} rows: ${ms(jsonImport.total)}`, pass: !jsonImport.note },
    { text: `CSV import of ${IMPORT_ROWS.toLocaleString('en')} rows: ${ms(csvImport.total)}`, pass: !csvImport.note },
  ];
  printReport(seconds, targets);
  if (figures.some((f) => f.note)) say(`\nlast lines of the server log (${logFile}):\n${tail(logFile)}`);
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
}
