// `pnpm bench:reports`: every reports v2 call at two scales (not a timed test).
//   1. creates a fresh database `relay_bench_reports` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds, with set-based SQL, account A (200,000 conversations, 2,000,000 messages over 90 days) and account B
//      (2,000 / 20,000), each with 50 members, 10 inboxes (3 answered by a bot), 5 teams and 20 labels: the
//      conversations table (for the live counts) and the facts the relay would record for those conversations and
//      messages, added up into report_rollups and report_daily_rollups exactly as applyRollups adds them (one row
//      per account/dimension/key/metric and quarter hour or UTC day)
//   3. starts the API against it and calls each report one request at a time (single client): BENCH_REQUESTS
//      timed calls after a warm-up, over the last 90 days at the dashboard's offset (5)
//   4. prints p50/p99 per report and scale, PASS/FAIL against 100 ms at the 2M scale, and the flatness ratio
//      (p99 at 2M / p99 at 20k); drops the database (BENCH_KEEP=1 keeps it, BENCH_REUSE=1 reuses a kept one)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REQUESTS (default 200),
// BENCH_SCALE (default 1: multiplies the conversation counts, for a quick try of the harness).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { connect } from '../packages/db/src/index.ts';
import { adminQuery, percentile, say, startServer, stopServer, tail } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_reports';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const REQUESTS = Number(env.BENCH_REQUESTS || 200);
const WARMUP = Math.max(10, Math.round(REQUESTS / 10));
const KEEP = env.BENCH_KEEP === '1';
const REUSE = env.BENCH_REUSE === '1';
const SCALE = Number(env.BENCH_SCALE || 1);
const TARGET_MS = 100;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const MEMBERS = 50;
const INBOXES = 10;
const BOT_INBOXES = 3;
const TEAMS = 5;
const LABELS = 20;
const DAYS = 90;
const ACCOUNTS = [
  { key: 'a', name: 'Reports bench A', conversations: Math.round(200_000 * SCALE), scale: '2M messages' },
  { key: 'b', name: 'Reports bench B', conversations: Math.round(2_000 * SCALE), scale: '20k messages' },
] as const;

type Seeded = { key: string; accountId: number; token: string; agentId: number; inboxId: number; labelId: number; teamId: number };

