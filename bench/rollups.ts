// `pnpm bench:rollups`: what recording reports costs per message created (not a timed test).
//   1. creates a fresh database `relay_bench_rollups` on BENCH_DATABASE_URL's server and migrates it
//   2. seeds one account with an API inbox (working hours on, America/New_York), 20 agents and 500 conversations
//   3. for each of two phases, consumers off then on (the reports consumer, modules/reporting-events/consumer.ts):
//      50 writers create messages for BENCH_SECONDS through the write path's single statement
//      (insertMessageWithEffects: the message, its effects and its outbox rows), alternating customer messages and
//      agent replies, while one relay drains both outbox lanes; then the relay catches up
//   4. prints messages created per second (target >= 1,000/s with the relay running and the consumer on), what the
//      relay got through per second, and its catch-up time; drops the database (BENCH_KEEP=1 keeps it)
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (default 10).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// bench is not a dependant of the workspace packages; their sources are imported by path.
import { connect, schema } from '../packages/db/src/index.ts';
import { adminQuery, say } from './harness.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { createLocalStorage } from '../apps/api/src/lib/storage.ts';
import { createEventBus } from '../apps/api/src/lib/event-bus.ts';
import type { Services } from '../apps/api/src/lib/context.ts';
import { relayOutbox, type OutboxConsumer } from '../apps/api/src/jobs/outbox-relay.ts';
// the modules register their event presenters when loaded (docs/architecture.md "Events"): the app loads them all
import '../apps/api/src/app.ts';
import { insertMessageWithEffects } from '../apps/api/src/modules/messages/queries/insert.ts';
import { recordReportFacts } from '../apps/api/src/modules/reporting-events/consumer.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_rollups';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const SECONDS = Number(env.BENCH_SECONDS || 10);
const KEEP = env.BENCH_KEEP === '1';
const WRITERS = 50;
const CONVERSATIONS = 500;
const AGENTS = 20;

const OFFICE = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day_of_week: day,
  closed_all_day: day === 0 || day === 6,
  open_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
}));

async function main() {
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-rollups-'));
  const database = await connect({ url: DB_URL, dataDir, poolSize: 20 });
  try {
    await database.migrate();
    const { db } = database;
    const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silent, level: 'silent' } as never;
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: DB_URL, SECRET_KEY_BASE: 'relay-bench-secret-key-base-not-for-production-0123456789', LOG_LEVEL: 'silent' });
    const services: Services = {
      db,
      config,
      log: silent,
      mailer: { transport: 'none', send: async () => {} } as never,
      storage: createLocalStorage({ root: dataDir, publicUrl: 'http://localhost' }),
      bus: createEventBus(silent),
    };

    // seed: one account, an API inbox with business hours, agents, contacts and conversations
    const [account] = await db.insert(schema.accounts).values({ name: 'Bench rollups' }).returning();
    const accountId = account!.id;
    const users = await db
      .insert(schema.users)
      .values(Array.from({ length: AGENTS }, (_, i) => ({ name: `Agent ${i}`, email: `agent-${i}@bench.test`, pubsubToken: `bench-${i}` })))
      .returning({ id: schema.users.id });
    const [channel] = await db.insert(schema.channels).values({ accountId, channelType: 'Channel::Api', identifier: 'bench-api' }).returning();
    const [inbox] = await db
      .insert(schema.inboxes)
      .values({ accountId, channelId: channel!.id, name: 'Bench', workingHoursEnabled: true, workingHours: OFFICE, timezone: 'America/New_York' })
      .returning();
    const contacts = await db
      .insert(schema.contacts)
      .values(Array.from({ length: CONVERSATIONS }, (_, i) => ({ accountId, name: `Contact ${i}`, email: `c${i}@bench.test` })))
      .returning({ id: schema.contacts.id });
    const conversations = await db
      .insert(schema.conversations)
      .values(
        contacts.map((c, i) => ({ accountId, inboxId: inbox!.id, contactId: c.id, displayId: i + 1, assigneeId: users[i % AGENTS]!.id, labels: i % 3 === 0 ? ['billing', 'vip'] : ['kyc'] })),
      )
      .returning({ id: schema.conversations.id, contactId: schema.conversations.contactId, assigneeId: schema.conversations.assigneeId });

    const results: Array<{ phase: string; created: number; perSecond: number; relayedPerSecond: number; catchUpMs: number; facts: number }> = [];
    for (const [phase, consumers] of [
      ['consumers off', []],
      ['reports consumer on', [recordReportFacts]],
    ] as Array<[string, OutboxConsumer[]]>) {
      let running = true;
      let created = 0;
      let relayed = 0;
      const relay = async () => {
        while (running) {
          const n = (await relayOutbox(services, 'inbound', consumers)) + (await relayOutbox(services, 'default', consumers));
          relayed += n;
          if (n === 0) await new Promise((r) => setTimeout(r, 5));
        }
      };
      const writer = async (w: number) => {
        for (let i = 0; running; i++) {
          const conversation = conversations[(w * 7 + i * 13) % conversations.length]!;
          const incoming = i % 2 === 0;
          await insertMessageWithEffects(
            db,
            {
              accountId,
              inboxId: inbox!.id,
              conversationId: conversation.id,
              content: incoming ? 'a question' : 'an answer',
              messageType: incoming ? 'incoming' : 'outgoing',
              status: 'sent',
              senderType: incoming ? 'Contact' : 'User',
              senderId: incoming ? conversation.contactId : conversation.assigneeId,
            },
            { incoming, humanReply: !incoming },
            { lane: incoming ? 'inbound' : 'default', reopenable: false },
          );
          created += 1;
        }
      };
      const started = performance.now();
      const relaying = relay();
      const timer = setTimeout(() => (running = false), SECONDS * 1000);
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      clearTimeout(timer);
      const elapsed = (performance.now() - started) / 1000;
      await relaying;
      const relayedDuring = relayed;
      const catchUp = performance.now();
      for (;;) {
        const n = (await relayOutbox(services, 'inbound', consumers)) + (await relayOutbox(services, 'default', consumers));
        if (n === 0) break;
      }
      const catchUpMs = performance.now() - catchUp;
      const facts = await db.$count(schema.reportingEvents);
      results.push({ phase, created, perSecond: created / elapsed, relayedPerSecond: relayedDuring / elapsed, catchUpMs, facts });
    }
    say(`\nbench:rollups: ${WRITERS} writers for ${SECONDS} s each phase, one relay; ${CONVERSATIONS} conversations, ${AGENTS} agents`);
    say('phase                  messages created   created/s   relayed/s (during)   relay catch-up   reporting events');
    for (const r of results) {
      say(
        `${r.phase.padEnd(22)} ${String(r.created).padStart(16)} ${r.perSecond.toFixed(0).padStart(11)} ${r.relayedPerSecond.toFixed(0).padStart(20)} ${`${(r.catchUpMs / 1000).toFixed(1)} s`.padStart(16)} ${String(r.facts).padStart(18)}`,
      );
    }
    const on = results[1]!;
    say(`target: message create >= 1,000/s with the reports consumer on: ${on.perSecond >= 1000 ? 'met' : 'NOT met'} (${on.perSecond.toFixed(0)}/s)`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!KEEP) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

await main();
