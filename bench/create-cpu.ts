// `pnpm bench:create-cpu`: the CPU of one message create, and of the outbox relay's share of it (not a timed test).
//   1. creates a fresh database `relay_bench_create_cpu` on BENCH_DATABASE_URL's server (default the local Postgres)
//      and migrates it
//   2. builds the app in this process with RUN_WORKERS=false (no relay runs while posting) and seeds an account, an
//      administrator (the sender), an agent (assignee of two conversations in three: notifications), an API inbox
//      (no webhook_url, as bench:conversations: replies are settled as sent by the relay) and BENCH_CONVERSATIONS
//      conversations; BENCH_WEBHOOK=1 adds an account webhook subscribed to message_created (a delivery per message)
//   3. posts BENCH_MESSAGES messages through app.inject, BENCH_CONCURRENCY at a time, after a warm-up: Node CPU
//      (process.cpuUsage, user + system) and wall per message, and statements per message
//   4. drains the outbox with the real consumers (jobs/processors.ts OUTBOX_CONSUMERS, drainOutbox): relay CPU and
//      statements per message (pg Client.query calls, counted in this process)
// BENCH_REDIS=1 uses BENCH_REDIS_URL (default redis://127.0.0.1:6379/13, flushed before and after) for the BullMQ
// queues and the Redis realtime backbone, instead of the in-process ones.
// BENCH_CALLGRIND=create or =relay, run under `valgrind --tool=callgrind --instr-atstart=no`, counts the instructions
// of that phase alone (docs/benchmarks.md, "Eleventh session"). BENCH_PROFILE=create or =relay writes an inspector
// CPU profile of that phase (create-cpu-<phase>.cpuprofile in BENCH_PROFILE_DIR, default the cwd);
// bench/cpu-profile-top.ts aggregates its self time by function.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { connect, type Database } from '../packages/db/src/index.ts';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { drainOutbox, relayOutbox, RELAY_PARTITIONS, type OutboxConsumer } from '../apps/api/src/jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../apps/api/src/jobs/processors.ts';
import type { Services } from '../apps/api/src/lib/context.ts';
import type { TestContext } from '../apps/api/test/helpers.ts';
import { createAccount, createConversation, createInbox, createMember } from '../apps/api/test/factories.ts';
import { callgrindCounting, flushRedisDb, freshDatabase, say } from './harness.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_create_cpu';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const MESSAGES = Number(env.BENCH_MESSAGES || 2000);
const WARMUP = Number(env.BENCH_WARMUP || 500);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY || 20);
const CONVERSATIONS = Number(env.BENCH_CONVERSATIONS || 200);
const WEBHOOK = env.BENCH_WEBHOOK === '1';
const REDIS = env.BENCH_REDIS === '1' ? env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/13' : '';
/** An inspector CPU profile of one phase (create or relay), written to BENCH_PROFILE_DIR (default the cwd). */
const PROFILE = env.BENCH_PROFILE as 'create' | 'relay' | undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-create-cpu-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SECRET_KEY_BASE: 'relay-bench-secret-key-base-not-for-production-0123456789',
  LOG_LEVEL: 'silent',
  RUN_WORKERS: 'false',
  WEBHOOK_POLL_INTERVAL_MS: '0',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  DATABASE_URL: DB_URL,
  ...(REDIS ? { REDIS_URL: REDIS } : {}),
});