const secondsSince = (began: number) => `${((performance.now() - began) / 1000).toFixed(1)} s`;
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(58)} ${secondsSince(began)}`);
  return result;
}
/** A pseudo-random integer in [0, mod) fixed by the row number and a salt: the same data on every run. */
const rnd = (expr: string, salt: number, mod: number) => `(abs(hashint8((${expr})::bigint * 64 + ${salt})::bigint) % ${mod})`;

async function issueToken(db: pg.Client, userId: number): Promise<string> {
  const token = randomToken(24);
  await db.query(`DELETE FROM access_tokens WHERE owner_type = 'user' AND owner_id = $1`, [userId]);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [userId, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
  return token;
}

/**
 * The facts of an account's conversations, one row per fact, as the relay records them (RollupFact): created;
 * five incoming and five outgoing messages; the first response; four reply times; the resolution of the
 * resolved ones; in the bot inboxes a bot conversation, two bot messages, and a bot resolution or a handoff.
 */
function factsSql(accountId: number, botInboxes: number[]): string {
  const bots = `ARRAY[${botInboxes.join(',')}]::int[]`;
  const row = (metric: string, at: string, value = 'NULL::float8', where = 'true', times = 1) =>
    `SELECT '${metric}'::text AS metric, ${at} AS at, ${value} AS value, c.inbox_id, c.assignee_id, c.team_id, c.labels
     FROM conversations c CROSS JOIN generate_series(1, ${times}) k WHERE c.account_id = ${accountId} AND ${where}`;
  const duration = (salt: number, mod: number) => `(60 + ${rnd('c.id * 16 + k', salt, mod)})::float8`;
  return [
    row('conversation_created', 'c.created_at'),
    row('incoming_message', "c.created_at + interval '7 minutes' * (2 * k - 2)", undefined, 'true', 5),
    row('outgoing_message', "c.created_at + interval '7 minutes' * (2 * k - 1)", undefined, 'true', 5),
    row('first_response', "c.created_at + interval '7 minutes'", duration(1, 7200)),
    row('reply_time', "c.created_at + interval '7 minutes' * (2 * k + 1)", duration(2, 3600), 'true', 4),
    row('resolution', "c.created_at + interval '3 hours'", duration(3, 86_400), "c.status = 'resolved'"),
    row('bot_conversation', 'c.created_at', undefined, `c.inbox_id = ANY(${bots})`),
    row('bot_message', "c.created_at + interval '1 minute' * k", undefined, `c.inbox_id = ANY(${bots})`, 2),
    row('bot_resolution', "c.created_at + interval '10 minutes'", undefined, `c.inbox_id = ANY(${bots}) AND c.id % 3 = 0`),
    row('bot_handoff', "c.created_at + interval '5 minutes'", undefined, `c.inbox_id = ANY(${bots}) AND c.id % 3 = 1`),
  ].join('\nUNION ALL\n');
}

async function seedAccount(db: pg.Client, spec: (typeof ACCOUNTS)[number]): Promise<Seeded> {
  const n = spec.conversations;
  const { rows: accountRows } = await db.query<{ id: number }>('INSERT INTO accounts (name) VALUES ($1) RETURNING id', [spec.name]);
  const accountId = accountRows[0]!.id;
  const { rows: userRows } = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, confirmed_at, pubsub_token)
     SELECT 'Member ' || g || ' ' || $1, 'reports-bench-' || g || '-' || $1 || '@example.com', now(), gen_random_uuid()::text
     FROM generate_series(0, $2::int - 1) g ORDER BY g RETURNING id`,
    [spec.key, MEMBERS],
  );
  const userIds = userRows.map((r) => r.id);
  await db.query(
    `INSERT INTO account_users (account_id, user_id, role, availability, active_at)
     SELECT $1, u, (CASE WHEN u = $2 THEN 'administrator' ELSE 'agent' END)::account_role,
            (ARRAY['online', 'busy', 'offline'])[1 + u % 3]::availability, now() FROM unnest($3::int[]) u`,
    [accountId, userIds[0], userIds],
  );
  const { rows: inboxRows } = await db.query<{ id: number }>(
    `WITH ch AS (INSERT INTO channels (account_id, channel_type, identifier) SELECT $1, 'Channel::Api', gen_random_uuid()::text FROM generate_series(1, $2::int) RETURNING id)
     INSERT INTO inboxes (account_id, channel_id, name) SELECT $1, id, 'Inbox ' || row_number() OVER (ORDER BY id) FROM ch ORDER BY id RETURNING id`,
    [accountId, INBOXES],
  );
  const inboxIds = inboxRows.map((r) => r.id);
  const { rows: teamRows } = await db.query<{ id: number }>(`INSERT INTO teams (account_id, name) SELECT $1, 'Team ' || g FROM generate_series(1, $2::int) g RETURNING id`, [accountId, TEAMS]);
  const teamIds = teamRows.map((r) => r.id);
  const { rows: labelRows } = await db.query<{ id: number; title: string }>(
    `INSERT INTO labels (account_id, title, description) SELECT $1, 'label-' || g, 'bench' FROM generate_series(1, $2::int) g RETURNING id, title`,
    [accountId, LABELS],
  );
  const titles = `ARRAY[${labelRows.map((l) => `'${l.title}'`).join(',')}]::text[]`;

  const contactBase = (await db.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM contacts')).rows[0]!.max;
  await step(`${spec.name}: ${n.toLocaleString('en')} contacts`, () =>
    db.query(
      `INSERT INTO contacts (id, account_id, name, email) OVERRIDING SYSTEM VALUE
       SELECT $2::int + g, $1, 'Customer ' || g, 'customer' || g || '.' || $3 || '@example.com' FROM generate_series(1, $4::int) g`,
      [accountId, contactBase, spec.key, n],
    ),
  );
  // created over the last 90 days; ≈ 15% open (a third of those waiting for a reply), 70% resolved, 10% pending,
  // 5% snoozed; 30% unassigned; a team for 80%; zero to two labels
  await step(`${spec.name}: ${n.toLocaleString('en')} conversations`, () =>
    db.query(
      `INSERT INTO conversations (account_id, display_id, inbox_id, contact_id, assignee_id, team_id, status, labels,
                                  first_reply_created_at, waiting_since, last_activity_at, created_at, updated_at)
       SELECT $1, g, ($3::int[])[1 + ${rnd('g', 1, INBOXES)}], $2::int + g,
              CASE WHEN ${rnd('g', 2, 100)} < 30 THEN NULL ELSE ($4::int[])[1 + ${rnd('g', 3, MEMBERS)}] END,
              CASE WHEN ${rnd('g', 4, 100)} < 20 THEN NULL ELSE ($5::int[])[1 + ${rnd('g', 5, TEAMS)}] END,
              (CASE WHEN rs < 15 THEN 'open' WHEN rs < 85 THEN 'resolved' WHEN rs < 95 THEN 'pending' ELSE 'snoozed' END)::conversation_status,
              (${titles})[1 + ${rnd('g', 6, LABELS * 3)} : ${rnd('g', 6, LABELS * 3)} + ${rnd('g', 7, 3)}],
              CASE WHEN rs < 5 THEN NULL ELSE created + interval '7 minutes' END,
              CASE WHEN rs < 5 THEN created END,
              created + interval '3 hours', created, created + interval '3 hours'
       FROM (SELECT g, ${rnd('g', 8, 100)} AS rs, now() - interval '1 second' * ${rnd('g', 9, DAYS * 86_400 - 4 * 3600)} - interval '4 hours' AS created
             FROM generate_series(1, $6::int) g) x`,
      [accountId, contactBase, inboxIds, userIds, teamIds, n],
    ),
  );
  await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, $2)', [accountId, n]);

  const facts = await step(`${spec.name}: facts of the conversations and messages`, async () => {
    await db.query('DROP TABLE IF EXISTS bench_facts');
    await db.query(`CREATE UNLOGGED TABLE bench_facts AS ${factsSql(accountId, inboxIds.slice(0, BOT_INBOXES))}`);
    return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_facts')).rows[0]!.n;
  });
  say(`    ${facts.toLocaleString('en')} facts`);
  // each fact once in the account and once in each dimension it names (rollups.ts, dimensionsOf): one
  // INSERT … SELECT … GROUP BY per dimension and grain
  const dimensions: Array<[string, string, string]> = [
    ['account', "''", 'bench_facts f'],
    ['inbox', 'f.inbox_id::text', 'bench_facts f'],
    ['agent', 'f.assignee_id::text', 'bench_facts f WHERE f.assignee_id IS NOT NULL'],
    ['team', 'f.team_id::text', 'bench_facts f WHERE f.team_id IS NOT NULL'],
    ['label', 'l', 'bench_facts f CROSS JOIN LATERAL (SELECT DISTINCT l FROM unnest(f.labels) l) x'],
  ];
  await step(`${spec.name}: quarter-hour and daily rollups`, async () => {
    for (const [dimension, key, from] of dimensions) {
      for (const [table, column, bucket] of [
        ['report_rollups', 'bucket', "to_timestamp(floor(extract(epoch FROM f.at) / 900) * 900)"],
        ['report_daily_rollups', 'day', "(f.at AT TIME ZONE 'UTC')::date"],
      ] as const) {
        await db.query(
          `INSERT INTO ${table} (account_id, dimension, key, metric, ${column}, count, sum, sum_bh)
           SELECT $1, '${dimension}', ${key}, f.metric, ${bucket}, count(*), coalesce(sum(f.value), 0), coalesce(sum(f.value), 0) * 0.6
           FROM ${from} GROUP BY 3, 4, 5`,
          [accountId],
        );
      }
    }
  });
  await db.query('DROP TABLE bench_facts');
  const token = await issueToken(db, userIds[0]!);
  return { key: spec.key, accountId, token, agentId: userIds[1]!, inboxId: inboxIds[0]!, labelId: labelRows[0]!.id, teamId: teamIds[0]! };
}

