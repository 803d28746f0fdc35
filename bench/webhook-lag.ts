// `pnpm bench:webhook-lag`: message created -> webhook received, under a steady load (not a timed test).
//   1. creates a fresh database `relay_bench_webhook_lag` on BENCH_DATABASE_URL's server, migrates it and seeds one
//      account, an administrator with an API token, contacts and BENCH_CONVERSATIONS conversations; flushes db 14 of
//      BENCH_REDIS_URL (the bench's own)
//   2. starts the production shape: one `api serve` (RUN_WORKERS=false) and one `api worker`, on Postgres and Redis
//   3. through the HTTP API, creates an API inbox whose `webhook_url` and an account webhook (message_created) point
//      at a local receiver, and waits for a warm-up message to reach both (so the worker is up)
//   4. posts BENCH_RATE messages/s for BENCH_SECONDS (open loop: each POST at its due time, whatever the others do),
//      alternating a contact's message (the inbound lane) and an agent's reply (the default lane), over the
//      conversations in turn; then waits until every acknowledged message reached both targets (at most
//      BENCH_DRAIN_SECONDS)
//   5. prints sent / acked / delivered, lag p50/p95/p99/max (POST start -> the receiver reading the webhook), the
//      backlog when the load stopped and the time to drain it, and PASS/FAIL against p99 < 5 s; stops the processes
//      and drops the database (BENCH_KEEP=1 keeps it)
// Flags: --rate=N --seconds=N (or BENCH_RATE, BENCH_SECONDS; defaults 250 and 30). Environment: BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default redis://127.0.0.1:6379/14),
// BENCH_CONVERSATIONS (default 200), BENCH_DRAIN_SECONDS (default 300), BENCH_KEEP=1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { adminQuery, flushRedisDb, freshDatabase, percentile, say, type Server, startServer, startWorker, stopServer, tail } from './harness.ts';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const { values: flags } = parseArgs({ options: { rate: { type: 'string' }, seconds: { type: 'string' } } });
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/14';
const DB_NAME = 'relay_bench_webhook_lag';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const RATE = Number(flags.rate ?? env.BENCH_RATE ?? 250);
const SECONDS = Number(flags.seconds ?? env.BENCH_SECONDS ?? 30);
const CONVERSATIONS = Number(env.BENCH_CONVERSATIONS || 200);
const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS || 300);
const KEEP = env.BENCH_KEEP === '1';
const TARGET_P99_MS = 5000;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
/** The two places every message is delivered to: the account webhook and the API inbox's webhook_url. */
const TARGETS = ['/hook', '/inbox'] as const;

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

type Seeded = { accountId: number; token: string; contactIds: number[] };

