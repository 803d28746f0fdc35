// `pnpm bench:conversations`: the conversations API at millions of rows (not a timed test).
//   1. creates a fresh database `relay_bench` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds it with set-based SQL: account A (200,000 conversations, 2,000,000 messages) and
//      account B (20,000 / 200,000), each with 10 API inboxes, 20 agents and an administrator
//   3. starts the API (`apps/api/src/main.ts serve`) against it
//   4. loads it with autocannon at 50 connections: list (A and B), label filter, meta, filter, search,
//      message create; every answer must be 2xx
//   5. runs the list, counts and message-write SQL straight through `pg` (pool of 10, 50 workers) for comparison
//   6. prints one table with the targets, stops the server and drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS
// (default 10), BENCH_KEEP=1, BENCH_REUSE=1 (keep an already seeded relay_bench: skips steps 1-2),
// BENCH_SCALE (default 1: multiplies the row counts, for a quick try of the harness), BENCH_LARGE=1 (a third account,
// C, of 2,000,000 conversations and 20,000,000 messages, in its own database relay_bench_large), BENCH_ONLY (comma-separated
// pieces of figure names: measures only the figures whose name holds one, for trying a change; targets of figures
// not measured print MISS "not measured"), BENCH_PROCESSES (default 2: the server runs with WEB_CONCURRENCY=2, as a
// production install on two cores would, with Redis at BENCH_REDIS_URL, default redis://127.0.0.1:6379/13, flushed;
// 1: one process and no Redis, the setup of the figures before the tenth session).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { connect } from '../packages/db/src/index.ts';
import { adminQuery, flushRedisDb, percentile, say, startServer, stopServer, tail, type Server } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LARGE = env.BENCH_LARGE === '1';
const DB_NAME = LARGE ? 'relay_bench_large' : 'relay_bench';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const SECONDS = Number(env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Math.min(3, Math.max(1, Math.round(SECONDS / 4)));
const KEEP = env.BENCH_KEEP === '1';
const REUSE = env.BENCH_REUSE === '1';
const SCALE = Number(env.BENCH_SCALE || 1);
const ONLY = env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((piece) => piece.trim()) : null;
/** Whether BENCH_ONLY asks for this figure. */
const wanted = (name: string) => !ONLY || ONLY.some((piece) => name.includes(piece));
const CONNECTIONS = 50;
const PROCESSES = Number(env.BENCH_PROCESSES || 2);
const REDIS_URL = env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/13';
const RAW_POOL = 10;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const MESSAGES_PER_CONVERSATION = 10;
const INBOXES = 10;
const AGENTS = 20;
const LABELS = ['billing', 'refund', 'kyc', 'vip', 'withdraw'];
const ACCOUNTS = [
  { key: 'a', name: 'Bench A', conversations: Math.round(200_000 * SCALE) },
  { key: 'b', name: 'Bench B', conversations: Math.round(20_000 * SCALE) },
  // issue 15: latency flat from 20,000 to 2,000,000 conversations
  ...(LARGE ? [{ key: 'c', name: 'Bench C', conversations: Math.round(2_000_000 * SCALE) }] : []),
];
/** Indexes rebuilt after the bulk insert instead of maintained row by row (pg_trgm GIN builds are the slow part). */
const DEFERRED_INDEXES = ['messages_content_trgm_idx', 'messages_content_digits_idx', 'contacts_name_trgm_idx', 'contacts_email_trgm_idx', 'contacts_phone_trgm_idx', 'contacts_identifier_trgm_idx'];

const secondsSince = (began: number) => `${((performance.now() - began) / 1000).toFixed(1)} s`;

type Seeded = { key: string; accountId: number; conversations: number; token: string; utr: string };

// ---------------------------------------------------------------------------------------------------
// database and seeding


async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/** A pseudo-random integer in [0, mod) fixed by the row number and a salt: the same data on every run. */
const rnd = (expr: string, salt: number, mod: number) => `(abs(hashint8((${expr})::bigint * 64 + ${salt})::bigint) % ${mod})`;

const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Isha', 'Kabir', 'Diya', 'Nikhil', 'Sana', 'Rahul', 'Pooja', 'Aditya', 'Neha', 'Karan', 'Riya', 'Sameer', 'Tara', 'Omar', 'Lena', 'David', 'Maria'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Khan', 'Reddy', 'Gupta', 'Singh', 'Nair', 'Das', 'Mehta', 'Joshi', 'Rao', 'Bose', 'Kapoor', 'Shah', 'Menon', 'Verma', 'Pillai', 'Garcia', 'Smith'];
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

