// `pnpm bench:csat`: the CSAT list, metrics and download through the real API (not a timed test).
//   1. creates a fresh database `relay_bench_csat` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds with set-based SQL two accounts, a small one (20,000 conversations) and a large one (200,000;
//      BENCH_SCALE multiplies both), each with 10 API inboxes, 4 teams, an administrator and an agent (member of
//      2 inboxes): every conversation resolved within the last 90 days with its input_csat survey message and,
//      for 60 % of them, a response (ratings skewed towards 4 and 5, a comment on one in four); then the CSAT
//      rollups as `reports rebuild` computes them (rollUpCsat)
//   3. starts the API (`apps/api/src/main.ts serve`) on BENCH_PORT (default 3213)
//   4. one client, one request after the other (service time), BENCH_REQUESTS (default 100) per figure after 10
//      warm-up requests (downloads: 10): list, metrics with and without filters, as the administrator and the agent
//   5. prints one table per account with the targets for the metrics the dashboard asks for (whole quarter hours,
//      at most one filter: p99 < 100 ms, flat from 20k to 200k; lists, combined filters and agents are shown only),
//      stops the server and drops the database (BENCH_KEEP=1 keeps it)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../packages/db/src/index.ts';
import { adminQuery, percentile, say, startServer, stopServer, tail, type Server } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';
import { rollUpCsat } from '../apps/api/src/modules/reporting-events/csat-rollups.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_csat';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const KEEP = env.BENCH_KEEP === '1';
const PORT = Number(env.BENCH_PORT || 3213);
const REQUESTS = Number(env.BENCH_REQUESTS || 100);
const DOWNLOADS = 10;
const WARMUP = 10;
const SCALE = Number(env.BENCH_SCALE || 1);
const SIZES = [Math.round(20_000 * SCALE), Math.round(200_000 * SCALE)];
const INBOXES = 10;
const TEAMS = 4;
const DAYS = 90;
const TARGET_MS = 100;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const rnd = (expr: string, salt: number, mod: number) => `(abs(hashint8((${expr})::bigint * 64 + ${salt})::bigint) % ${mod})`;

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(50)} ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return result;
}

async function insertUser(db: pg.Client, accountId: number, name: string, role: 'administrator' | 'agent') {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${accountId}@bench.example`;
  const { rows } = await db.query<{ id: number }>(`INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ($1, $2, now(), gen_random_uuid()::text) RETURNING id`, [name, email]);
  const id = rows[0]!.id;
  await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, $3::account_role, now())`, [accountId, id, role]);
  const token = randomToken(24);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [id, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
  return { id, token };
}

type Seeded = { accountId: number; conversations: number; admin: { id: number; token: string }; agent: { id: number; token: string }; inboxId: number; teamId: number };