async function seed(): Promise<Seeded[]> {
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const database = await connect({ url: DB_URL, poolSize: 1 });
  await step('migrate', () => database.migrate());
  await database.close();
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '128MB'; SET TIME ZONE 'UTC'");
    // the rollup primary keys are built once after the bulk insert instead of maintained row by row
    const { rows: keys } = await db.query<{ table: string; name: string; def: string }>(
      `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid IN ('report_rollups'::regclass, 'report_daily_rollups'::regclass) AND contype = 'p'`,
    );
    for (const key of keys) await db.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
    const seeded: Seeded[] = [];
    for (const spec of ACCOUNTS) seeded.push(await seedAccount(db, spec));
    for (const key of keys) await step(`${key.table} ${key.def}`, () => db.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.def}`));
    await db.query(`SELECT setval(pg_get_serial_sequence('contacts', 'id'), (SELECT max(id) FROM contacts))`);
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    const { rows } = await db.query<{ q: number; d: number }>('SELECT (SELECT count(*) FROM report_rollups)::int AS q, (SELECT count(*) FROM report_daily_rollups)::int AS d');
    say(`  rollup rows: ${rows[0]!.q.toLocaleString('en')} quarter-hour, ${rows[0]!.d.toLocaleString('en')} daily`);
    return seeded;
  } finally {
    await db.end();
  }
}

/** BENCH_REUSE=1: the accounts of an earlier BENCH_KEEP=1 run, with fresh administrator tokens. */
async function reuse(): Promise<Seeded[]> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const seeded: Seeded[] = [];
    for (const spec of ACCOUNTS) {
      const { rows } = await db.query<{ account_id: number; admin_id: number; agent_id: number; inbox_id: number; label_id: number; team_id: number }>(
        `SELECT a.id AS account_id,
                (SELECT user_id FROM account_users WHERE account_id = a.id AND role = 'administrator' LIMIT 1) AS admin_id,
                (SELECT min(user_id) FROM account_users WHERE account_id = a.id AND role = 'agent') AS agent_id,
                (SELECT min(id) FROM inboxes WHERE account_id = a.id) AS inbox_id,
                (SELECT min(id) FROM labels WHERE account_id = a.id) AS label_id,
                (SELECT min(id) FROM teams WHERE account_id = a.id) AS team_id
         FROM accounts a WHERE a.name = $1`,
        [spec.name],
      );
      const row = rows[0];
      if (!row) throw new Error(`BENCH_REUSE=1 but ${DB_NAME} has no account "${spec.name}": run once with BENCH_KEEP=1`);
      const token = await issueToken(db, row.admin_id);
      seeded.push({ key: spec.key, accountId: row.account_id, token, agentId: row.agent_id, inboxId: row.inbox_id, labelId: row.label_id, teamId: row.team_id });
    }
    return seeded;
  } finally {
    await db.end();
  }
}

/** The calls the dashboard makes, over the last 90 days (the heatmap: the last 7 local days) at offset 5. */
function calls(s: Seeded): Array<[string, string]> {
  const until = Math.floor(Date.now() / 1000);
  const since = until - DAYS * 86_400;
  const range = `since=${since}&until=${until}&timezone_offset=5`;
  const week = `since=${until - 7 * 86_400}&until=${until}&timezone_offset=5`;
  const v2 = `/api/v2/accounts/${s.accountId}`;
  return [
    ['(baseline: GET /api/v1/profile, no report)', '/api/v1/profile'],
    ['reports conversations_count by day', `${v2}/reports?metric=conversations_count&group_by=day&${range}`],
    ['reports avg_first_response_time by week, bh', `${v2}/reports?metric=avg_first_response_time&group_by=week&business_hours=true&${range}`],
    ['reports outgoing_messages_count, agent', `${v2}/reports?metric=outgoing_messages_count&type=agent&id=${s.agentId}&${range}`],
    ['reports resolutions_count by month, label', `${v2}/reports?metric=resolutions_count&group_by=month&type=label&id=${s.labelId}&${range}`],
    ['reports heatmap (hour, 7 days)', `${v2}/reports?metric=conversations_count&group_by=hour&${week}`],
    ['reports/summary account', `${v2}/reports/summary?${range}`],
    ['reports/summary inbox', `${v2}/reports/summary?type=inbox&id=${s.inboxId}&${range}`],
    ['reports/bot_summary', `${v2}/reports/bot_summary?${range}`],
    ['reports/bot_metrics', `${v2}/reports/bot_metrics?${range}`],
    ['reports/conversations account (live)', `${v2}/reports/conversations?type=account`],
    ['reports/conversations agent (live)', `${v2}/reports/conversations?type=agent`],
    ['summary_reports/agent', `${v2}/summary_reports/agent?${range}`],
    ['summary_reports/inbox', `${v2}/summary_reports/inbox?${range}`],
    ['summary_reports/team', `${v2}/summary_reports/team?${range}`],
    ['summary_reports/label', `${v2}/summary_reports/label?${range}`],
    ['reports/agents (CSV)', `${v2}/reports/agents?${range}`],
    ['reports/labels (CSV)', `${v2}/reports/labels?${range}`],
    ['reports/conversation_traffic (CSV)', `${v2}/reports/conversation_traffic?${week}`],
  ];
}

/** Single client: one request at a time; every answer must be 200. */
async function measure(base: string, token: string, url: string): Promise<{ p50: number; p99: number }> {
  const once = async () => {
    const began = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { api_access_token: token } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - began;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function main() {
  say(`reports bench: ${ACCOUNTS.map((a) => `${a.name} ${a.conversations.toLocaleString('en')} conversations`).join(', ')}; ${REQUESTS} requests per report`);
  const seeded = REUSE ? await reuse() : await seed();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reports-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const server = await startServer({ dataDir, logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  let failed = 0;
  try {
    const [large, small] = [seeded.find((s) => s.key === 'a')!, seeded.find((s) => s.key === 'b')!];
    const largeCalls = calls(large);
    const smallCalls = calls(small);
    say('');
    say(`${'report'.padEnd(46)} ${'20k p50'.padStart(8)} ${'20k p99'.padStart(8)} ${'2M p50'.padStart(8)} ${'2M p99'.padStart(8)}  ratio  target`);
    for (const [i, [name, url]] of largeCalls.entries()) {
      const atSmall = await measure(server.base, small.token, smallCalls[i]![1]);
      const atLarge = await measure(server.base, large.token, url);
      const pass = atLarge.p99 < TARGET_MS;
      if (!pass && i > 0) failed += 1;
      const ms = (x: number) => `${x.toFixed(1)}`.padStart(8);
      say(`${name.padEnd(46)} ${ms(atSmall.p50)} ${ms(atSmall.p99)} ${ms(atLarge.p50)} ${ms(atLarge.p99)}  ${(atLarge.p99 / atSmall.p99).toFixed(2).padStart(5)}  ${pass ? 'PASS' : 'FAIL'} (p99 < ${TARGET_MS} ms)`);
    }
  } catch (err) {
    say(`server log:\n${tail(logFile)}`);
    throw err;
  } finally {
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  }
  say(failed === 0 ? '\nall reports PASS' : `\n${failed} report(s) FAIL`);
  if (failed > 0) process.exitCode = 1;
}

await main();