async function nextId(db: pg.Client, table: string): Promise<number> {
  const { rows } = await db.query<{ max: number }>(`SELECT coalesce(max(id), 0)::int AS max FROM ${table}`);
  return rows[0]!.max;
}

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(58)} ${secondsSince(began)}`);
  return result;
}

/**
 * One account, every row from INSERT … SELECT over generate_series. Contacts, contact inboxes and
 * conversations take explicit ids (base + n) so the rows can refer to each other without lookups;
 * the identity sequences are moved past them at the end of seeding.
 */
async function seedAccount(db: pg.Client, spec: (typeof ACCOUNTS)[number], messageBase: number): Promise<Seeded> {
  const n = spec.conversations;
  const key = spec.key;
  const { rows: accountRows } = await db.query<{ id: number }>('INSERT INTO accounts (name) VALUES ($1) RETURNING id', [spec.name]);
  const accountId = accountRows[0]!.id;

  // administrator (g = 0) and agents (g = 1..20)
  const { rows: userRows } = await db.query<{ id: number; g: number }>(
    `INSERT INTO users (name, email, confirmed_at, pubsub_token)
     SELECT CASE WHEN g = 0 THEN 'Bench admin ' || $1 ELSE 'Agent ' || g || ' ' || $1 END,
            CASE WHEN g = 0 THEN 'bench-admin-' || $1 || '@example.com' ELSE 'bench-agent-' || g || '-' || $1 || '@example.com' END,
            now(), gen_random_uuid()::text
     FROM generate_series(0, $2::int) g ORDER BY g
     RETURNING id`,
    [key, AGENTS],
  );
  const adminId = userRows[0]!.id;
  const agentIds = userRows.slice(1).map((r) => r.id);
  await db.query(
    `INSERT INTO account_users (account_id, user_id, role, active_at)
     SELECT $1, u, (CASE WHEN u = $2 THEN 'administrator' ELSE 'agent' END)::account_role, now() FROM unnest($3::int[]) u`,
    [accountId, adminId, [adminId, ...agentIds]],
  );
  const token = randomToken(24);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [
    adminId,
    sha256(token),
    encrypt(SECRET_KEY_BASE, token),
  ]);

  const { rows: inboxRows } = await db.query<{ id: number }>(
    `WITH ch AS (
       INSERT INTO channels (account_id, channel_type, identifier)
       SELECT $1, 'Channel::Api', gen_random_uuid()::text FROM generate_series(1, $2::int)
       RETURNING id)
     INSERT INTO inboxes (account_id, channel_id, name)
     SELECT $1, id, 'API inbox ' || row_number() OVER (ORDER BY id) FROM ch ORDER BY id
     RETURNING id`,
    [accountId, INBOXES],
  );
  const inboxIds = inboxRows.map((r) => r.id);
  await db.query(
    'INSERT INTO inbox_members (account_id, inbox_id, user_id) SELECT $1, i, u FROM unnest($2::int[]) i CROSS JOIN unnest($3::int[]) u',
    [accountId, inboxIds, agentIds],
  );
  await db.query(`INSERT INTO labels (account_id, title, description) SELECT $1, t, 'bench' FROM unnest(${sqlArray(LABELS)}) t`, [accountId]);

  const lastActivity = (g: string) => `now() - interval '1 second' * ${rnd(g, 7, 90 * 86_400)}`;
  const contactBase = await nextId(db, 'contacts');
  await step(`${spec.name}: ${n.toLocaleString('en')} contacts`, () =>
    db.query(
      `INSERT INTO contacts (id, account_id, name, email, phone_number, last_activity_at, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT $2::int + g, $1,
              (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
              'customer' || g || '.' || $3 || '@example.com',
              '+91' || $4 || lpad(g::text, 8, '0'),
              ${lastActivity('g')}, now() - interval '100 days', now()
       FROM generate_series(1, $5::int) g`,
      [accountId, contactBase, key, key === 'a' ? '98' : '97', n],
    ),
  );
  const contactInboxBase = await nextId(db, 'contact_inboxes');
  await step(`${spec.name}: contact inboxes`, () =>
    db.query(
      `INSERT INTO contact_inboxes (id, contact_id, inbox_id, source_id, pubsub_token)
       OVERRIDING SYSTEM VALUE
       SELECT $1::int + g, $2::int + g, ($3::int[])[1 + g % ${INBOXES}], gen_random_uuid()::text, gen_random_uuid()::text
       FROM generate_series(1, $4::int) g`,
      [contactInboxBase, contactBase, inboxIds, n],
    ),
  );

  // status ≈ 15% open, 70% resolved, 10% pending, 5% snoozed; ~30% unassigned; ~20% with one label;
  // priority 5% urgent, 7% high, 10% medium, 8% low, 70% none; last activity over the past 90 days.
  const conversationBase = await nextId(db, 'conversations');
  await step(`${spec.name}: ${n.toLocaleString('en')} conversations`, () =>
    db.query(
      `INSERT INTO conversations (id, account_id, display_id, inbox_id, contact_id, contact_inbox_id, assignee_id, status, priority,
                                  snoozed_until, labels, first_reply_created_at, last_activity_at, agent_last_seen_at, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT $2::int + g, $1, g, ($5::int[])[1 + g % ${INBOXES}], $3::int + g, $4::int + g,
              CASE WHEN ra < 30 THEN NULL ELSE ($6::int[])[1 + ${rnd('g', 3, AGENTS)}] END,
              (CASE WHEN rs < 15 THEN 'open' WHEN rs < 85 THEN 'resolved' WHEN rs < 95 THEN 'pending' ELSE 'snoozed' END)::conversation_status,
              (CASE WHEN rp < 5 THEN 'urgent' WHEN rp < 12 THEN 'high' WHEN rp < 22 THEN 'medium' WHEN rp < 30 THEN 'low' END)::conversation_priority,
              CASE WHEN rs >= 95 THEN now() + interval '1 day' * (1 + ${rnd('g', 9, 14)}) END,
              CASE WHEN rl < 20 THEN ARRAY[(${sqlArray(LABELS)})[1 + ${rnd('g', 5, LABELS.length)}]] ELSE '{}'::text[] END,
              created + interval '5 minutes', last, last, created, last
       FROM (SELECT g, ${rnd('g', 1, 100)} AS rs, ${rnd('g', 2, 100)} AS ra, ${rnd('g', 6, 100)} AS rp, ${rnd('g', 4, 100)} AS rl,
                    ${lastActivity('g')} AS last
             FROM generate_series(1, $7::int) g) x
       CROSS JOIN LATERAL (SELECT last - interval '1 second' * (600 + ${rnd('g', 8, 3 * 86_400)}) AS created) y`,
      [accountId, conversationBase, contactBase, contactInboxBase, inboxIds, agentIds, n],
    ),
  );
  await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, $2)', [accountId, n]);

  // Ten messages a conversation, incoming/outgoing in turn, from its creation to its last activity. The UTR
  // is the message's number through a bijection of [0, 10^12) (multiplier coprime to 10): unique, random-looking.
  const messageNumber = `(${messageBase}::bigint + (c.display_id - 1) * ${MESSAGES_PER_CONVERSATION} + k + 1)`;
  await step(`${spec.name}: ${(n * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages`, () =>
    db.query(
      `INSERT INTO messages (account_id, inbox_id, conversation_id, content, message_type, sender_type, sender_id, created_at, updated_at)
       SELECT c.account_id, c.inbox_id, c.id,
              'Payment for order ORD' || (1000000 + c.display_id) || ' with UTR ' || lpad(((${messageNumber} * 592837461) % 1000000000000)::text, 12, '0') || ' is pending',
              (CASE WHEN k % 2 = 0 THEN 'incoming' ELSE 'outgoing' END)::message_type,
              (CASE WHEN k % 2 = 0 THEN 'Contact' ELSE 'User' END)::sender_type,
              CASE WHEN k % 2 = 0 THEN c.contact_id ELSE coalesce(c.assignee_id, $2) END,
              c.created_at + (c.last_activity_at - c.created_at) * k / ${MESSAGES_PER_CONVERSATION - 1},
              c.created_at + (c.last_activity_at - c.created_at) * k / ${MESSAGES_PER_CONVERSATION - 1}
       FROM conversations c CROSS JOIN LATERAL generate_series(0, ${MESSAGES_PER_CONVERSATION - 1}) k
       WHERE c.account_id = $1`,
      [accountId, agentIds[0]],
    ),
  );

  // one UTR to search for: the fifth message of a conversation in the middle of the account
  const { rows: utrRows } = await db.query<{ utr: string }>(
    `SELECT substring(m.content from 'UTR ([0-9]{12})') AS utr FROM messages m
     WHERE m.conversation_id = $1 ORDER BY m.id OFFSET 4 LIMIT 1`,
    [conversationBase + Math.ceil(n * 0.618)],
  );
  return { key, accountId, conversations: n, token, utr: utrRows[0]!.utr };
}

async function seed(): Promise<{ seeded: Seeded[]; seconds: number }> {
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

    const seeded: Seeded[] = [];
    let messageBase = 0;
    for (const spec of ACCOUNTS) {
      seeded.push(await seedAccount(db, spec, messageBase));
      messageBase += spec.conversations * MESSAGES_PER_CONVERSATION;
    }
    for (const table of ['contacts', 'contact_inboxes', 'conversations']) {
      await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    // the definitions the migrations created (0003_search_and_counts.sql), read back before dropping them
    for (const { indexname, indexdef } of defs) await step(`CREATE INDEX ${indexname}`, () => db.query(indexdef));
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    await step('CHECKPOINT', () => db.query('CHECKPOINT'));
    return { seeded, seconds: (performance.now() - began) / 1000 };
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
      const { rows } = await db.query<{ account_id: number; admin_id: number; conversations: number }>(
        `SELECT a.id AS account_id, au.user_id AS admin_id, (SELECT last_value FROM conversation_display_ids WHERE account_id = a.id) AS conversations
         FROM accounts a JOIN account_users au ON au.account_id = a.id AND au.role = 'administrator' WHERE a.name = $1`,
        [spec.name],
      );
      const row = rows[0];
      if (!row) throw new Error(`BENCH_REUSE=1 but ${DB_NAME} has no account "${spec.name}": run once with BENCH_KEEP=1`);
      const token = randomToken(24);
      await db.query(`UPDATE access_tokens SET token_hash = $2, token_encrypted = $3 WHERE owner_type = 'user' AND owner_id = $1`, [
        row.admin_id,
        sha256(token),
        encrypt(SECRET_KEY_BASE, token),
      ]);
      const { rows: utrRows } = await db.query<{ utr: string }>(
        `SELECT substring(m.content from 'UTR ([0-9]{12})') AS utr FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE c.account_id = $1 AND c.display_id = $2 AND m.echo_id IS NULL ORDER BY m.id OFFSET 4 LIMIT 1`,
        [row.account_id, Math.ceil(row.conversations * 0.618)],
      );
      seeded.push({ key: spec.key, accountId: row.account_id, conversations: row.conversations, token, utr: utrRows[0]!.utr });
    }
    // the message-create figure of the earlier run dirtied pages: start from the visibility map a fresh seed has
    await db.query('VACUUM ANALYZE conversations, messages, notifications, outbox_events');
    // and write out what the vacuum dirtied now, not in the middle of the first figure (a checkpoint's writes there
    // cost the first figure up to a quarter of its rate)
    await db.query('CHECKPOINT');
    return seeded;
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// server


async function startApi(dataDir: string, logFile: string): Promise<Server> {
  if (PROCESSES === 1) return startServer({ dataDir, logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  await flushRedisDb(REDIS_URL);
  return startServer({ dataDir, logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE, REDIS_URL, WEB_CONCURRENCY: String(PROCESSES) } });
}

/** The pids that serve: with WEB_CONCURRENCY, the supervisor's children; else the server itself. */
function servingPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [pid];
  } catch {
    return [pid];
  }
}

/** The largest resident memory of the serving processes, MB (memory per process is the target). */
function serverRssMb(pid: number): number | undefined {
  const sizes = servingPids(pid).flatMap((p) => rssMb(p) ?? []);
  return sizes.length ? Math.max(...sizes) : undefined;
}



// ---------------------------------------------------------------------------------------------------
// measurements

type Figure = {
  name: string;
  /** The server's resident memory when the figure ended, MB. */
  rssMb?: number;
  p50?: number;
  p99?: number;
  rate?: number;
  unit: string;
  ok?: number;
  bad?: number;
  note?: string;
};
const figures: Figure[] = [];

type Scenario = {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  requests?: autocannon.Request[];
  unit?: string;
  /** Default 50; 1 gives the service time of one request on an otherwise idle server. */
  connections?: number;
};

const ARRIVING_PER_SECOND = 20;

/** The filter figures' body: status open and priority urgent. */
const OPEN_AND_URGENT = {
  payload: [
    { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'and' },
    { attribute_key: 'priority', filter_operator: 'equal_to', values: ['urgent'], query_operator: null },
  ],
};

/**
 * Posts an agent's reply every 1/perSecond s to the account's conversations in turn (from `offset`, so two runs
 * reply to different ones), until stopped; answers how many it sent, how many failed, and the 2xx latencies (ms).
 */
function messagesArriving(base: string, account: Seeded, path: string, perSecond = ARRIVING_PER_SECOND, offset = 0) {
  let sent = 0;
  let failed = 0;
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const tag = randomToken(6);
  const timer = setInterval(() => {
    sent += 1;
    const displayId = 1 + (((sent + offset) * 7919) % account.conversations);
    const body = JSON.stringify({ content: `Reply ${sent}: we are checking your payment`, echo_id: `arriving-${tag}-${sent}` });
    const began = performance.now();
    const post = fetch(`${base}${path}/${displayId}/messages`, { method: 'POST', headers: { api_access_token: account.token, 'content-type': 'application/json' }, body })
      .then((response) => {
        if (response.ok) latencies.push(performance.now() - began);
        else failed += 1;
        return response.body?.cancel();
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(post));
    inFlight.add(post);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, failed, latencies };
    },
  };
}

/** Seconds of CPU the whole machine has spent busy (every process: server, Postgres, Redis, this bench), Linux only. */
function machineBusySeconds(): number | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3]! + (ticks[4] ?? 0); // idle and iowait
    return (ticks.reduce((a, b) => a + b, 0) - idle) / 100; // USER_HZ
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Messages at a desk's pace and nothing else: the machine's CPU a message created, everything it causes included
 * (the request, the relay's batch of one, report facts, notifications, realtime). At this pace every message is a
 * relay batch of its own, so what a batch costs whatever its size (round trips, jobs) shows here, where the
 * message-create figure at 50 connections spreads it over large batches. The server's idle use, measured first
 * over 5 s after a warm-up at the same pace, is taken off.
 */
async function measureArriving(base: string, account: Seeded, path: string, perSecond: number, offset: number): Promise<Figure> {
  const name = `${account.key.toUpperCase()} ${perSecond} messages/s alone: machine CPU a message`;
  const warmUp = messagesArriving(base, account, path, perSecond, offset + 50_000);
  await sleep(WARMUP_SECONDS * 1000);
  await warmUp.stop();
  const idleFrom = machineBusySeconds();
  await sleep(5_000);
  const idleTo = machineBusySeconds();
  if (idleFrom === undefined || idleTo === undefined) return { name, unit: '', note: 'not measured (no /proc/stat)' };
  const idlePerSecond = (idleTo - idleFrom) / 5;
  const began = performance.now();
  const arriving = messagesArriving(base, account, path, perSecond, offset);
  await sleep(SECONDS * 1000);
  const { sent, failed, latencies } = await arriving.stop();
  await sleep(1_500); // the last relays
  const elapsed = (performance.now() - began) / 1000;
  const busy = machineBusySeconds()! - idleTo - idlePerSecond * elapsed;
  latencies.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rate: (busy / sent) * 1000,
    unit: 'ms CPU',
    ok: latencies.length,
    bad: failed,
    ...(failed ? { note: `${failed} of ${sent} messages failed` } : {}),
  };
}

/** BENCH_LARGE=1: account C's reads, to hold against B's (20,000 conversations) and A's (200,000). */
function largeScenarios(C: Seeded, path: string): [Seeded, Scenario][] {
  const size = C.conversations.toLocaleString('en');
  return [
    [C, { name: `C list (default), ${size} conversations`, path }],
    [C, { name: 'C list, 1 connection (service time)', path, connections: 1 }],
    [C, { name: 'C list labels[]=billing', path: `${path}?labels[]=billing` }],
    [C, { name: 'C meta', path: `${path}/meta` }],
    [
      C,
      {
        name: 'C filter status=open and priority=urgent',
        method: 'POST',
        path: `${path}/filter`,
        body: OPEN_AND_URGENT,
      },
    ],
    [C, { name: 'C search q=<one UTR>', path: `${path}/search?q=${C.utr}` }],
    [C, { name: 'C search, 1 connection (service time)', path: `${path}/search?q=${C.utr}`, connections: 1 }],
  ];
}

async function preflight(base: string, headers: Record<string, string>, scenario: Scenario): Promise<string | null> {
  const response = await fetch(`${base}${scenario.path}`, {
    method: scenario.method ?? 'GET',
    headers,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  });
  const text = await response.text();
  if (response.ok) return null;
  return `HTTP ${response.status} ${text.slice(0, 160).replace(/\s+/g, ' ')}`;
}

async function measureApi(base: string, token: string, scenario: Scenario): Promise<Figure> {
  const headers = { api_access_token: token, 'content-type': 'application/json' };
  const failed = await preflight(base, headers, scenario);
  if (failed) return { name: scenario.name, unit: 'req/s', note: `skipped: ${failed}` };
  const options: autocannon.Options = {
    url: `${base}${scenario.path}`,
    connections: scenario.connections ?? CONNECTIONS,
    method: scenario.method ?? 'GET',
    headers,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
    ...(scenario.requests ? { requests: scenario.requests } : {}),
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    name: scenario.name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rate: result['2xx'] / result.duration,
    unit: scenario.unit ?? 'req/s',
    ok: result['2xx'],
    bad,
    ...(bad ? { note: `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}` } : {}),
  };
}


/**
 * One SQL statement straight through pg: a pool of 10, 50 workers looping for the duration. Unnamed
 * statements (parsed and planned on every call) like drizzle's, unless `prepared` names the statement.
 */
/**
 * A checkpoint before each write figure. A page's first change after a checkpoint writes the whole page to the WAL, and
 * a message's conversation touch changes a page of each of its indexes: the raw insert, run right after the API's
 * figure, found most of those pages written already and wrote 0.5 full pages a message against the API's 3.2 (10.3 KB
 * of WAL a message after a checkpoint, 5.6 KB after the API's figure). Both figures now start from one.
 */
async function checkpoint(): Promise<void> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query('CHECKPOINT');
  } finally {
    await db.end();
  }
}

async function measureRaw(name: string, text: string, params: (i: number) => unknown[], options: { prepared?: string; unit?: string } = {}): Promise<Figure> {
  if (!wanted(name)) return { name, unit: options.unit ?? 'q/s' };
  const pool = new pg.Pool({ connectionString: DB_URL, max: RAW_POOL });
  try {
    let calls = 0; // over the warm-up and the measured run: params(i) may need to be unique
    const run = async (seconds: number) => {
      const latencies: number[] = [];
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            const began = performance.now();
            calls += 1;
            const values = params(calls);
            await (options.prepared ? pool.query({ name: options.prepared, text, values }) : pool.query(text, values));
            latencies.push(performance.now() - began);
          }
        }),
      );
      return latencies;
    };
    await run(WARMUP_SECONDS);
    const began = performance.now();
    const latencies = (await run(SECONDS)).sort((a, b) => a - b);
    const elapsed = (performance.now() - began) / 1000;
    return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rate: latencies.length / elapsed, unit: options.unit ?? 'q/s', ok: latencies.length, bad: 0 };
  } finally {
    await pool.end();
  }
}

// The list query as the API builds it (conversations/queries.ts selectConversationRows, list.ts sortOrder): in the
// order the index conversations_account_status_activity_idx is built in (DESC NULLS LAST), so Postgres walks it.
const RAW_LIST = `SELECT * FROM conversations WHERE account_id = $1 AND status = 'open' ORDER BY last_activity_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 25`;
// Plain DESC (NULLS FIRST) does not match the index: every open conversation is read and sorted. Kept to show why.
const RAW_LIST_UNINDEXED_ORDER = `SELECT * FROM conversations WHERE account_id = $1 AND status = 'open' ORDER BY last_activity_at DESC, id DESC LIMIT 25`;
const RAW_LIST_JOINED = `SELECT c.*, ct.*,
    (SELECT ch.channel_type FROM inboxes i JOIN channels ch ON ch.id = i.channel_id WHERE i.id = c.inbox_id) AS channel_type,
    (SELECT t.name FROM teams t WHERE t.id = c.team_id) AS team_name,
    (SELECT ci.hmac_verified FROM contact_inboxes ci WHERE ci.id = c.contact_inbox_id) AS hmac_verified
  FROM conversations c
  JOIN contacts ct ON ct.id = c.contact_id
  WHERE c.account_id = $1 AND c.status = 'open'
  ORDER BY c.last_activity_at DESC NULLS LAST, c.id DESC NULLS LAST LIMIT 25 OFFSET 0`;
// What a message create writes, in one statement (one transaction): the message and the conversation's activity.
const RAW_MESSAGE = `WITH c AS (
    UPDATE conversations SET last_activity_at = now(), updated_at = now() WHERE account_id = $1 AND display_id = $2 RETURNING id, inbox_id)
  INSERT INTO messages (account_id, inbox_id, conversation_id, content, message_type, sender_type, sender_id, echo_id)
  SELECT $1, c.inbox_id, c.id, $3, 'outgoing', 'User', $4, $5 FROM c`;
const RAW_COUNTS = `SELECT count(*), count(*) FILTER (WHERE assignee_id = $2), count(*) FILTER (WHERE assignee_id IS NULL)
  FROM conversations WHERE account_id = $1 AND status = 'open'`;

// ---------------------------------------------------------------------------------------------------
// report

const ms = (v: number | undefined) => (v === undefined ? '' : `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`);

type Target = { text: string; pass: boolean | null };

/** A process's resident memory in MB (VmRSS), or undefined when it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

function printReport(seedSeconds: number | null, targets: Target[]) {
  const header = ['figure', 'p50', 'p99', 'rate', '2xx', 'not 2xx', 'RSS MB'];
  const body = figures.map((f) => [
    f.name,
    ms(f.p50),
    ms(f.p99),
    f.rate === undefined ? '' : `${Math.round(f.rate).toLocaleString('en')} ${f.unit}`,
    f.ok === undefined ? '' : f.ok.toLocaleString('en'),
    f.bad === undefined ? '' : String(f.bad),
    f.rssMb === undefined ? '' : String(f.rssMb),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const load = os.loadavg().map((v) => v.toFixed(1)).join(' ');
  say(`\nconversations benchmark (node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per figure, server: ${PROCESSES === 1 ? 'one process, no Redis' : `WEB_CONCURRENCY=${PROCESSES} with Redis`})`);
  say(`load average before the figures ${loadBefore}, after ${load} (other processes on the machine skew every figure)`);
  const sizes = ACCOUNTS.map((spec) => `${spec.key.toUpperCase()}: ${spec.conversations.toLocaleString('en')} / ${(spec.conversations * MESSAGES_PER_CONVERSATION).toLocaleString('en')}`);
  say(`conversations / messages of each account: ${sizes.join('; ')}`);
  if (seedSeconds !== null) say(`seeding (create, migrate, insert, indexes, VACUUM ANALYZE): ${seedSeconds.toFixed(1)} s`);
  say('');
  say(line(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) say(line(row));
  const notes = figures.filter((f) => f.note);
  if (notes.length) {
    say('');
    for (const f of notes) say(`! ${f.name}: ${f.note}`);
  }
  say('\ntargets');
  for (const t of targets) say(`  ${t.pass === null ? 'n/a ' : t.pass ? 'PASS' : 'MISS'}  ${t.text}`);
}

// ---------------------------------------------------------------------------------------------------
// main

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-conversations-'));
const logFile = path.join(dataDir, 'server.log');
let server: Server | undefined;
let seedSeconds: number | null = null;
let loadBefore = '';
try {
  let seeded: Seeded[];
  if (REUSE && (await databaseExists())) {
    say(`reusing ${DB_NAME} (BENCH_REUSE=1)`);
    seeded = await reuse();
  } else {
    say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
    const result = await seed();
    seeded = result.seeded;
    seedSeconds = result.seconds;
    say(`seeded in ${seedSeconds.toFixed(1)} s`);
  }
  const [A, B, C] = seeded as [Seeded, Seeded, Seeded | undefined];

  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  const { rows: members } = await db
    .query<{ user_id: number; role: string }>(`SELECT user_id, role FROM account_users WHERE account_id = $1 ORDER BY role, user_id`, [A.accountId])
    .finally(() => db.end());
  const adminId = members.find((m) => m.role === 'administrator')!.user_id;
  const agentId = members.find((m) => m.role === 'agent')!.user_id;

  loadBefore = os.loadavg().map((v) => v.toFixed(1)).join(' ');
  server = await startApi(dataDir, logFile);
  say(`server up on ${server.base} (log: ${logFile}); measuring ${SECONDS} s per figure after a ${WARMUP_SECONDS} s warm-up`);
  const list = (s: Seeded) => `/api/v1/accounts/${s.accountId}/conversations`;
  const { base } = server;
  const report = (figure: Figure) => {
    if (figure.rate === undefined && !figure.note) return figure; // left out by BENCH_ONLY
    figure.rssMb = serverRssMb(server!.child.pid!);
    figures.push(figure);
    say(`  ${figure.name}: ${figure.note ?? `p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}, ${Math.round(figure.rate ?? 0)} ${figure.unit}`}`);
    return figure;
  };

  // 1. reads through the API
  const scenarios: [Seeded, Scenario][] = [
    [A, { name: 'A list (default: open, latest)', path: list(A) }],
    [B, { name: `B list (default), ${B.conversations.toLocaleString('en')} conversations`, path: list(B) }],
    [A, { name: 'A list, 1 connection (service time)', path: list(A), connections: 1 }],
    [B, { name: 'B list, 1 connection (service time)', path: list(B), connections: 1 }],
    [A, { name: 'A list labels[]=billing', path: `${list(A)}?labels[]=billing` }],
    [A, { name: 'A meta', path: `${list(A)}/meta` }],
    [
      A,
      {
        name: 'A filter status=open and priority=urgent',
        method: 'POST',
        path: `${list(A)}/filter`,
        body: OPEN_AND_URGENT,
      },
    ],
    [A, { name: 'A search q=<one UTR>', path: `${list(A)}/search?q=${A.utr}` }],
    [A, { name: 'A search, 1 connection (service time)', path: `${list(A)}/search?q=${A.utr}`, connections: 1 }],
    [A, { name: 'A search q=<a contact email>, 1 connection', path: `${list(A)}/search?q=customer123457.`, connections: 1 }],
    ...(C ? largeScenarios(C, list(C)) : []),
  ];
  for (const [account, scenario] of scenarios) if (wanted(scenario.name)) report(await measureApi(base, account.token, scenario));

  // a desk at work: the list while agents reply (a reply every 50 ms, to the account's conversations in turn); each
  // message changes the account, so counts dropped on every change would be counted again all the time
  for (const account of [A, ...(C ? [C] : [])]) {
    const name = `${account.key.toUpperCase()} list while ${ARRIVING_PER_SECOND} messages/s arrive`;
    if (!wanted(name)) continue;
    const arriving = messagesArriving(base, account, list(account));
    try {
      report(await measureApi(base, account.token, { name, path: list(account) }));
    } finally {
      const { sent, failed } = await arriving.stop();
      if (failed) figures.at(-1)!.note = `${failed} of ${sent} arriving messages failed`;
    }
  }

  // messages at a desk's pace and nothing else: what a message costs the machine when it is a relay batch of its own
  for (const perSecond of [ARRIVING_PER_SECOND, 100]) {
    if (wanted(`A ${perSecond} messages/s alone`)) report(await measureArriving(base, A, list(A), perSecond, 100_000 * perSecond));
  }

  // 2. the same reads straight through pg (the server idles meanwhile)
  const raws = {
    list: report(await measureRaw('raw pg: A list SQL (conversations only, index order)', RAW_LIST, () => [A.accountId])),
    joined: report(await measureRaw('raw pg: A list SQL joined as the API does', RAW_LIST_JOINED, () => [A.accountId])),
    prepared: report(await measureRaw('raw pg: same, named prepared statement', RAW_LIST_JOINED, () => [A.accountId], { prepared: 'bench_list_joined' })),
    unindexed: report(await measureRaw('raw pg: A list SQL in plain DESC (not the index order)', RAW_LIST_UNINDEXED_ORDER, () => [A.accountId])),
    counts: report(await measureRaw('raw pg: A meta counts SQL', RAW_COUNTS, () => [A.accountId, adminId])),
  };

  // 3. writes: message create through the API, spread over the account's conversations (7919 is coprime
  // to the count: every conversation in turn), then the same two writes straight through pg
  const runTag = randomToken(6);
  let sent = 0;
  const spread = (i: number) => 1 + ((i * 7919) % A.conversations);
  const messagePath = (i: number) => `${list(A)}/${spread(i)}/messages`;
  const messageBody = (i: number) => JSON.stringify({ content: `Bench reply ${i}: we are checking your payment`, echo_id: `bench-${runTag}-${i}` });
  if (wanted('A message create')) await checkpoint();
  const created = !wanted('A message create') ? undefined : report(
    await measureApi(base, A.token, {
      name: 'A message create',
      method: 'POST',
      path: messagePath(0),
      body: { content: 'Bench reply: preflight', echo_id: `bench-${runTag}-preflight` },
      unit: 'msg/s',
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            sent += 1;
            return { ...request, path: messagePath(sent), body: messageBody(sent) };
          },
        },
      ],
    }),
  );
  if (wanted('raw pg: message insert')) await checkpoint();
  report(
    await measureRaw('raw pg: message insert + conversation touch', RAW_MESSAGE, (i) => [A.accountId, spread(i + 500_000), `Raw reply ${i}`, agentId, `raw-${runTag}-${i}`], {
      unit: 'msg/s',
    }),
  );
  await stopServer(server.child);

  const byName = (prefix: string) => figures.find((f) => f.name.startsWith(prefix));
  const measured = (f: Figure | undefined): f is Figure & { p50: number; p99: number; rate: number } =>
    f?.p50 !== undefined && f.p99 !== undefined && f.rate !== undefined && (f.ok ?? 0) > 0 && !f.bad;
  const listA = byName('A list (default');
  const listB = byName('B list (default');
  const listOne = byName('A list, 1 connection');
  const labelA = byName('A list labels');
  const filterA = byName('A filter');
  const metaA = byName('A meta');
  const searchA = byName('A search q=<one UTR>');
  const rate = (f: Figure | undefined) => (measured(f) ? `${Math.round(f.rate).toLocaleString('en')}/s` : 'not measured');
  const p99 = (f: Figure | undefined) => ms(f?.p99) || 'not measured';
  // issue 15's goals: throughput and p99 at 50 connections, the gap to the same run's raw SQL, service time
  // alone, and latency that does not grow with the account (B has a tenth of A's rows)
  const busy = (name: string, f: Figure | undefined) => ({
    text: `${name} >= 1,000 req/s at ${CONNECTIONS} connections, p99 < 100 ms (${rate(f)}, p99 ${p99(f)})`,
    pass: measured(f) && f.rate >= 1000 && f.p99 < 100,
  });
  // memory per process flat under the load: the server's RSS (its largest process's) after the last figure against after the first
  const memoryFlat = (): Target => {
    const sampled = figures.filter((f) => f.rssMb !== undefined);
    const first = sampled[0]?.rssMb;
    const last = sampled.at(-1)?.rssMb;
    const peak = Math.max(...sampled.map((f) => f.rssMb!));
    const ratio = first && last ? last / first : null;
    return {
      text: `server memory flat under the load: RSS after the last figure / after the first <= 1.5 (${first ?? '?'} MB -> ${last ?? '?'} MB, peak ${peak} MB: ${ratio?.toFixed(2) ?? 'n/a'})`,
      pass: ratio !== null && ratio <= 1.5,
    };
  };
  // BENCH_LARGE=1: C (2,000,000 conversations) against B (20,000) for the list, against A (200,000) for the rest. One
  // connection compares the mean service time (1 / rate): autocannon's percentiles are whole milliseconds.
  const largeTargets = (): Target[] => {
    const flat = (what: string, versus: 'C / A' | 'C / B', small: Figure | undefined, large: Figure | undefined, oneConnection = false): Target => {
      const ratio = measured(small) && measured(large) ? (oneConnection ? small.rate / large.rate : large.p50 / small.p50) : null;
      const shown = (f: Figure | undefined) => (oneConnection ? ms(f?.rate ? 1000 / f.rate : undefined) : ms(f?.p50));
      return { text: `${what} flat: ${versus} ${oneConnection ? 'mean' : 'p50'} <= 1.5 (${ratio?.toFixed(2) ?? 'n/a'}: ${shown(large)} vs ${shown(small)})`, pass: ratio !== null && ratio <= 1.5 };
    };
    const [a, b, c] = ACCOUNTS.map((spec) => spec.conversations.toLocaleString('en'));
    return [
      flat(`list, ${b} -> ${c} conversations,`, 'C / B', listB, byName('C list (default')),
      flat(`list, one connection, ${b} -> ${c} conversations,`, 'C / B', byName('B list, 1 connection'), byName('C list, 1 connection'), true),
      flat(`labels[]=billing, ${a} -> ${c},`, 'C / A', labelA, byName('C list labels')),
      flat(`meta, ${a} -> ${c},`, 'C / A', metaA, byName('C meta')),
      flat(`filter, ${a} -> ${c},`, 'C / A', filterA, byName('C filter')),
      flat(`search, ${a} -> ${c},`, 'C / A', searchA, byName('C search q=')),
      flat(`search, one connection, ${a} -> ${c},`, 'C / A', byName('A search, 1 connection'), byName('C search, 1 connection'), true),
    ];
  };
  const ratioJoined = measured(listA) && raws.joined.rate ? listA.rate / raws.joined.rate : null;
  const ratioList = measured(listA) && raws.list.rate ? listA.rate / raws.list.rate : null;
  const growth = measured(listA) && measured(listB) ? listA.p50 / listB.p50 : null;
  const targets: Target[] = [
    busy('A list', listA),
    busy('A list labels[]=billing', labelA),
    busy('A filter status + priority', filterA),
    {
      text: `A list within 2x of the raw joined SELECT: API req/s ÷ raw q/s = ${ratioJoined?.toFixed(2) ?? 'n/a'} (conversations-only SELECT: ${ratioList?.toFixed(2) ?? 'n/a'})`,
      pass: ratioJoined !== null && ratioJoined >= 0.5,
    },
    {
      // autocannon's percentiles are whole milliseconds (p50 2 is 2.0-2.99 ms): the mean, 1 / rate, shows where in that
      text: `A list, one connection < 2 ms a request (p50 ${ms(listOne?.p50) || 'not measured'}, mean ${ms(listOne?.rate ? 1000 / listOne.rate : undefined) || 'not measured'})`,
      pass: measured(listOne) && listOne.p50 < 2,
    },
    { text: `A meta >= 5,000 req/s (${rate(metaA)})`, pass: measured(metaA) && metaA.rate >= 5000 },
    { text: `A search >= 500 req/s at ${CONNECTIONS} connections (${rate(searchA)}, p99 ${p99(searchA)})`, pass: measured(searchA) && searchA.rate >= 500 },
    {
      text: `message create >= 1,500/s, p99 < 50 ms, every side effect on (${rate(created)}, p99 ${p99(created)})`,
      pass: measured(created) && created.rate >= 1500 && created.p99 < 50,
    },
    {
      text: `list latency flat: A (${ACCOUNTS[0].conversations.toLocaleString('en')} conversations) p50 / B p50 <= 1.5 (${growth?.toFixed(2) ?? 'n/a'}: ${ms(listA?.p50)} vs ${ms(listB?.p50)})`,
      pass: growth !== null && growth <= 1.5,
    },
    ...(C ? largeTargets() : []),
    { text: 'every request answered 2xx', pass: figures.every((f) => f.bad === 0 && (f.ok ?? 0) > 0 && !f.note) },
    memoryFlat(),
  ];
  printReport(seedSeconds, targets);
  if (figures.some((f) => f.bad || f.note)) say(`\nlast lines of the server log (${logFile}):\n${tail(logFile)}`);
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
}