/** One account of `n` conversations, ids from `offset + 1` (set-based inserts with explicit ids). */
async function seedAccount(db: pg.Client, n: number, offset: number): Promise<Seeded> {
  const { rows: accountRows } = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [`Bench CSAT ${n}`]);
  const accountId = accountRows[0]!.id;
  const admin = await insertUser(db, accountId, 'Bench admin', 'administrator');
  const agent = await insertUser(db, accountId, 'Bench agent', 'agent');
  const { rows: inboxRows } = await db.query<{ id: number }>(
    `WITH ch AS (INSERT INTO channels (account_id, channel_type, identifier) SELECT $1, 'Channel::Api', gen_random_uuid()::text FROM generate_series(1, $2::int) RETURNING id)
     INSERT INTO inboxes (account_id, channel_id, name, csat_survey_enabled) SELECT $1, id, 'Inbox ' || row_number() OVER (ORDER BY id), true FROM ch ORDER BY id RETURNING id`,
    [accountId, INBOXES],
  );
  const inboxIds = inboxRows.map((r) => r.id);
  await db.query('INSERT INTO inbox_members (account_id, inbox_id, user_id) SELECT $1, i, $2 FROM unnest($3::int[]) i', [accountId, agent.id, inboxIds.slice(0, 2)]);
  const { rows: teamRows } = await db.query<{ id: number }>(`INSERT INTO teams (account_id, name) SELECT $1, 'Team ' || g FROM generate_series(1, $2::int) g RETURNING id`, [accountId, TEAMS]);
  const teamIds = teamRows.map((r) => r.id);
  const range = `generate_series(${offset + 1}, ${offset + n}) g`;
  const label = n.toLocaleString('en');
  await step(`${label}: contacts and contact inboxes`, async () => {
    await db.query(
      `INSERT INTO contacts (id, account_id, name, email, created_at, updated_at) OVERRIDING SYSTEM VALUE
       SELECT g, $1, 'Customer ' || g, 'customer' || g || '@example.com', now() - interval '100 days', now() FROM ${range}`,
      [accountId],
    );
    await db.query(
      `INSERT INTO contact_inboxes (id, contact_id, inbox_id, source_id, pubsub_token) OVERRIDING SYSTEM VALUE
       SELECT g, g, ($1::int[])[1 + g % ${INBOXES}], gen_random_uuid()::text, gen_random_uuid()::text FROM ${range}`,
      [inboxIds],
    );
  });
  // resolved within the last 90 days; the assignee: the agent on one in four, the administrator otherwise
  await step(`${label}: conversations`, () =>
    db.query(
      `INSERT INTO conversations (id, account_id, display_id, inbox_id, contact_id, contact_inbox_id, assignee_id, team_id, status, last_activity_at, created_at, updated_at) OVERRIDING SYSTEM VALUE
       SELECT g, $1, g - ${offset}, ($2::int[])[1 + g % ${INBOXES}], g, g, CASE WHEN g % 4 = 0 THEN $3::int ELSE $4::int END, ($5::int[])[1 + g % ${TEAMS}],
              'resolved', last, last - interval '1 day', last
       FROM (SELECT g, now() - interval '1 second' * ${rnd('g', 2, DAYS * 86_400)} AS last FROM ${range}) x`,
      [accountId, inboxIds, agent.id, admin.id, teamIds],
    ),
  );
  await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, $2)', [accountId, n]);
  await step(`${label}: survey messages`, () =>
    db.query(
      `INSERT INTO messages (account_id, inbox_id, conversation_id, content, content_type, message_type, status, created_at, updated_at)
       SELECT account_id, inbox_id, id, 'Please rate the conversation', 'input_csat', 'outgoing', 'sent', last_activity_at, last_activity_at
       FROM conversations WHERE account_id = $1`,
      [accountId],
    ),
  );
  // 60 % answer within the hour; ratings 1..5 weighted 5/10/15/30/40 %
  await step(`${label}: responses`, () =>
    db.query(
      `INSERT INTO csat_survey_responses (account_id, conversation_id, message_id, contact_id, inbox_id, team_id, assigned_agent_id, rating, feedback_message, created_at, updated_at)
       SELECT m.account_id, c.id, m.id, c.contact_id, c.inbox_id, c.team_id, c.assignee_id,
              CASE WHEN r < 5 THEN 1 WHEN r < 15 THEN 2 WHEN r < 30 THEN 3 WHEN r < 60 THEN 4 ELSE 5 END,
              CASE WHEN c.id % 4 = 0 THEN 'Comment number ' || c.id END,
              m.created_at + interval '20 minutes', m.created_at + interval '20 minutes'
       FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.content_type = 'input_csat'
       CROSS JOIN LATERAL (SELECT ${rnd('c.id', 7, 100)} AS r) x
       WHERE c.account_id = $1 AND ${rnd('c.id', 6, 10)} < 6`,
      [accountId],
    ),
  );
  // inbox 2 and team 2 share the conversations with g % 20 = 1, assigned to the administrator: the combined filter matches some
  return { accountId, conversations: n, admin, agent, inboxId: inboxIds[1]!, teamId: teamIds[1]! };
}

