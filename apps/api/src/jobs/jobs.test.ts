import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { connect, schema } from '@app/db';
import { inject } from 'vitest';
import { buildTestApp, usingPglite, type TestContext } from '../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox } from '../../test/factories.ts';
import type { Services } from '../lib/context.ts';
import { drainOutbox, OUTBOX_RETENTION_MS, pruneOutbox, relayOutbox, RELAY_BATCH, RELAY_PARTITIONS, waitingPartitionsQuery, type OutboxConsumer } from './outbox-relay.ts';
import { OUTBOX_CONSUMERS, processors } from './processors.ts';
import type { Jobs } from './queue.ts';

/** The local HTTP server playing the integrator: records every request; `answer` decides each reply. */
type Hit = { delivery: string; json: Record<string, unknown>; res: ServerResponse };
let server: Server;
let receiver: string;
const hits: Hit[] = [];
let answer: (hit: Hit, req: IncomingMessage) => void = (hit) => hit.res.writeHead(200).end('ok');
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const hit = { delivery: String(req.headers['x-chatwoot-delivery']), json: JSON.parse(body) as Record<string, unknown>, res };
      hits.push(hit);
      answer(hit, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
  answer = (hit) => hit.res.writeHead(200).end('ok');
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Headers = Record<string, string>;

/** An API inbox whose webhook_url is the local receiver, made through the API, with a conversation. */
async function apiInboxWithConversation(t: TestContext) {
  const { account, admin } = await createAccountWithAdmin(t);
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${account.id}/inboxes`,
    headers: admin.headers,
    payload: { name: 'Backend', channel: { type: 'api', webhook_url: receiver } },
  });
  expect(created.statusCode, created.body).toBe(200);
  const inbox = created.json() as { id: number; inbox_identifier: string };
  await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: admin.user.id });
  const conversation = await createConversation(t, account.id, inbox.id);
  return { account, admin, inbox, conversation };
}

const post = (t: TestContext, url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const messageRow = (t: TestContext, id: number) => t.db.select().from(schema.messages).where(eq(schema.messages.id, id)).then((r) => r[0]!);

describe('outbox', () => {
  let t: TestContext;
  let services: Services;
  beforeAll(async () => {
    // no workers: the tests relay by hand
    t = await buildTestApp({ RUN_WORKERS: 'false', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
  });
  afterAll(() => t.close());

  it('a change writes its outbox row in its own transaction; a refused change writes none', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const pending = () => t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), isNull(schema.outboxEvents.dispatchedAt)));

    const base = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}`;
    expect((await post(t, `${base}/toggle_status`, admin.headers, { status: 'bogus' })).statusCode).toBe(422);
    expect((await post(t, `${base}/messages`, admin.headers, { content: 'x', content_attributes: { in_reply_to: 999_999 } })).statusCode).toBe(422);
    expect(await pending()).toHaveLength(0);

    expect((await post(t, `${base}/toggle_status`, admin.headers, { status: 'resolved' })).statusCode).toBe(200);
    const sent = await post(t, `${base}/messages`, admin.headers, { content: 'Hello' });
    expect(sent.statusCode).toBe(200);
    const rows = await pending();
    expect(rows.map((r) => [r.name, r.lane])).toEqual([
      ['conversation.status_changed', 'default'],
      ['message.created', 'default'],
    ]);
    expect(rows[1]!.subject).toMatchObject({ messageId: sent.json().id, conversationId: conversation.id });
  });

  it('relays each event into deliveries exactly once, however many relays run at once', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const hook = await post(t, `/api/v1/accounts/${account.id}/webhooks`, admin.headers, { url: `${receiver}?${account.id}`, subscriptions: ['conversation_status_changed'] });
    expect(hook.statusCode, hook.body).toBe(200);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    for (let i = 0; i < 5; i++) {
      const conversation = await createConversation(t, account.id, inbox.id);
      await post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status: 'resolved' });
    }
    await Promise.all([1, 2, 3].map(() => drainOutbox(services, 'default', OUTBOX_CONSUMERS)));
    const deliveries = await t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, hook.json().payload.webhook.id));
    expect(deliveries).toHaveLength(5);
    expect(new Set(deliveries.map((d) => (d.payload as { id: number }).id)).size).toBe(5);
    const left = await t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), isNull(schema.outboxEvents.dispatchedAt)));
    expect(left).toHaveLength(0);
  });

  it('relays a lane with parallel relays, each conversation\'s rows in order by one of them', async () => {
    const { account } = await createAccountWithAdmin(t);
    // 3 conversations' rows interleaved (so a split by row id would split each), 600 in all: several batches a relay
    const conversationIds = [101, 102, 103];
    const rows = Array.from({ length: 600 }, (_, i) => ({
      accountId: account.id,
      lane: 'default' as const,
      name: 'conversation.typing_on',
      inboxId: 1,
      subject: { conversationId: conversationIds[i % 3]!, data: { n: i } },
    }));
    await t.db.insert(schema.outboxEvents).values(rows);
    const seen: { conversationId: number; id: number }[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const recorder: OutboxConsumer = async (_tx, _services, events) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      for (const { row } of events) if (row.accountId === account.id) seen.push({ conversationId: row.subject.conversationId!, id: row.id });
      await new Promise((r) => setTimeout(r, 20));
      running -= 1;
    };
    await drainOutbox(services, 'default', [recorder]);
    expect(seen).toHaveLength(600);
    expect(new Set(seen.map((s) => s.id)).size).toBe(600);
    // PGlite is one connection: there the relays' transactions take turns
    expect(mostAtOnce).toBe(usingPglite() ? 1 : RELAY_PARTITIONS);
    for (const id of conversationIds) {
      const ids = seen.filter((s) => s.conversationId === id).map((s) => s.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('a partition is relayed one batch at a time across processes: the second relay waits for the first to commit', async (ctx) => {
    // two processes are two pools on one database; PGlite is one process by construction
    if (usingPglite()) return ctx.skip();
    while ((await drainOutbox(services, 'default', OUTBOX_CONSUMERS)) > 0);
    const { account } = await createAccountWithAdmin(t);
    // one conversation's rows, more than a batch: the first relay takes RELAY_BATCH of them, the rest wait
    const conversationId = 404;
    const partition = conversationId % RELAY_PARTITIONS;
    const count = RELAY_BATCH + 50;
    await t.db.insert(schema.outboxEvents).values(
      Array.from({ length: count }, (_, i) => ({ accountId: account.id, lane: 'default' as const, name: 'conversation.typing_on', inboxId: 1, subject: { conversationId, data: { n: i } } })),
    );
    const other = await connect({ url: t.database.url!, poolSize: 2 });
    try {
      const seen: { relay: string; id: number }[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = () => {};
      const claimed = new Promise<void>((resolve) => (started = resolve));
      const recorder = (relay: string, hold: boolean): OutboxConsumer => async (_tx, _services, events) => {
        for (const { row } of events) if (row.accountId === account.id) seen.push({ relay, id: row.id });
        if (hold) {
          started();
          await held;
        }
      };
      const first = relayOutbox(services, 'default', [recorder('first', true)], partition);
      await claimed;
      const second = relayOutbox({ ...services, db: other.db }, 'default', [recorder('second', false)], partition);
      // SKIP LOCKED alone let the second relay claim the rows after the first's batch and relay them at once
      await new Promise((r) => setTimeout(r, 500));
      expect(seen.filter((s) => s.relay === 'second')).toEqual([]);
      release();
      expect(await first).toBe(RELAY_BATCH);
      expect(await second).toBe(count - RELAY_BATCH);
      expect(seen.map((s) => s.relay)).toEqual([...Array<string>(RELAY_BATCH).fill('first'), ...Array<string>(count - RELAY_BATCH).fill('second')]);
      const ids = seen.map((s) => s.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      await other.close();
    }
  });

  it('a batch memo runs its load once, also a drizzle query (a thenable that runs again each time it is awaited)', async () => {
    const { account } = await createAccountWithAdmin(t);
    await t.db.insert(schema.outboxEvents).values(
      Array.from({ length: 5 }, (_, i) => ({ accountId: account.id, lane: 'default' as const, name: 'conversation.typing_on', inboxId: 1, subject: { conversationId: 202, data: { n: i } } })),
    );
    let runs = 0;
    // what a drizzle query is: every then() executes it again
    const query = { then: (resolve: (value: string) => void) => resolve(`run ${++runs}`) } as unknown as Promise<string>;
    const answers: string[] = [];
    const consumer: OutboxConsumer = async (_tx, _services, events) => {
      for (const { row, batch } of events) if (row.accountId === account.id) answers.push(await batch!.memo('the query', () => query));
    };
    await drainOutbox(services, 'default', [consumer]);
    expect(answers).toEqual(Array.from({ length: 5 }, () => 'run 1'));
    expect(runs).toBe(1);
  });

  it('a batch\'s late writes run after every consumer, in its transaction, before its rows are marked dispatched', async () => {
    const { account } = await createAccountWithAdmin(t);
    await t.db.insert(schema.outboxEvents).values({ accountId: account.id, lane: 'default' as const, name: 'conversation.typing_on', inboxId: 1, subject: { conversationId: 303, data: {} } });
    const mine = and(eq(schema.outboxEvents.accountId, account.id), isNull(schema.outboxEvents.dispatchedAt));
    const order: string[] = [];
    let failLate = true;
    const first: OutboxConsumer = async (tx, _services, events) => {
      order.push('first consumer');
      events[0]!.batch!.late(async () => {
        // still in the batch: its row is not dispatched yet
        order.push(`late write (${(await tx.select().from(schema.outboxEvents).where(mine)).length} row undispatched)`);
        if (failLate) throw new Error('late write failed');
      });
    };
    const second: OutboxConsumer = async () => void order.push('second consumer');
    // a late write that fails rolls the batch back: the row is relayed again
    await expect(drainOutbox(services, 'default', [first, second])).rejects.toThrow('late write failed');
    expect(await t.db.select().from(schema.outboxEvents).where(mine)).toHaveLength(1);
    failLate = false;
    order.length = 0;
    await drainOutbox(services, 'default', [first, second]);
    expect(order).toEqual(['first consumer', 'second consumer', 'late write (1 row undispatched)']);
    expect(await t.db.select().from(schema.outboxEvents).where(mine)).toHaveLength(0);
  });

  it('dispatched rows are pruned after the retention; undispatched ones never', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    await post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status: 'resolved' });
    await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
    await post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status: 'open' });
    const mine = () => t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.accountId, account.id));
    expect(await mine()).toHaveLength(2);
    await pruneOutbox(services, new Date(Date.now() + OUTBOX_RETENTION_MS + 1000));
    const left = await mine();
    expect(left).toHaveLength(1);
    expect(left[0]!.dispatchedAt).toBeNull();
  });

  it('incoming traffic is relayed in its own lane: the message and the reopen it causes; activity messages write nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const base = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}`;
    // resolving writes an activity message: only the status change is in the outbox
    expect((await post(t, `${base}/toggle_status`, admin.headers, { status: 'resolved' })).statusCode).toBe(200);
    const mine = () => t.db.select().from(schema.outboxEvents).where(eq(schema.outboxEvents.accountId, account.id)).orderBy(schema.outboxEvents.id);
    expect((await mine()).map((r) => r.name)).toEqual(['conversation.status_changed']);
    await drainOutbox(services, 'default', OUTBOX_CONSUMERS);

    const res = await post(t, `${base}/messages`, admin.headers, { content: 'from the contact', message_type: 'incoming' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await mine()).slice(1);
    expect(rows.map((r) => [r.name, r.lane])).toEqual([
      ['message.created', 'inbound'],
      ['conversation.status_changed', 'inbound'],
    ]);
    expect(await drainOutbox(services, 'default', OUTBOX_CONSUMERS)).toBe(0);
    expect(await drainOutbox(services, 'inbound', OUTBOX_CONSUMERS)).toBeGreaterThanOrEqual(2);
  });

  it('a drain claims only the partitions with rows waiting: an empty lane opens no transaction', async () => {
    let transactions = 0;
    const db = new Proxy(services.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') transactions += 1;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const counted = { ...services, db };
    while ((await drainOutbox(services, 'inbound', OUTBOX_CONSUMERS)) > 0);
    expect(await drainOutbox(counted, 'inbound', OUTBOX_CONSUMERS)).toBe(0);
    expect(transactions).toBe(0);

    // one conversation's row: its partition's relay alone (RELAY_PARTITIONS of them before)
    while ((await drainOutbox(services, 'default', OUTBOX_CONSUMERS)) > 0);
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    await post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status: 'resolved' });
    expect(await drainOutbox(counted, 'default', OUTBOX_CONSUMERS)).toBe(1);
    expect(transactions).toBe(1);
  });

  it('the look for waiting partitions reads one row a partition behind a backlog, in custom and generic plans alike', async () => {
    while ((await drainOutbox(services, 'inbound', OUTBOX_CONSUMERS)) > 0);
    const { account } = await createAccountWithAdmin(t);
    const o = schema.outboxEvents;
    // a backlog (the relay was down), analyzed while it waits: the statistics say most of the outbox waits
    const backlog = Array.from({ length: 4000 }, (_, i) => ({ accountId: account.id, lane: 'inbound' as const, name: 'conversation.updated', subject: { conversationId: 1_000_000 + i } }));
    for (let i = 0; i < backlog.length; i += 1000) await t.db.insert(o).values(backlog.slice(i, i + 1000));
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
    /** The outbox's scans in the look's plan, as Postgres ran it with `mode` (the relay's read pool runs generic plans). */
    const scansOf = (mode: 'auto' | 'force_generic_plan') =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('plan_cache_mode', ${mode}, true)`);
        const explained = ((await tx.execute(sql`explain (analyze, format json) ${waitingPartitionsQuery(tx, 'inbound')}`)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
        const raw = Object.values(explained)[0];
        const scans: PlanNode[] = [];
        const walk = (node: PlanNode) => {
          if (node['Relation Name'] === 'outbox_events') scans.push(node);
          node.Plans?.forEach(walk);
        };
        walk(((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan);
        return scans;
      });
    try {
      await t.db.execute(sql`analyze ${o}`);
      expect((await waitingPartitionsQuery(t.db, 'inbound')).map((r) => r.partition).sort()).toEqual(Array.from({ length: RELAY_PARTITIONS }, (_, i) => i));
      for (const mode of ['auto', 'force_generic_plan'] as const) {
        const scans = await scansOf(mode);
        // the rows the outbox's scans went through: a DISTINCT over the waiting rows read all 4,000 (a sequential
        // scan of the whole outbox in its generic plan); a probe in the (lane, partition, id) index reads one row
        const read = scans.reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0);
        expect(scans.map((n) => n['Node Type']), mode).not.toContain('Seq Scan');
        expect(read, mode).toBe(RELAY_PARTITIONS);
      }
    } finally {
      await t.db.delete(o).where(and(eq(o.accountId, account.id), isNull(o.dispatchedAt)));
    }
  });

  it('the outbox and the deliveries are vacuumed as queues: after a thousand changes, their indexes included', async () => {
    // the dead entries an update leaves in the pending indexes are what the relay's probes and claims walk over
    // until a vacuum (migration 0022); Postgres's defaults wait for a fifth of the table and may skip the indexes
    const result = (await t.db.execute(
      sql`select relname, reloptions from pg_class where relname in ('outbox_events', 'webhook_deliveries') and relkind = 'r' order by relname`,
    )) as unknown as { rows: { relname: string; reloptions: string[] | string | null }[] };
    const options = (value: string[] | string | null) => (Array.isArray(value) ? value : String(value ?? '').replace(/^\{|\}$/g, '').split(','));
    expect(result.rows.map((r) => r.relname)).toEqual(['outbox_events', 'webhook_deliveries']);
    for (const { relname, reloptions } of result.rows) {
      expect(options(reloptions), relname).toEqual(
        expect.arrayContaining([
          'autovacuum_vacuum_scale_factor=0',
          'autovacuum_vacuum_threshold=1000',
          'autovacuum_analyze_scale_factor=0',
          'autovacuum_analyze_threshold=1000',
          'vacuum_index_cleanup=on',
        ]),
      );
    }
  });

  it('a relay asks for sending only after a batch that wrote deliveries', async () => {
    const asks: string[] = [];
    const jobs = { enqueue: (queue: string, name: string) => void asks.push(`${queue}:${name}`) } as unknown as Jobs;
    const relay = () => processors(services, jobs)['outbox:relay']!({ queue: 'outbox', name: 'relay' });
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const conversation = await createConversation(t, account.id, inbox.id);
    const toggle = (status: string) => post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/toggle_status`, admin.headers, { status });

    // no webhook: relayed, nothing to send
    expect((await toggle('resolved')).statusCode).toBe(200);
    await relay();
    const waiting = await t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), isNull(schema.outboxEvents.dispatchedAt)));
    expect(waiting).toHaveLength(0);
    expect(asks).toEqual([]);

    const hook = await post(t, `/api/v1/accounts/${account.id}/webhooks`, admin.headers, { url: `${receiver}?asks`, subscriptions: ['conversation_status_changed'] });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await toggle('open')).statusCode).toBe(200);
    await relay();
    expect(asks).toEqual(['webhooks:send']);
  });
});