async function seed(): Promise<Seeded> {
  await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const { rows: accounts } = await db.query<{ id: number }>("INSERT INTO accounts (name) VALUES ('Bench webhook lag') RETURNING id");
    const accountId = accounts[0]!.id;
    const { rows: admins } = await db.query<{ id: number }>(
      `INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ('Bench admin', 'bench-lag-admin@example.com', now(), gen_random_uuid()::text) RETURNING id`,
    );
    const adminId = admins[0]!.id;
    await db.query(`INSERT INTO account_users (account_id, user_id, role, active_at) VALUES ($1, $2, 'administrator', now())`, [accountId, adminId]);
    const token = randomToken(24);
    await db.query(`INSERT INTO access_tokens (owner_type, owner_id, token_hash, token_encrypted) VALUES ('user', $1, $2, $3)`, [adminId, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
    const { rows: contacts } = await db.query<{ id: number }>(
      `INSERT INTO contacts (account_id, name, email) SELECT $1, 'Customer ' || g, 'bench-lag-' || g || '@example.com' FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
      [accountId, CONVERSATIONS],
    );
    return { accountId, token, contactIds: contacts.map((c) => c.id) };
  } finally {
    await db.end();
  }
}

/** Opens one conversation per contact in the inbox (display ids 1..n), as the API's conversation create would. */
async function openConversations(seeded: Seeded, inboxId: number): Promise<void> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    await db.query(
      `WITH ci AS (INSERT INTO contact_inboxes (contact_id, inbox_id, source_id, pubsub_token)
                   SELECT c, $2, gen_random_uuid()::text, gen_random_uuid()::text FROM unnest($3::int[]) WITH ORDINALITY AS t(c, n) ORDER BY n
                   RETURNING id, contact_id)
       INSERT INTO conversations (account_id, display_id, inbox_id, contact_id, contact_inbox_id, status)
       SELECT $1, row_number() OVER (ORDER BY id), $2, contact_id, id, 'open' FROM ci`,
      [seeded.accountId, inboxId, seeded.contactIds],
    );
    await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, $2)', [seeded.accountId, seeded.contactIds.length]);
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.end();
  }
}

/** What the receiver saw: the first arrival of each message's webhook per target (performance.now()), and repeats. */
type Receiver = { url: string; arrivals: Map<string, number>; duplicates: number; close: () => Promise<void> };

/** A local HTTP receiver answering 200 to every webhook; a message is recognised by its content `lag <tag>`. */
async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const receiver = { arrivals, duplicates: 0 } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const tag = /"content":"lag ([^"]+)"/.exec(Buffer.concat(chunks).toString())?.[1];
      if (tag) {
        const key = `${req.url}:${tag}`;
        if (arrivals.has(key)) receiver.duplicates += 1;
        else arrivals.set(key, at);
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return receiver;
}

async function api(server: Server, token: string, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.base}${route}`, { method, headers: { api_access_token: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Rows of the outbox not relayed yet and deliveries not sent yet (the backlog). */
async function backlog(): Promise<{ outbox: number; deliveries: number }> {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ outbox: number; deliveries: number }>(
      `SELECT (SELECT count(*)::int FROM outbox_events WHERE dispatched_at IS NULL) AS outbox,
              (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS deliveries`,
    );
    return rows[0]!;
  } finally {
    await db.end();
  }
}

/** Waits until every tag reached every target or the deadline passes; answers when the last one arrived. */
async function waitForArrivals(receiver: Receiver, tags: string[], deadline: number): Promise<boolean> {
  const missing = () => tags.some((tag) => TARGETS.some((t) => !receiver.arrivals.has(`${t}:${tag}`)));
  while (missing()) {
    if (performance.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

type Figures = { afterAck: number[]; cpu: { serve: number; worker: number }; postMs: number[]; refused: Map<number | string, number>; sent: number; acked: number; delivered: number; expected: number; lags: number[]; drainMs: number | null; backlogAtStop: { outbox: number; deliveries: number } };

async function load(server: Server, worker: ChildProcess, seeded: Seeded, receiver: Receiver): Promise<Figures> {
  const cpuBefore = [cpuSeconds(server.child.pid!), cpuSeconds(worker.pid!)];
  const run = randomToken(4);
  const total = Math.round(RATE * SECONDS);
  const starts = new Map<string, number>();
  const acks = new Map<string, number>();
  const acked: string[] = [];
  const postMs: number[] = [];
  /** POSTs answered with an error, by status or, without an answer, by the error's code. */
  const refused = new Map<number | string, number>();
  let sent = 0;
  const post = async (i: number) => {
    const tag = `${run}-${i}`;
    const incoming = i % 2 === 0;
    const displayId = 1 + (Math.floor(i / 2) % CONVERSATIONS);
    const body = { content: `lag ${tag}`, message_type: incoming ? 'incoming' : 'outgoing' };
    starts.set(tag, performance.now());
    sent += 1;
    const res = await fetch(`${server.base}/api/v1/accounts/${seeded.accountId}/conversations/${displayId}/messages`, {
      method: 'POST',
      headers: { api_access_token: seeded.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.text();
    acks.set(tag, performance.now());
    postMs.push(acks.get(tag)! - starts.get(tag)!);
    if (res.ok) acked.push(tag);
    else refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
  };
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      post(i).catch((err: { cause?: { code?: string } }) => {
        const code = err.cause?.code ?? 'no answer';
        refused.set(code, (refused.get(code) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(inFlight);
  const stoppedAt = performance.now();
  const backlogAtStop = await backlog();
  const drained = await waitForArrivals(receiver, acked, stoppedAt + DRAIN_SECONDS * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const [serveCpu, workerCpu] = [cpuSeconds(server.child.pid!), cpuSeconds(worker.pid!)].map((cpu, i) => (cpu - cpuBefore[i]!) / elapsed);
  const lags: number[] = [];
  const afterAck: number[] = [];
  let last = stoppedAt;
  for (const tag of acked) {
    for (const target of TARGETS) {
      const at = receiver.arrivals.get(`${target}:${tag}`);
      if (at === undefined) continue;
      lags.push(at - starts.get(tag)!);
      afterAck.push(at - acks.get(tag)!);
      last = Math.max(last, at);
    }
  }
  lags.sort((a, b) => a - b);
  postMs.sort((a, b) => a - b);
  afterAck.sort((a, b) => a - b);
  return { afterAck, cpu: { serve: serveCpu!, worker: workerCpu! }, postMs, refused, sent, acked: acked.length, delivered: lags.length, expected: acked.length * TARGETS.length, lags, drainMs: drained ? last - stoppedAt : null, backlogAtStop };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(f: Figures, loadBefore: string) {
  const p99 = percentile(f.lags, 99);
  const complete = f.delivered === f.expected && f.acked === f.sent;
  say(`\nwebhook lag (node ${process.version}, ${os.cpus().length} cores; api serve + api worker on Postgres and Redis)`);
  say(`load average before ${loadBefore}, after ${loadavg()} (the bench client, both processes, Postgres and Redis share the machine)`);
  say(`${RATE} messages/s for ${SECONDS} s over ${CONVERSATIONS} conversations, half incoming (inbound lane), half agent replies (default lane);`);
  say('each goes to an account webhook and the API inbox webhook_url; lag = POST start -> receiver read the webhook\n');
  const refused = [...f.refused].map(([status, n]) => `${n} x ${status}`).join(', ');
  say(`sent ${f.sent}, acked ${f.acked}${refused ? ` (refused: ${refused})` : ''}, delivered ${f.delivered}/${f.expected}`);
  say(`POST latency p50 ${seconds(percentile(f.postMs, 50))}, p99 ${seconds(percentile(f.postMs, 99))}`);
  say(`lag p50 ${seconds(percentile(f.lags, 50))}, p95 ${seconds(percentile(f.lags, 95))}, p99 ${seconds(p99)}, max ${seconds(f.lags.at(-1) ?? 0)}`);
  say(`lag after the POST's answer (the relay and the sender alone) p50 ${seconds(percentile(f.afterAck, 50))}, p99 ${seconds(percentile(f.afterAck, 99))}`);
  say(`backlog when the load stopped: ${f.backlogAtStop.outbox} outbox rows, ${f.backlogAtStop.deliveries} pending deliveries`);
  say(`CPU from the first POST to the last webhook: api serve ${(f.cpu.serve * 100).toFixed(0)} %, api worker ${(f.cpu.worker * 100).toFixed(0)} % (100 % = one core)`);
  say(`time to drain after the load stopped: ${f.drainMs === null ? `not drained within ${DRAIN_SECONDS} s` : seconds(f.drainMs)}`);
  say(`target p99 < ${TARGET_P99_MS / 1000} s with every acked message delivered: ${p99 < TARGET_P99_MS && complete ? 'PASS' : 'FAIL'}`);
}

async function main() {
  const loadBefore = loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-webhook-lag-'));
  const receiver = await startReceiver();
  let server: Server | undefined;
  let worker: ChildProcess | undefined;
  try {
    const seeded = await seed();
    await flushRedisDb(REDIS_URL);
    const shared = { DATABASE_URL: DB_URL, SECRET_KEY_BASE, REDIS_URL, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
    // BENCH_WORKER_LOG_LEVEL=debug: the worker logs each relay batch's steps (worker.log, kept with BENCH_KEEP=1)
    const workerLog = env.BENCH_WORKER_LOG_LEVEL ? { LOG_LEVEL: env.BENCH_WORKER_LOG_LEVEL } : {};
    worker = startWorker({ dataDir: path.join(dataDir, 'worker'), logFile: path.join(dataDir, 'worker.log'), env: { ...shared, ...workerLog } });
    server = await startServer({ dataDir: path.join(dataDir, 'serve'), logFile: path.join(dataDir, 'serve.log'), env: { ...shared, RUN_WORKERS: 'false' } });
    const accountRoute = `/api/v1/accounts/${seeded.accountId}`;
    const inbox = await api(server, seeded.token, 'POST', `${accountRoute}/inboxes`, { name: 'Bench API', channel: { type: 'api', webhook_url: `${receiver.url}/inbox` } });
    await api(server, seeded.token, 'POST', `${accountRoute}/webhooks`, { url: `${receiver.url}/hook`, subscriptions: ['message_created'] });
    await openConversations(seeded, inbox.id as number);

    // warm-up: proves the worker is up and the whole path works before the clock starts
    await api(server, seeded.token, 'POST', `${accountRoute}/conversations/1/messages`, { content: 'lag warm-up', message_type: 'incoming' });
    if (!(await waitForArrivals(receiver, ['warm-up'], performance.now() + 60_000))) {
      throw new Error(`the warm-up message reached no webhook in 60 s; worker log:\n${tail(path.join(dataDir, 'worker.log'))}`);
    }
    report(await load(server, worker, seeded, receiver), loadBefore);
  } finally {
    if (server) await stopServer(server.child);
    if (worker) await stopServer(worker);
    await receiver.close();
    if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    if (KEEP) say(`kept: database ${DB_NAME}, logs in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