// every statement any pg client of this process sends (the app's pool included: the same pg module)
let statements = 0;
/** BENCH_STATEMENTS=1: the statements of each phase by their text's start, with count and text length. */
const SHOW_STATEMENTS = env.BENCH_STATEMENTS === '1';
let byText = new Map<string, { n: number; chars: number; params: number }>();
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  if (SHOW_STATEMENTS) {
    const q = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : (q?.text ?? q?.name ?? '?');
    const key = `${typeof q === 'object' && q?.name ? `[${q.name}] ` : ''}${text.replace(/\s+/g, ' ').slice(0, 110)}`;
    const entry = byText.get(key) ?? { n: 0, chars: 0, params: 0 };
    entry.n++;
    entry.chars += text.length;
    entry.params += (typeof q === 'object' ? q?.values?.length : (args[1] as unknown[] | undefined)?.length) ?? 0;
    byText.set(key, entry);
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

function showStatements(phase: string) {
  if (!SHOW_STATEMENTS) return;
  say(`statements of ${phase} (count, mean text length, mean parameters):`);
  for (const [key, e] of [...byText].sort((a, b) => b[1].n - a[1].n)) say(`  ${String(e.n).padStart(6)} ${String(Math.round(e.chars / e.n)).padStart(7)} ${String(Math.round(e.params / e.n)).padStart(5)}  ${key}`);
  byText = new Map();
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const sysNow = () => process.cpuUsage().system;

async function profiled<T>(phase: 'create' | 'relay', work: () => Promise<T>): Promise<T> {
  if (env.BENCH_CALLGRIND === phase) {
    callgrindCounting(true);
    try {
      return await work();
    } finally {
      callgrindCounting(false);
    }
  }
  if (PROFILE !== phase) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(env.BENCH_PROFILE_DIR || process.cwd(), `create-cpu-${phase}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    say(`profile of ${phase}: ${file}`);
    session.disconnect();
  }
}

let database: Database | undefined;
let app: App | undefined;
try {
  await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);
  database = await connect({ url: DB_URL, poolSize: 10 });
  if (REDIS) await flushRedisDb(REDIS);
  app = await buildApp({ config, database, logger: false });
  await app.ready();

  const t = { db: database.db, config } as unknown as TestContext;
  const account = await createAccount(t);
  const admin = await createMember(t, account.id, 'administrator', { name: 'Ada Admin' });
  const agent = await createMember(t, account.id, 'agent', { name: 'Sam Agent' });
  const inbox = await createInbox(t, account.id, { name: 'API', members: [admin.user.id, agent.user.id] });
  const displayIds: number[] = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const conversation = await createConversation(t, account.id, inbox.id, { assigneeId: i % 3 === 0 ? null : agent.user.id, status: 'open' });
    displayIds.push(conversation.displayId);
  }
  const headers = { api_access_token: admin.token, 'content-type': 'application/json' };
  if (WEBHOOK) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${account.id}/webhooks`,
      headers,
      payload: { url: 'http://127.0.0.1:9/hook', subscriptions: ['message_created'] },
    });
    if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  }
  const services: Services = { db: database.db, config, log: app.log, mailer: app.mailer, storage: app.storage, bus: app.bus };

  let sent = 0;
  const post = async () => {
    const i = sent++;
    const res = await app!.inject({
      method: 'POST',
      url: `/api/v1/accounts/${account.id}/conversations/${displayIds[(i * 7919) % displayIds.length]}/messages`,
      headers,
      payload: JSON.stringify({ content: `Bench reply ${i}: we are checking your payment`, echo_id: `bench-${i}` }),
    });
    if (res.statusCode !== 200) throw new Error(`message create: ${res.statusCode} ${res.body}`);
  };
  const postMany = async (n: number) => {
    let left = n;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left > 0) {
          left--;
          await post();
        }
      }),
    );
  };
  // BENCH_BREAKDOWN=1: the relay runs its partitions one after the other (not at once) and each consumer's CPU is
  // counted apart; what is left is the claim, the presentation, the dispatched mark and the after-commit work
  const BREAKDOWN = env.BENCH_BREAKDOWN === '1';
  const consumerCpu = OUTBOX_CONSUMERS.map(() => 0);
  const consumers: OutboxConsumer[] = BREAKDOWN
    ? OUTBOX_CONSUMERS.map((consume, i) => async (tx, s, events) => {
        const c0 = cpuNow();
        try {
          return await consume(tx, s, events);
        } finally {
          consumerCpu[i]! += cpuNow() - c0;
        }
      })
    : OUTBOX_CONSUMERS;
  const relay = async () => {
    let n = 0;
    for (;;) {
      let relayed = 0;
      if (BREAKDOWN) for (let p = 0; p < RELAY_PARTITIONS; p++) relayed += await relayOutbox(services, 'default', consumers, p);
      else relayed = await drainOutbox(services, 'default', consumers);
      n += relayed;
      if (relayed === 0) return n;
    }
  };

  // warm-up: JIT, prepared statements, the relay's code paths
  await postMany(WARMUP);
  await relay();
  consumerCpu.fill(0);
  await new Promise((r) => setTimeout(r, 200));

  say(`\nmessage create CPU (node ${process.version}, ${os.cpus().length} cores, Postgres, ${REDIS ? 'Redis queues + backbone' : 'in-process queues + backbone'}${WEBHOOK ? ', an account webhook' : ''})`);
  say(`${MESSAGES} messages over ${CONVERSATIONS} conversations, ${CONCURRENCY} at a time, after ${WARMUP} warm-up`);

  byText = new Map();
  const create = await profiled('create', async () => {
    const s0 = statements;
    const c0 = cpuNow();
    const k0 = sysNow();
    const w0 = performance.now();
    await postMany(MESSAGES);
    const wall = performance.now() - w0;
    // what the requests left running (after-commit publishes, enqueues) settles
    await new Promise((r) => setTimeout(r, 100));
    return { cpu: cpuNow() - c0, sys: sysNow() - k0, wall, statements: statements - s0 };
  });
  say(`create: ${(create.cpu / MESSAGES).toFixed(0)} µs CPU/msg (${(create.sys / MESSAGES).toFixed(0)} of it in the kernel), ${((create.wall * 1000) / MESSAGES).toFixed(0)} µs wall/msg (${((MESSAGES / create.wall) * 1000).toFixed(0)} msg/s), ${(create.statements / MESSAGES).toFixed(2)} statements/msg`);

  showStatements('create');
  const relayed = await profiled('relay', async () => {
    const s0 = statements;
    const c0 = cpuNow();
    const k0 = sysNow();
    const w0 = performance.now();
    const rows = await relay();
    // after-commit work (announces) is awaited by the relay
    return { rows, cpu: cpuNow() - c0, sys: sysNow() - k0, wall: performance.now() - w0, statements: statements - s0 };
  });
  say(
    `relay:  ${(relayed.cpu / MESSAGES).toFixed(0)} µs CPU/msg (${(relayed.sys / MESSAGES).toFixed(0)} of it in the kernel), ${((relayed.wall * 1000) / MESSAGES).toFixed(0)} µs wall/msg, ${(relayed.statements / MESSAGES).toFixed(2)} statements/msg (${relayed.rows} outbox rows)`,
  );
  showStatements('relay');
  if (BREAKDOWN) {
    const names = ['webhook deliveries', 'settle undeliverable replies', 'notifications', 'CSAT surveys', 'report facts'];
    say(`relay consumers (µs CPU/msg): ${consumerCpu.map((us, i) => `${names[i] ?? i} ${(us / MESSAGES).toFixed(0)}`).join(', ')}; the rest ${((relayed.cpu - consumerCpu.reduce((a, b) => a + b, 0)) / MESSAGES).toFixed(0)}`);
  }
  say(`total:  ${((create.cpu + relayed.cpu) / MESSAGES).toFixed(0)} µs CPU/msg in Node (Postgres' own CPU not counted)`);
} finally {
  await app?.close();
  await database?.close();
  if (REDIS) await flushRedisDb(REDIS).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