describe('API channel end to end (workers running)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_POLL_INTERVAL_MS: '200', WEBHOOK_RETRY_BASE_MS: '200' });
  });
  afterAll(() => t.close());

  it("S1-3.02 an agent's reply reaches the inbox's webhook_url as Chatwoot sends it, and the message becomes sent", async () => {
    const { account, admin, inbox, conversation } = await apiInboxWithConversation(t);
    const sent = await post(t, `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`, admin.headers, { content: 'We are on it' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('progress');
    const hit = await until('message_created at the webhook_url', async () => hits.find((h) => h.json.event === 'message_created' && h.json.id === sent.json().id));
    expect(hit.json).toMatchObject({
      event: 'message_created',
      content: 'We are on it',
      message_type: 'outgoing',
      private: false,
      inbox: { id: inbox.id, name: 'Backend' },
      account: { id: account.id },
      conversation: { id: conversation.displayId },
      sender: { id: admin.user.id, type: 'user' },
    });
    const row = await until('status sent', async () => {
      const m = await messageRow(t, sent.json().id);
      return m.status === 'sent' && m;
    });
    expect(row.contentAttributes.external_error).toBeUndefined();
  });

  it('S1-3.24 S1-4.18 S1-7.90 a failed delivery marks the message failed with the error; retry sends it once more and it becomes sent', async () => {
    const { account, admin, conversation } = await apiInboxWithConversation(t);
    // an answer that will not pass (a 5xx would be retried first, with backoff)
    answer = (hit) => hit.res.writeHead(hit.json.event === 'message_created' ? 422 : 200).end('refused');
    const base = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`;
    const sent = await post(t, base, admin.headers, { content: 'Will this arrive?' });
    const id = sent.json().id as number;
    const failed = await until('status failed', async () => {
      const m = await messageRow(t, id);
      return m.status === 'failed' && m;
    });
    expect(failed.contentAttributes.external_error).toBe('answered 422');
    expect(hits.filter((h) => h.json.id === id && h.json.event === 'message_created')).toHaveLength(1);

    answer = (hit) => hit.res.writeHead(200).end('ok');
    const retried = await post(t, `${base}/${id}/retry`, admin.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe('progress');
    await until('status sent after retry', async () => (await messageRow(t, id)).status === 'sent');
    await new Promise((r) => setTimeout(r, 500));
    expect(hits.filter((h) => h.json.id === id && h.json.event === 'message_created')).toHaveLength(2);
  });

  it('an incoming message from the public API reaches the webhook_url; the delivery log records it', async () => {
    const { account, inbox } = await apiInboxWithConversation(t);
    const contact = await t.app.inject({ method: 'POST', url: `/public/api/v1/inboxes/${inbox.inbox_identifier}/contacts`, payload: { name: 'Ada' } });
    const sourceId = contact.json().source_id as string;
    const conv = await t.app.inject({ method: 'POST', url: `/public/api/v1/inboxes/${inbox.inbox_identifier}/contacts/${sourceId}/conversations`, payload: {} });
    const msg = await t.app.inject({
      method: 'POST',
      url: `/public/api/v1/inboxes/${inbox.inbox_identifier}/contacts/${sourceId}/conversations/${conv.json().id}/messages`,
      payload: { content: 'Hi, my order is late' },
    });
    expect(msg.statusCode, msg.body).toBe(200);
    await until('conversation_created and message_created', async () =>
      hits.some((h) => h.json.event === 'conversation_created' && h.json.id === conv.json().id) &&
      hits.some((h) => h.json.event === 'message_created' && h.json.content === 'Hi, my order is late' && h.json.message_type === 'incoming'),
    );
    const deliveries = await until('deliveries delivered', async () => {
      const rows = await t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.inboxId, inbox.id));
      return rows.length >= 2 && rows.every((r) => r.status === 'delivered') && rows;
    });
    expect(deliveries.every((d) => d.accountId === account.id && d.webhookId === null)).toBe(true);
  });
});

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts `api worker` against the test's database and Redis. */
function startWorker(t: TestContext, prefix: string, logLevel = 'silent'): ChildProcess {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', 'src/main.ts', 'worker'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url!,
      REDIS_URL: t.config.redisUrl!,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'worker-')),
      SECRET_KEY_BASE: t.config.secretKeyBase,
      JOBS_PREFIX: prefix,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      WEBHOOK_POLL_INTERVAL_MS: '300',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', logLevel === 'silent' ? 'ignore' : 'pipe', 'ignore'],
  });
  return child;
}

const withRedisAndPostgres = !usingPglite() && Boolean(inject('infrastructure').redisUrl);

describe.skipIf(!withRedisAndPostgres)('api worker processes (Postgres and Redis)', () => {
  let t: TestContext;
  const prefix = `test-jobs-${process.pid}-${Date.now()}`;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // this process serves and enqueues; `api worker` processes do the work
    t = await buildTestApp({ RUN_WORKERS: 'false', JOBS_PREFIX: prefix, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t.close();
  });

  it('a worker killed in the middle of a delivery loses nothing and sends nothing twice', { timeout: 90_000 }, async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const hook = await post(t, `/api/v1/accounts/${account.id}/webhooks`, admin.headers, { url: `${receiver}?kill`, subscriptions: ['conversation_status_changed'] });
    const webhookId = hook.json().payload.webhook.id as number;
    const inbox = await createInbox(t, account.id, { members: [admin.user.id] });
    const [first, second] = [await createConversation(t, account.id, inbox.id), await createConversation(t, account.id, inbox.id)];
    const toggle = (displayId: number) => post(t, `/api/v1/accounts/${account.id}/conversations/${displayId}/toggle_status`, admin.headers, { status: 'resolved' });

    // the first worker receives the send and dies before the integrator answers
    const doomed = startWorker(t, prefix);
    children.push(doomed);
    let killed = false;
    answer = (hit) => {
      if (!killed) {
        killed = true;
        doomed.kill('SIGKILL');
        return; // never answered: the sender is gone
      }
      hit.res.writeHead(200).end('ok');
    };
    expect((await toggle(first.displayId)).statusCode).toBe(200);
    await until('the first send', async () => killed, 30_000);
    await until('the worker to exit', async () => doomed.exitCode !== null || doomed.signalCode !== null);

    // with no worker alive, another change commits: its outbox row waits
    expect((await toggle(second.displayId)).statusCode).toBe(200);
    const waiting = await t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), isNull(schema.outboxEvents.dispatchedAt)));
    expect(waiting.map((r) => r.name)).toEqual(['conversation.status_changed']);

    // a new worker takes over: the abandoned claim comes due after its lease, the waiting event is relayed
    children.push(startWorker(t, prefix));
    const rows = await until(
      'both deliveries delivered',
      async () => {
        const all = await t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, webhookId));
        return all.length === 2 && all.every((d) => d.status === 'delivered') && all;
      },
      60_000,
    );
    const byConversation = new Map(rows.map((d) => [(d.payload as { id: number }).id, d]));
    expect([...byConversation.keys()].sort()).toEqual([first.displayId, second.displayId].sort());
    // the interrupted delivery: claimed twice, one recorded result (the dead worker wrote none)
    expect(byConversation.get(first.displayId)).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    expect(byConversation.get(first.displayId)!.attemptLog).toHaveLength(1);
    // the integrator answered each delivery id exactly once; the repeat carried the same id to dedupe on
    const answered = hits.filter((h) => h.res.headersSent);
    expect(answered.map((h) => h.delivery).sort()).toEqual(rows.map((d) => String(d.id)).sort());
    expect(hits.filter((h) => h.delivery === String(byConversation.get(first.displayId)!.id))).toHaveLength(2);
    expect(await countRows(t, schema.webhookDeliveries)).toBe(2);
  });

  it('SIGTERM lets a worker finish what it runs and exit', { timeout: 60_000 }, async () => {
    const child = startWorker(t, prefix, 'info');
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until('the worker to start', async () => output.includes('worker running'), 30_000);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  });
});
