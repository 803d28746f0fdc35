// `pnpm bench:contacts`: contact search, filter and list sorts through the real API at 100,000 and 1,000,000
// contacts (not a timed test).
//   1. creates a fresh database `relay_bench_contacts` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds one account (an administrator, 3 labels, 2 contact custom attribute definitions) and 100,000 contacts
//      with one INSERT … SELECT over generate_series (the contacts indexes are dropped first and rebuilt after)
//   3. starts the API (`apps/api/src/main.ts serve`, in-process jobs, port BENCH_PORT or 3211) and measures, one
//      client, one request after the other: contacts/search by name, email, phone and identifier, contacts/filter
//      with realistic rows, and the list in several sorts (p50/p99 of BENCH_REQUESTS requests after 20 warm-ups;
//      each query's first request, whose meta.count is not cached yet, is reported apart)
//   4. stops the server, grows the account to 1,000,000 contacts the same way, and measures again
//   5. prints the figures with PASS/FAIL against p99 < 50 ms and drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REQUESTS (default 200),
// BENCH_KEEP=1, BENCH_PORT (default 3211), BENCH_SCALE (default 1), BENCH_EXPLAIN=1 (prints the plans of the list, search and filter queries).
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
const DB_NAME = 'relay_bench_contacts';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const KEEP = env.BENCH_KEEP === '1';
const REQUESTS = Number(env.BENCH_REQUESTS || 200);
const PORT = env.BENCH_PORT || '3211';
const EXPLAIN = env.BENCH_EXPLAIN === '1';
const WARMUP = 20;
const TARGET_MS = 50;
/** BENCH_SCALE (default 1) multiplies the stages: 0.01 is a quick dry run of 1,000 and 10,000 contacts. */
const STAGES = [100_000, 1_000_000].map((n) => Math.round(n * Number(env.BENCH_SCALE || 1)));
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';

const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Isha', 'Kabir', 'Diya', 'Nikhil', 'Sana', 'Rahul', 'Pooja', 'Aditya', 'Neha', 'Karan', 'Riya', 'Sameer', 'Tara', 'Olivia', 'Liam', 'Emma', 'Noah', 'Mia', 'Lucas', 'Sofia', 'Mateo', 'Chloe', 'Leo'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Khan', 'Reddy', 'Gupta', 'Singh', 'Nair', 'Das', 'Mehta', 'Joshi', 'Rao', 'Bose', 'Kapoor', 'Shah', 'Menon', 'Verma', 'Pillai', 'Garcia', 'Smith', 'Müller', 'Rossi', 'Dubois', 'Silva', 'Kim', 'Nguyen', 'Okafor', 'Haddad', 'Novak', 'Larsen'];
const CITIES = Array.from({ length: 60 }, (_, i) => ['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Kolkata', 'Berlin', 'Paris', 'Lisbon', 'Austin', 'Denver', 'Lagos', 'Seoul'][i % 12] + (i < 12 ? '' : ` ${Math.floor(i / 12)}`));
const COUNTRIES = ['India', 'Germany', 'France', 'Portugal', 'United States', 'Nigeria', 'South Korea', 'Brazil', 'Japan', 'Canada', 'Kenya', 'Spain', 'Italy', 'Mexico', 'Chile', 'Egypt', 'Poland', 'Sweden', 'Norway', 'Vietnam'];
const COUNTRY_CODES = ['IN', 'DE', 'FR', 'PT', 'US', 'NG', 'KR', 'BR', 'JP', 'CA', 'KE', 'ES', 'IT', 'MX', 'CL', 'EG', 'PL', 'SE', 'NO', 'VN'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'proton.me', 'example.org', 'acme.io', 'mail.co'];
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** A pseudo-random integer in [0, mod) fixed by the row number and a salt: the same data on every run. */
const rnd = (salt: number, mod: number) => `(abs(hashint8(g::bigint * 64 + ${salt})) % ${mod})`;