async function seed(): Promise<{ accounts: Seeded[]; seconds: number }> {
  const began = performance.now();
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const database = await connect({ url: DB_URL, poolSize: 1 });
  await step('migrate', () => database.migrate());
  await database.close();
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'");
    const accounts: Seeded[] = [];
    let offset = 0;
    for (const n of SIZES) {
      accounts.push(await seedAccount(db, n, offset));
      offset += n;
    }
    for (const table of ['contacts', 'contact_inboxes', 'conversations']) {
      await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    // The rollups the survey consumer and the answers keep, computed as `reports rebuild` does.
    const rollups = await connect({ url: DB_URL, poolSize: 1 });
    try {
      for (const account of accounts) await step(`${account.conversations.toLocaleString('en')}: CSAT rollups`, () => rollUpCsat(rollups.db, account.accountId));
    } finally {
      await rollups.close();
    }
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    return { accounts, seconds: (performance.now() - began) / 1000 };
  } finally {
    await db.end();
  }
}

type Figure = { name: string; p50: number; p99: number; result: string; timed: boolean; note?: string };

async function measure(base: string, token: string, name: string, pathName: string, options: { requests?: number; timed?: boolean } = {}): Promise<Figure> {
  const get = async () => {
    const response = await fetch(`${base}${pathName}`, { headers: { api_access_token: token } });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${pathName}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return text;
  };
  const requests = options.requests ?? REQUESTS;
  try {
    const first = await get();
    const result = first.startsWith('{') ? summary(JSON.parse(first) as Record<string, unknown>) : `${first.split('\r\n').length - 2} rows`;
    for (let i = 0; i < Math.min(WARMUP, requests); i += 1) await get();
    const latencies: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const began = performance.now();
      await get();
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), result, timed: options.timed ?? true };
  } catch (error) {
    return { name, p50: NaN, p99: NaN, result: '', timed: options.timed ?? true, note: `failed: ${(error as Error).message}` };
  }
}

