// `pnpm bench:search`: global search over 2,000,000 messages through the real API (not a timed test).
//   1. creates a fresh database `relay_bench_search` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds with set-based SQL one account with 10 API inboxes, an administrator and an agent (member of 2 inboxes),
//      200,000 contacts, 200,000 conversations and 2,000,000 messages (ten a conversation) whose text mixes common
//      words, words in about 1 % of messages, order numbers (ten messages each) and a unique reference per message;
//      the trigram indexes are built after the insert
//   3. starts the API (`apps/api/src/main.ts serve`) on BENCH_PORT (default 3212)
//   4. one client, one request after the other (service time), BENCH_REQUESTS (default 100) per figure after 10
//      warm-up requests: GET search/messages for a unique reference, an order number, a 1 % word, a common word and
//      a word found nowhere, as the administrator and as the agent; then GET search and search/conversations and
//      search/contacts for comparison
//   5. prints one table with the target, stops the server and drops the database (BENCH_KEEP=1 keeps it)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../packages/db/src/index.ts';
import { adminQuery, percentile, say, startServer, stopServer, tail, type Server } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_search';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const KEEP = env.BENCH_KEEP === '1';
const PORT = Number(env.BENCH_PORT || 3212);
const REQUESTS = Number(env.BENCH_REQUESTS || 100);
const WARMUP = 10;
const CONVERSATIONS = Math.round(200_000 * Number(env.BENCH_SCALE || 1));
const MESSAGES_PER_CONVERSATION = 10;
const INBOXES = 10;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const DEFERRED_INDEXES = ['messages_content_trgm_idx', 'messages_content_digits_idx', 'contacts_name_trgm_idx', 'contacts_email_trgm_idx', 'contacts_phone_trgm_idx', 'contacts_identifier_trgm_idx'];
const FIRST_NAMES = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Isha', 'Kabir', 'Diya', 'Omar', 'Lena', 'David', 'Maria'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Khan', 'Reddy', 'Gupta', 'Singh', 'Nair', 'Garcia', 'Smith', 'Menon'];
// every message carries one opening (common words) and one topic; RARE_TOPIC is in about 1 % of them
const OPENINGS = ['Hello, my payment is still pending', 'Hi team, the withdrawal did not arrive', 'Thanks for the quick reply', 'Please check my account balance', 'I sent the screenshot of the payment'];
const TOPICS = ['bank transfer', 'upi handle', 'refund request', 'kyc documents', 'wallet top up', 'card declined', 'login problem', 'bonus credit', 'app update', 'address change'];
const RARE_TOPIC = 'chargeback dispute';
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
const rnd = (expr: string, salt: number, mod: number) => `(abs(hashint8((${expr})::bigint * 64 + ${salt})::bigint) % ${mod})`;

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await run();
  say(`  ${label.padEnd(50)} ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return result;
}

async function insertUser(db: pg.Client, accountId: number, name: string, role: 'administrator' | 'agent') {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ($1, $2, now(), gen_random_uuid()::text) RETURNING id`, [name, `${name.toLowerCase().replace(/\W+/g, '-')}@bench.example`]);
  const id = rows[0]!.id;
  await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, $3::account_role, now())`, [accountId, id, role]);
  const token = randomToken(24);
  await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [id, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
  return { id, token };
}

type Seeded = { accountId: number; admin: string; agent: string; reference: string; order: string; contactName: string };

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
    for (const { indexname } of defs) await db.query(`DROP INDEX ${indexname}`);

    const { rows: accountRows } = await db.query<{ id: number }>(`INSERT INTO accounts (name) VALUES ('Bench search') RETURNING id`);
    const accountId = accountRows[0]!.id;
    const admin = await insertUser(db, accountId, 'Bench admin', 'administrator');
    const agent = await insertUser(db, accountId, 'Bench agent', 'agent');
    const { rows: inboxRows } = await db.query<{ id: number }>(
      `WITH ch AS (INSERT INTO channels (account_id, channel_type, identifier) SELECT $1, 'Channel::Api', gen_random_uuid()::text FROM generate_series(1, $2::int) RETURNING id)
       INSERT INTO inboxes (account_id, channel_id, name) SELECT $1, id, 'Inbox ' || row_number() OVER (ORDER BY id) FROM ch ORDER BY id RETURNING id`,
      [accountId, INBOXES],
    );
    const inboxIds = inboxRows.map((r) => r.id);
    await db.query('INSERT INTO inbox_members (account_id, inbox_id, user_id) SELECT $1, i, $2 FROM unnest($3::int[]) i', [accountId, agent.id, inboxIds.slice(0, 2)]);

    const n = CONVERSATIONS;
    await step(`${n.toLocaleString('en')} contacts`, () =>
      db.query(
        `INSERT INTO contacts (id, account_id, name, email, phone_number, last_activity_at, created_at, updated_at) OVERRIDING SYSTEM VALUE
         SELECT g, $1, (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
                'customer' || g || '@example.com', '+9198' || lpad(g::text, 8, '0'), now() - interval '1 second' * ${rnd('g', 1, 90 * 86_400)}, now() - interval '100 days', now()
         FROM generate_series(1, $2::int) g`,
        [accountId, n],
      ),
    );
    await step('contact inboxes', () =>
      db.query(
        `INSERT INTO contact_inboxes (id, contact_id, inbox_id, source_id, pubsub_token) OVERRIDING SYSTEM VALUE
         SELECT g, g, ($1::int[])[1 + g % ${INBOXES}], gen_random_uuid()::text, gen_random_uuid()::text FROM generate_series(1, $2::int) g`,
        [inboxIds, n],
      ),
    );
    await step(`${n.toLocaleString('en')} conversations`, () =>
      db.query(
        `INSERT INTO conversations (id, account_id, display_id, inbox_id, contact_id, contact_inbox_id, assignee_id, status, last_activity_at, created_at, updated_at) OVERRIDING SYSTEM VALUE
         SELECT g, $1, g, ($2::int[])[1 + g % ${INBOXES}], g, g, CASE WHEN g % 3 = 0 THEN NULL ELSE $3::int END,
                (CASE WHEN g % 7 < 2 THEN 'open' ELSE 'resolved' END)::conversation_status, last, last - interval '2 days', last
         FROM (SELECT g, now() - interval '1 second' * ${rnd('g', 2, 90 * 86_400)} AS last FROM generate_series(1, $4::int) g) x`,
        [accountId, inboxIds, admin.id, n],
      ),
    );
    await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, $2)', [accountId, n]);
    const number = `((c.display_id - 1) * ${MESSAGES_PER_CONVERSATION} + k + 1)`;
    await step(`${(n * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages`, () =>
      db.query(
        `INSERT INTO messages (account_id, inbox_id, conversation_id, content, message_type, sender_type, sender_id, created_at, updated_at)
         SELECT c.account_id, c.inbox_id, c.id,
                (${sqlArray(OPENINGS)})[1 + ${rnd(number, 3, OPENINGS.length)}] || ' about the '
                  || CASE WHEN ${rnd(number, 4, 100)} = 0 THEN '${RARE_TOPIC}' ELSE (${sqlArray(TOPICS)})[1 + ${rnd(number, 5, TOPICS.length)}] END
                  || ' for order ORD' || (1000000 + c.display_id) || ', reference REF' || lpad(((${number}::bigint * 592837461) % 1000000000000)::text, 12, '0'),
                (CASE WHEN k % 2 = 0 THEN 'incoming' ELSE 'outgoing' END)::message_type,
                (CASE WHEN k % 2 = 0 THEN 'Contact' ELSE 'User' END)::sender_type,
                CASE WHEN k % 2 = 0 THEN c.contact_id ELSE $2::int END,
                c.created_at + (c.last_activity_at - c.created_at) * k / ${MESSAGES_PER_CONVERSATION - 1},
                c.created_at + (c.last_activity_at - c.created_at) * k / ${MESSAGES_PER_CONVERSATION - 1}
         FROM conversations c CROSS JOIN LATERAL generate_series(0, ${MESSAGES_PER_CONVERSATION - 1}) k WHERE c.account_id = $1`,
        [accountId, admin.id],
      ),
    );
    for (const table of ['contacts', 'contact_inboxes', 'conversations']) {
      await db.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    for (const { indexname, indexdef } of defs) await step(`CREATE INDEX ${indexname}`, () => db.query(indexdef));
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    const { rows: sample } = await db.query<{ content: string }>(`SELECT content FROM messages WHERE conversation_id = $1 ORDER BY id OFFSET 4 LIMIT 1`, [Math.ceil(n * 0.618)]);
    const content = sample[0]!.content;
    return {
      seeded: {
        accountId,
        admin: admin.token,
        agent: agent.token,
        reference: /REF\d{12}/.exec(content)![0],
        order: /ORD\d+/.exec(content)![0],
        contactName: `${FIRST_NAMES[3]} ${LAST_NAMES[5]}`,
      },
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    await db.end();
  }
}

type Figure = { name: string; p50: number; p99: number; results: number; note?: string };

async function measure(base: string, token: string, name: string, pathName: string): Promise<Figure> {
  const get = async () => {
    const response = await fetch(`${base}${pathName}`, { headers: { api_access_token: token } });
    if (!response.ok) throw new Error(`GET ${pathName}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as { payload: Record<string, unknown[]> };
  };
  try {
    const first = await get();
    const results = Object.values(first.payload).reduce((sum, list) => sum + list.length, 0);
    for (let i = 0; i < WARMUP; i += 1) await get();
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const began = performance.now();
      await get();
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99), results };
  } catch (error) {
    return { name, p50: NaN, p99: NaN, results: 0, note: `failed: ${(error as Error).message}` };
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en')} ms`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
const logFile = path.join(dataDir, 'server.log');
let server: Server | undefined;
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const { seeded, seconds } = await seed();
  say(`seeded in ${seconds.toFixed(1)} s`);
  server = await startServer({ dataDir, logFile, port: PORT, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
  say(`server up on ${server.base}`);
  const api = (rest: string) => `/api/v1/accounts/${seeded.accountId}/${rest}`;
  const q = (text: string) => encodeURIComponent(text);
  const messageQueries: [string, string][] = [
    ['unique reference', seeded.reference],
    ['order number (10 messages)', seeded.order],
    [`1 % word "${RARE_TOPIC.split(' ')[0]}"`, RARE_TOPIC.split(' ')[0]!],
    ['common words "payment is still"', 'payment is still'],
    ['no match "zqxwvj"', 'zqxwvj'],
  ];
  const figures: Figure[] = [];
  const run = async (name: string, token: string, pathName: string) => {
    const figure = await measure(server!.base, token, name, pathName);
    figures.push(figure);
    say(`  ${figure.name}: ${figure.note ?? `p50 ${ms(figure.p50)}, p99 ${ms(figure.p99)}, ${figure.results} results`}`);
  };
  for (const [label, text] of messageQueries) await run(`search/messages, admin: ${label}`, seeded.admin, api(`search/messages?q=${q(text)}`));
  for (const [label, text] of messageQueries) await run(`search/messages, agent (2 of 10 inboxes): ${label}`, seeded.agent, api(`search/messages?q=${q(text)}`));
  await run('search (all parts), admin: order number', seeded.admin, api(`search?q=${q(seeded.order)}`));
  await run('search (all parts), admin: 1 % word', seeded.admin, api(`search?q=${q(RARE_TOPIC.split(' ')[0]!)}`));
  await run('search/conversations, admin: order number', seeded.admin, api(`search/conversations?q=${q(seeded.order)}`));
  await run('search/contacts, admin: a name', seeded.admin, api(`search/contacts?q=${q(seeded.contactName)}`));

  const messageFigures = figures.filter((f) => f.name.startsWith('search/messages'));
  const worst = messageFigures.reduce((a, b) => (b.p99 > a.p99 || Number.isNaN(b.p99) ? b : a));
  const widths = [Math.max(...figures.map((f) => f.name.length)), 9, 9, 8];
  say(`\nsearch benchmark (node ${process.version}, ${os.cpus().length} cores, one client, ${REQUESTS} requests a figure; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')})`);
  say(`${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages, ${CONVERSATIONS.toLocaleString('en')} conversations and contacts in one account; seeding ${seconds.toFixed(1)} s\n`);
  say(['figure'.padEnd(widths[0]!), 'p50'.padStart(widths[1]!), 'p99'.padStart(widths[2]!), 'results'.padStart(widths[3]!)].join('  '));
  for (const f of figures) say([f.name.padEnd(widths[0]!), ms(f.p50).padStart(widths[1]!), ms(f.p99).padStart(widths[2]!), (f.note ? 'failed' : String(f.results)).padStart(widths[3]!)].join('  '));
  const pass = messageFigures.every((f) => !f.note && f.p50 < 100 && f.p99 < 100);
  say(`\ntargets\n  ${pass ? 'PASS' : 'MISS'}  global message search p50/p99 < 100 ms, one client (worst p99: ${worst.name} ${ms(worst.p99)})`);
  if (figures.some((f) => f.note)) say(`\nlast lines of the server log:\n${tail(logFile)}`);
} finally {
  if (server) await stopServer(server.child);
  if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
  else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
}