const secondsSince = (began: number) => `${((performance.now() - began) / 1000).toFixed(1)} s`;
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(58)} ${secondsSince(began)}`);
  return result;
}

async function insertUser(db: pg.Client, accountId: number, name: string): Promise<string> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ($1, $2, now(), gen_random_uuid()::text) RETURNING id`,
    [name, `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`],
  );
  const id = rows[0]!.id;
  await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, 'administrator'::account_role, now())`, [accountId, id]);
  const token = randomToken(24);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [id, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
  return token;
}

async function createDatabase(): Promise<{ accountId: number; token: string }> {
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const database = await connect({ url: DB_URL, poolSize: 1 });
  await step('migrate', () => database.migrate());
  await database.close();
  return withClient(async (db) => {
    const { rows } = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ('Bench contacts') RETURNING id`);
    const accountId = rows[0]!.id;
    const token = await insertUser(db, accountId, 'Bench admin');
    await db.query(`INSERT INTO labels (account_id, title) VALUES ($1, 'vip'), ($1, 'churn-risk'), ($1, 'lead')`, [accountId]);
    await db.query(
      `INSERT INTO custom_attribute_definitions (account_id, attribute_display_name, attribute_key, attribute_display_type, attribute_model, attribute_values)
       VALUES ($1, 'Plan', 'plan', 'list', 'contact_attribute', '["free","pro","enterprise"]'::jsonb), ($1, 'Seats', 'seats', 'number', 'contact_attribute', '[]'::jsonb)`,
      [accountId],
    );
    return { accountId, token };
  });
}

async function withClient<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

/**
 * Adds contacts g = from+1 … to. Every contact has a name and an email; 70 % a phone number, 30 % an identifier,
 * 80 % a city/country, 60 % a company, 85 % a last activity; labels on about 10 %; plan and seats custom attributes.
 * The contacts indexes are dropped for the insert and rebuilt after (one build instead of a million updates).
 */
