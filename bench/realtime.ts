// `pnpm bench:realtime`: message-create-to-/cable-delivery latency to the slowest of 1,000 agent sockets (not a timed test).
//   1. creates a fresh database `relay_bench_rt` on BENCH_DATABASE_URL's server, migrates it and seeds one account,
//      one inbox, 1,000 agents (inbox members), an administrator with an API token, a contact and conversation 1
//   2. mode A: one server without Redis, 1,000 sockets subscribed to RoomChannel, 10 messages/s for BENCH_SECONDS
//      through POST /api/v1/accounts/:id/conversations/1/messages; a message's latency is the slowest socket's
//      arrival of its `message.created` minus the POST's start
//   3. mode B: two servers over Redis (db 15 of BENCH_REDIS_URL, flushed first), 500 sockets on each, POSTs to the first
//   4. prints one table with the target (p99 < 50 ms), stops the servers and drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379/15), BENCH_SECONDS (default 20), BENCH_SOCKETS (default 1000), BENCH_RATE (default 10), BENCH_KEEP=1.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, flushRedisDb, freshDatabase, percentile, root, say, type Server, startServer, stopServer, tail } from './harness.ts';
// bench is not a dependant of the workspace packages; their sources (and the api's `ws`) are reached by path.
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

type ClientSocket = {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'close', listener: () => void): void;
  send(data: string): void;
  terminate(): void;
};
const WebSocket = createRequire(path.join(root, 'apps/api/package.json'))('ws') as new (url: string) => ClientSocket;

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/15';
const DB_NAME = 'relay_bench_rt';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const SECONDS = Number(env.BENCH_SECONDS || 20);
const SOCKETS = Number(env.BENCH_SOCKETS || 1000);
const RATE = Number(env.BENCH_RATE || 10);
const KEEP = env.BENCH_KEEP === '1';
const TARGET_P99 = 50;
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

// ---------------------------------------------------------------------------------------------------
// database and seeding


type Seeded = { accountId: number; token: string; agents: { id: number; pubsubToken: string }[] };

async function seed(): Promise<Seeded> {
  await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);

  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    const { rows: accountRows } = await db.query<{ id: number }>("INSERT INTO accounts (name) VALUES ('Bench realtime') RETURNING id");
    const accountId = accountRows[0]!.id;
    const { rows: adminRows } = await db.query<{ id: number }>(
      `INSERT INTO users (name, email, confirmed_at, pubsub_token) VALUES ('Bench admin', 'bench-rt-admin@example.com', now(), gen_random_uuid()::text) RETURNING id`,
    );
    const adminId = adminRows[0]!.id;
    const { rows: agentRows } = await db.query<{ id: number; pubsub_token: string }>(
      `INSERT INTO users (name, email, confirmed_at, pubsub_token)
       SELECT 'Agent ' || g, 'bench-rt-agent-' || g || '@example.com', now(), gen_random_uuid()::text
       FROM generate_series(1, $1::int) g ORDER BY g
       RETURNING id, pubsub_token`,
      [SOCKETS],
    );
    const agentIds = agentRows.map((r) => r.id);
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
      `WITH ch AS (INSERT INTO channels (account_id, channel_type, identifier) VALUES ($1, 'Channel::Api', gen_random_uuid()::text) RETURNING id)
       INSERT INTO inboxes (account_id, channel_id, name) SELECT $1, id, 'API inbox' FROM ch RETURNING id`,
      [accountId],
    );
    const inboxId = inboxRows[0]!.id;
    await db.query('INSERT INTO inbox_members (account_id, inbox_id, user_id) SELECT $1, $2, u FROM unnest($3::int[]) u', [accountId, inboxId, agentIds]);
    await db.query(
      `WITH ct AS (INSERT INTO contacts (account_id, name, email) VALUES ($1, 'Bench customer', 'bench-rt-customer@example.com') RETURNING id),
            ci AS (INSERT INTO contact_inboxes (contact_id, inbox_id, source_id, pubsub_token)
                   SELECT id, $2, gen_random_uuid()::text, gen_random_uuid()::text FROM ct RETURNING id, contact_id)
       INSERT INTO conversations (account_id, display_id, inbox_id, contact_id, contact_inbox_id, status)
       SELECT $1, 1, $2, contact_id, id, 'open' FROM ci`,
      [accountId, inboxId],
    );
    await db.query('INSERT INTO conversation_display_ids (account_id, last_value) VALUES ($1, 1)', [accountId]);
    await db.query('VACUUM ANALYZE');
    return { accountId, token, agents: agentRows.map((r) => ({ id: r.id, pubsubToken: r.pubsub_token })) };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// servers