function summary(body: Record<string, unknown>): string {
  if ('total_count' in body) return `${String(body.total_count)} of ${String(body.total_sent_messages_count)} sent`;
  const meta = body.meta as { count: number } | undefined;
  return meta ? `${meta.count} match` : '';
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en')} ms`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-csat-'));
const logFile = path.join(dataDir, 'server.log');
let server: Server | undefined;
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const { accounts, seconds } = await seed();
  say(`seeded in ${seconds.toFixed(1)} s`);
  server = await startServer({ dataDir, logFile, port: PORT, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  say(`server up on ${server.base}`);
  // The dashboard's ranges start and end on quarter hours (local days at an offset of whole quarter hours).
  const now = Math.ceil(Date.now() / 1000 / 900) * 900;
  const last30 = `since=${now - 30 * 86_400}&until=${now}`;
  const last90 = `since=${now - DAYS * 86_400}&until=${now}`;
  const toTheSecond = `since=${now - DAYS * 86_400 + 1}&until=${now}`;
  const tables: { seeded: Seeded; figures: Figure[] }[] = [];
  for (const seeded of accounts) {
    const figures: Figure[] = [];
    const run = async (name: string, token: string, rest: string, options?: { requests?: number; timed?: boolean }) => {
      const figure = await measure(server!.base, token, name, `/api/v1/accounts/${seeded.accountId}/csat_survey_responses${rest}`, options);
      figures.push(figure);
      say(`  ${seeded.conversations.toLocaleString('en')} ${figure.name}: ${figure.note ?? `p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}, ${figure.result}`}`);
    };
    const filters = `inbox_id=${seeded.inboxId}&team_id=${seeded.teamId}&user_ids[]=${seeded.admin.id}`;
    await run('list, admin, last 90 days', seeded.admin.token, `?${last90}`, { timed: false });
    await run('list, admin, last 30 days, page 20', seeded.admin.token, `?${last30}&page=20`, { timed: false });
    await run('list, admin, sort by rating', seeded.admin.token, `?${last90}&sort=-rating`, { timed: false });
    await run('list, admin, inbox+team+agent+rating', seeded.admin.token, `?${last90}&${filters}&rating[]=1&rating[]=2`, { timed: false });
    await run('list, agent (2 of 10 inboxes)', seeded.agent.token, `?${last90}`, { timed: false });
    await run('metrics, admin, last 90 days', seeded.admin.token, `/metrics?${last90}`);
    await run('metrics, admin, last 30 days', seeded.admin.token, `/metrics?${last30}`);
    // Read from the rows, not the rollups (docs/csat.md): shown, not held to the targets.
    await run('metrics, admin, inbox+team+agent', seeded.admin.token, `/metrics?${last90}&${filters}`, { timed: false });
    await run('metrics, admin, rating 4 and 5', seeded.admin.token, `/metrics?${last90}&rating=4,5`);
    await run('metrics, admin, inbox', seeded.admin.token, `/metrics?${last90}&inbox_id=${seeded.inboxId}`);
    // The responses come from the rollups; the surveys sent by the conversation's agent now (Chatwoot's rule) from the rows.
    await run('metrics, admin, agent (sent from the rows)', seeded.admin.token, `/metrics?${last90}&user_ids[]=${seeded.admin.id}`, { timed: false });
    await run('metrics, admin, 90 days to the second (rows)', seeded.admin.token, `/metrics?${toTheSecond}`, { timed: false });
    await run('metrics, agent (2 of 10 inboxes)', seeded.agent.token, `/metrics?${last90}`, { timed: false });
    await run('download, admin, last 30 days', seeded.admin.token, `/download?${last30}`, { requests: DOWNLOADS, timed: false });
    await run('download, admin, inbox+team+agent', seeded.admin.token, `/download?${last90}&${filters}`, { requests: DOWNLOADS, timed: false });
    tables.push({ seeded, figures });
  }

  say(`\nCSAT benchmark (node ${process.version}, ${os.cpus().length} cores, one client, ${REQUESTS} requests a figure, downloads ${DOWNLOADS}; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
  say(`seeding ${seconds.toFixed(1)} s; every conversation has its survey, 60 % a response, over ${DAYS} days\n`);
  const names = tables[0]!.figures.map((f) => f.name);
  const width = Math.max(...names.map((n) => n.length));
  say(['figure'.padEnd(width), ...tables.flatMap((tb) => [`p50 ${tb.seeded.conversations / 1000}k`.padStart(11), `p99 ${tb.seeded.conversations / 1000}k`.padStart(11)]), 'result (largest)'.padStart(20)].join('  '));
  names.forEach((name, i) => {
    const cells = tables.flatMap((tb) => [ms(tb.figures[i]!.p50).padStart(11), ms(tb.figures[i]!.p99).padStart(11)]);
    const last = tables.at(-1)!.figures[i]!;
    say([name.padEnd(width), ...cells, (last.note ? 'failed' : last.result).padStart(20)].join('  '));
  });
  const timed = tables.flatMap((tb) => tb.figures.filter((f) => f.timed));
  const worst = timed.reduce((a, b) => (b.p99 > a.p99 || Number.isNaN(b.p99) ? b : a));
  const pass = timed.every((f) => !f.note && f.p99 < TARGET_MS);
  const small = tables[0]!.figures.filter((f) => f.timed);
  const large = tables.at(-1)!.figures.filter((f) => f.timed);
  const growth = Math.max(...large.map((f, i) => f.p50 / Math.max(small[i]!.p50, 1)));
  say(`\ntargets (the metrics the dashboard asks for: whole quarter hours, the whole account, at most one filter; the other figures are shown only)`);
  say(`  ${pass ? 'PASS' : 'FAIL'}  metrics p99 < ${TARGET_MS} ms, one client (worst p99: ${worst.name} ${ms(worst.p99)})`);
  say(`  ${growth <= 3 ? 'PASS' : 'FAIL'}  flat: p50 at ${SIZES[1]!.toLocaleString('en')} within 3x of ${SIZES[0]!.toLocaleString('en')} (worst ratio ${growth.toFixed(1)}x for 10x the data)`);
  if (tables.some((tb) => tb.figures.some((f) => f.note))) say(`\nlast lines of the server log:\n${tail(logFile)}`);
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
}