async function growContacts(accountId: number, from: number, to: number): Promise<void> {
  await withClient(async (db) => {
    await db.query("SET synchronous_commit = off; SET maintenance_work_mem = '1GB'; SET work_mem = '64MB'; SET max_parallel_maintenance_workers = 1");
    const { rows: defs } = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'contacts' AND indexname <> 'contacts_pkey'`,
    );
    for (const { indexname } of defs) await db.query(`DROP INDEX ${indexname}`);
    await step(`contacts ${(from + 1).toLocaleString('en')} – ${to.toLocaleString('en')}`, () =>
      db.query(
        `INSERT INTO contacts (account_id, name, email, phone_number, identifier, labels, additional_attributes, custom_attributes, last_activity_at, created_at, updated_at)
         SELECT $1,
                first || ' ' || last,
                lower(first) || '.' || lower(last) || '.' || g || '@' || (${sqlArray(DOMAINS)})[1 + ${rnd(3, DOMAINS.length)}],
                CASE WHEN ${rnd(4, 10)} < 7 THEN '+1' || (2000000000 + g)::text END,
                CASE WHEN ${rnd(5, 10)} < 3 THEN 'crm-' || g END,
                CASE ${rnd(6, 40)} WHEN 0 THEN ARRAY['vip'] WHEN 1 THEN ARRAY['lead'] WHEN 2 THEN ARRAY['churn-risk'] WHEN 3 THEN ARRAY['vip','lead'] ELSE '{}'::text[] END,
                jsonb_strip_nulls(jsonb_build_object(
                  'city', CASE WHEN ${rnd(7, 10)} < 8 THEN (${sqlArray(CITIES)})[1 + ${rnd(8, CITIES.length)}] END,
                  'country', CASE WHEN ${rnd(7, 10)} < 8 THEN (${sqlArray(COUNTRIES)})[1 + ${rnd(9, COUNTRIES.length)}] END,
                  'country_code', CASE WHEN ${rnd(7, 10)} < 8 THEN (${sqlArray(COUNTRY_CODES)})[1 + ${rnd(9, COUNTRIES.length)}] END,
                  'company_name', CASE WHEN ${rnd(10, 10)} < 6 THEN 'Company ' || ${rnd(11, 5000)} END)),
                jsonb_build_object('plan', (ARRAY['free','free','free','pro','enterprise'])[1 + ${rnd(12, 5)}], 'seats', ${rnd(13, 200)}),
                CASE WHEN ${rnd(14, 20)} < 17 THEN now() - (${rnd(15, 365 * 24 * 60)}) * interval '1 minute' END,
                now() - (${rnd(16, 3 * 365 * 24 * 60)}) * interval '1 minute',
                now()
         FROM generate_series($2::int + 1, $3::int) g,
              LATERAL (SELECT (${sqlArray(FIRST_NAMES)})[1 + ${rnd(1, FIRST_NAMES.length)}] AS first, (${sqlArray(LAST_NAMES)})[1 + ${rnd(2, LAST_NAMES.length)}] AS last) n`,
        [accountId, from, to],
      ),
    );
    await step(`rebuild ${defs.length} contacts indexes`, async () => {
      for (const { indexdef } of defs) await db.query(indexdef);
    });
    await step('VACUUM ANALYZE contacts', () => db.query('VACUUM ANALYZE contacts'));
  });
}

// ---------------------------------------------------------------------------------------------------
// measurements

type Figure = { stage: number; name: string; p50?: number; p99?: number; first?: number; count?: number; note?: string };
const figures: Figure[] = [];
const ms = (v: number | undefined) => (v === undefined ? '' : `${v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en')} ms`);

async function send(base: string, token: string, call: Call): Promise<{ count: number }> {
  const response = await fetch(`${base}${call.path}`, {
    method: call.body ? 'POST' : 'GET',
    headers: { api_access_token: token, ...(call.body ? { 'content-type': 'application/json' } : {}) },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${call.path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return { count: (JSON.parse(text) as { meta: { count: number } }).meta.count };
}

type Call = { path: string; body?: unknown };

/**
 * One client: `calls` are the variants of one figure (e.g. several names to search), sent round-robin. The first
 * request of each variant (meta.count not cached yet) is timed apart; then WARMUP, then REQUESTS timed ones.
 */
async function measure(stage: number, base: string, token: string, name: string, calls: Call[]): Promise<Figure> {
  try {
    const firsts: number[] = [];
    let count = 0;
    for (const call of calls) {
      const began = performance.now();
      count = Math.max(count, (await send(base, token, call)).count);
      firsts.push(performance.now() - began);
    }
    for (let i = 0; i < WARMUP; i += 1) await send(base, token, calls[i % calls.length]!);
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const began = performance.now();
      await send(base, token, calls[i % calls.length]!);
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    const figure = { stage, name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), first: Math.max(...firsts), count };
    say(`  ${name}: p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}, first (uncached count) ${ms(figure.first)}, count up to ${count.toLocaleString('en')}`);
    figures.push(figure);
    return figure;
  } catch (error) {
    const figure = { stage, name, note: `failed: ${(error as Error).message}` };
    say(`  ${name}: ${figure.note}`);
    figures.push(figure);
    return figure;
  }
}

/** Search terms known to be in the data: names, emails, phone numbers and identifiers of rows spread over the table. */
async function samples(accountId: number, stage: number) {
  return withClient(async (db) => {
    const { rows } = await db.query<{ name: string; email: string; phone_number: string | null; identifier: string | null }>(
      `SELECT name, email, phone_number, identifier FROM contacts WHERE account_id = $1 AND phone_number IS NOT NULL AND identifier IS NOT NULL
       AND id % $2 = 0 ORDER BY id LIMIT 10`,
      [accountId, Math.max(1, Math.floor(stage / 100))],
    );
    if (rows.length < 5) throw new Error(`too few sample contacts at ${stage}`);
    return rows;
  });
}

const filterRow = (attribute_key: string, filter_operator: string, values: unknown[], extra: Record<string, unknown> = {}) => ({ attribute_key, filter_operator, values, query_operator: 'and', ...extra });

async function measureStage(stage: number, base: string, accountId: number, token: string) {
  const api = (rest: string) => `/api/v1/accounts/${accountId}/contacts${rest}`;
  const rows = await samples(accountId, stage);
  const q = (value: string) => ({ path: api(`/search?q=${encodeURIComponent(value)}`) });
  say(`\n${stage.toLocaleString('en')} contacts`);
  await measure(stage, base, token, 'search: full name + number (email local part)', rows.map((r) => q(r.email.split('@')[0]!)));
  await measure(stage, base, token, 'search: whole email', rows.map((r) => q(r.email)));
  await measure(stage, base, token, 'search: phone number digits (last 8)', rows.map((r) => q(r.phone_number!.slice(-8))));
  await measure(stage, base, token, 'search: identifier', rows.map((r) => q(r.identifier!)));
  await measure(stage, base, token, 'search: a surname (many matches)', [q('okafor'), q('haddad'), q('larsen')]);
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const filter = (...payload: unknown[]) => ({ path: api('/filter'), body: { payload } });
  await measure(stage, base, token, 'filter: city equal_to', ['Pune 2', 'Seoul 3', 'Lagos 1'].map((city) => filter(filterRow('city', 'equal_to', [city]))));
  await measure(stage, base, token, 'filter: country_code + created in the last 30 days', ['IN', 'KE', 'CL'].map((code) => filter(filterRow('country_code', 'equal_to', [code]), filterRow('created_at', 'is_greater_than', [since]))));
  await measure(stage, base, token, 'filter: label vip + plan enterprise (custom)', [filter(filterRow('labels', 'equal_to', ['vip']), filterRow('plan', 'equal_to', ['enterprise'], { custom_attribute_type: 'contact_attribute' }))]);
  await measure(stage, base, token, 'filter: email contains a domain', [filter(filterRow('email', 'contains', ['proton.me']))]);
  for (const sort of ['-last_activity_at', 'name', '-name', '-created_at', 'email', 'phone_number', 'company']) {
    await measure(stage, base, token, `list: sort=${sort}`, [{ path: api(`?sort=${sort}`) }, { path: api(`?sort=${sort}&page=3`) }]);
  }
  await measure(stage, base, token, 'list: label=vip', [{ path: api('?label=vip') }]);
}

/** EXPLAIN (ANALYZE) of the statements behind the figures, as the API sends them (BENCH_EXPLAIN=1). */
async function explain(accountId: number) {
  const resolved = `(email <> '' or phone_number <> '' or identifier <> '')`;
  const statements = [
    `select id from contacts where account_id = ${accountId} and ${resolved} and deleting_at is null order by last_activity_at desc nulls last, id asc limit 15`,
    `select id from contacts where account_id = ${accountId} and ${resolved} and deleting_at is null order by lower(name) desc nulls last, id asc limit 15`,
    `select id from contacts where account_id = ${accountId} and ${resolved} and deleting_at is null and (coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(identifier, '')) ilike '%okafor%' order by last_activity_at desc nulls last, id asc limit 15`,
    `select count(*) from contacts where account_id = ${accountId} and ${resolved} and deleting_at is null and lower((additional_attributes ->> 'city')) in (lower('Pune 2'))`,
  ];
  await withClient(async (db) => {
    for (const statement of statements) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      say(`\n${statement}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// main

function printReport() {
  const header = ['contacts', 'figure', 'p50', 'p99', 'first', 'count', 'p99 < 50 ms'];
  const body = figures.map((f) => [f.stage.toLocaleString('en'), f.name, ms(f.p50), ms(f.p99), ms(f.first), f.count?.toLocaleString('en') ?? '', f.note ?? (f.p99! < TARGET_MS ? 'PASS' : 'FAIL')]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  say(`\ncontacts benchmark (node ${process.version}, ${os.cpus().length} cores, one client, ${REQUESTS} requests per figure after ${WARMUP} warm-ups; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
  say('first = the slowest first request of the figure\'s variants (its meta.count not cached yet)\n');
  say(line(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) say(line(row));
  const groups = ['search', 'filter', 'list'];
  say('\ntargets (p99 < 50 ms, one client)');
  for (const stage of STAGES) {
    for (const group of groups) {
      const of = figures.filter((f) => f.stage === stage && f.name.startsWith(`${group}:`));
      const pass = of.length > 0 && of.every((f) => f.p99 !== undefined && f.p99 < TARGET_MS);
      const worst = of.reduce((a, b) => ((b.p99 ?? Infinity) > (a.p99 ?? Infinity) ? b : a), of[0]!);
      say(`  ${pass ? 'PASS' : 'FAIL'}  ${group} at ${stage.toLocaleString('en')} (worst: ${worst.name} p99 ${ms(worst.p99)})`);
    }
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-contacts-'));
let server: Server | undefined;
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const { accountId, token } = await createDatabase();
  let seeded = 0;
  for (const stage of STAGES) {
    await growContacts(accountId, seeded, stage);
    seeded = stage;
    if (EXPLAIN) await explain(accountId);
    const logFile = path.join(dataDir, `server-${stage}.log`);
    // another server left on the port would answer the readiness check and every measured request
    if (await fetch(`http://127.0.0.1:${PORT}/api`).then(() => true, () => false)) throw new Error(`something already answers on port ${PORT}`);
    server = await startServer({ dataDir, logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE }, port: Number(PORT) });
    say(`server up on ${server.base} (log: ${logFile})`);
    await measureStage(stage, server.base, accountId, token);
    await stopServer(server.child);
    server = undefined;
    if (figures.some((f) => f.note)) say(`\nlast lines of the server log (${logFile}):\n${tail(logFile)}`);
  }
  printReport();
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
  rmSync(dataDir, { recursive: true, force: true });
}