function startApi(dataDir: string, name: string, redisUrl: string): Promise<Server> {
  const logFile = path.join(dataDir, `${name}.log`);
  return startServer({ dataDir: path.join(dataDir, name), logFile, env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE, REDIS_URL: redisUrl } });
}



function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// ---------------------------------------------------------------------------------------------------
// sockets and the measurement

type Arrivals = Map<string, { count: number; last: number }>;
const ECHO = /"echo_id":"(rt-[^"]+)"/;

/** Opens `agents.length` sockets to `base`'s /cable, subscribes each and resolves once every one is confirmed. */
async function openSockets(base: string, accountId: number, agents: Seeded['agents'], arrivals: Arrivals): Promise<ClientSocket[]> {
  const url = `${base.replace('http', 'ws')}/cable`;
  const sockets: ClientSocket[] = [];
  const open = (agent: Seeded['agents'][number]) =>
    new Promise<ClientSocket>((resolve, reject) => {
      const socket = new WebSocket(url);
      const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: agent.pubsubToken, account_id: accountId, user_id: agent.id });
      let confirmed = false;
      socket.on('message', (raw) => {
        const now = performance.now();
        const text = raw.toString();
        if (confirmed) {
          if (!text.includes('"message.created"')) return;
          const echo = ECHO.exec(text)?.[1];
          const entry = echo && arrivals.get(echo);
          if (entry) {
            entry.count += 1;
            if (now > entry.last) entry.last = now;
          }
          return;
        }
        if (text.includes('"welcome"')) socket.send(JSON.stringify({ command: 'subscribe', identifier }));
        else if (text.includes('"confirm_subscription"')) {
          confirmed = true;
          resolve(socket);
        } else if (text.includes('"reject_subscription"')) reject(new Error(`subscription rejected for user ${agent.id}`));
      });
      socket.on('error', reject);
    });
  // in batches: each subscribe reads the membership and broadcasts a presence.update to the account
  const BATCH = 50;
  for (let i = 0; i < agents.length; i += BATCH) sockets.push(...(await Promise.all(agents.slice(i, i + BATCH).map(open))));
  return sockets;
}

type Result = {
  mode: string;
  sent: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  postP50: number;
  minReceivers: number;
  allReceived: number;
  rssIdle: string;
  rssSockets: string;
  rssAfter: string;
  connectSeconds: number;
  serverCpu: string;
};


async function runMode(mode: string, servers: Server[], seeded: Seeded): Promise<Result> {
  const arrivals: Arrivals = new Map();
  const rssIdle = servers.map((s) => rssMb(s.child.pid!).toFixed(0)).join(' + ');
  const perServer = Math.ceil(seeded.agents.length / servers.length);
  const began = performance.now();
  const sockets: ClientSocket[] = [];
  for (const [i, server] of servers.entries()) {
    sockets.push(...(await openSockets(server.base, seeded.accountId, seeded.agents.slice(i * perServer, (i + 1) * perServer), arrivals)));
  }
  const connectSeconds = (performance.now() - began) / 1000;
  say(`  ${mode}: ${sockets.length} sockets subscribed in ${connectSeconds.toFixed(1)} s`);
  await sleep(3000); // let the presence.update storm of the subscribes drain
  const rssSockets = servers.map((s) => rssMb(s.child.pid!).toFixed(0)).join(' + ');

  const target = servers[0]!;
  const url = `${target.base}/api/v1/accounts/${seeded.accountId}/conversations/1/messages`;
  const headers = { api_access_token: seeded.token, 'content-type': 'application/json' };
  const tag = randomToken(4);
  const post = async (echo: string, content: string) => {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ content, echo_id: echo }) });
    await response.text();
    return { ok: response.ok, started, ms: performance.now() - started };
  };
  // warm-up: a few messages that are not counted
  for (let i = 0; i < 5; i++) {
    const r = await post(`warm-${tag}-${i}`, 'warm-up');
    if (!r.ok) throw new Error(`message create failed in ${mode}; log:\n${tail(target.logFile)}`);
  }
  await sleep(500);

  const total = SECONDS * RATE;
  const starts = new Map<string, number>();
  const postMs: number[] = [];
  let failed = 0;
  const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid!));
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const echo = `rt-${tag}-${i}`;
    arrivals.set(echo, { count: 0, last: 0 });
    inFlight.push(
      post(echo, `Bench realtime message ${i}`).then(
        (r) => {
          starts.set(echo, r.started);
          postMs.push(r.ms);
          if (!r.ok) failed += 1;
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(inFlight);
  // wait for the stragglers (up to 5 s)
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && [...arrivals.values()].some((a) => a.count < sockets.length)) await sleep(50);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = servers.map((s, i) => `${(((cpuSeconds(s.child.pid!) - cpuBefore[i]!) / elapsed) * 100).toFixed(0)}%`).join(' + ');
  const rssAfter = servers.map((s) => rssMb(s.child.pid!).toFixed(0)).join(' + ');
  for (const socket of sockets) socket.terminate();

  const latencies: number[] = [];
  let minReceivers = Infinity;
  let allReceived = 0;
  for (const [echo, a] of arrivals) {
    minReceivers = Math.min(minReceivers, a.count);
    if (a.count === sockets.length) {
      allReceived += 1;
      latencies.push(a.last - starts.get(echo)!);
    }
  }
  latencies.sort((a, b) => a - b);
  postMs.sort((a, b) => a - b);
  return {
    mode,
    sent: total,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    postP50: percentile(postMs, 50),
    minReceivers: minReceivers === Infinity ? 0 : minReceivers,
    allReceived,
    rssIdle,
    rssSockets,
    rssAfter,
    connectSeconds,
    serverCpu: cpu,
  };
}

// ---------------------------------------------------------------------------------------------------
// report

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

function printReport(results: Result[], loadBefore: string) {
  const header = ['mode', 'p50', 'p99', 'max', 'POST p50', 'all sockets got it', 'fewest sockets', 'RSS MB idle / sockets / after', 'server CPU', 'target p99 < 50 ms'];
  const body = results.map((r) => [
    r.mode,
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    ms(r.postP50),
    `${r.allReceived}/${r.sent}${r.failed ? ` (${r.failed} POSTs failed)` : ''}`,
    `${r.minReceivers}/${SOCKETS}`,
    `${r.rssIdle} / ${r.rssSockets} / ${r.rssAfter}`,
    r.serverCpu,
    r.p99 < TARGET_P99 && r.allReceived === r.sent && !r.failed ? 'PASS' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  say(`\nrealtime benchmark (node ${process.version}, ${os.cpus().length} cores, ${SOCKETS} agent sockets, ${RATE} messages/s for ${SECONDS} s)`);
  say(`load average before ${loadBefore}, after ${loadavg()} (the bench client, the servers, Postgres and Redis share the machine)`);
  say('latency = slowest socket receiving message.created − start of the POST that created it\n');
  say(line(header));
  say(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) say(line(row));
}

// ---------------------------------------------------------------------------------------------------
// main

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
const servers: Server[] = [];
try {
  say(`seeding ${DB_NAME} on ${new URL(ADMIN_URL).host}`);
  const seeded = await seed();
  const loadBefore = loadavg();
  const results: Result[] = [];

  say('mode A: one process, in-memory fan-out');
  servers.push(await startApi(dataDir, 'single', ''));
  await sleep(2000);
  results.push(await runMode('A: 1 process', servers, seeded));
  for (const s of servers.splice(0)) await stopServer(s.child);

  say(`mode B: two processes over Redis (${REDIS_URL}, flushed first)`);
  await flushRedisDb(REDIS_URL);
  servers.push(await startApi(dataDir, 'redis-1', REDIS_URL), await startApi(dataDir, 'redis-2', REDIS_URL));
  await sleep(2000);
  results.push(await runMode('B: 2 processes + Redis', servers, seeded));
  for (const s of servers.splice(0)) await stopServer(s.child);

  printReport(results, loadBefore);
  if (KEEP) say(`\nserver logs: ${dataDir}`);
} finally {
  for (const s of servers) await stopServer(s.child);
  if (!KEEP) {
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => {});
    await flushRedisDb(REDIS_URL).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  } else say(`\nkept ${DB_NAME} (BENCH_KEEP=1): ${DB_URL}`);
}
