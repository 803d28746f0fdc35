import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { hmacSha256, safeEqual } from '../../lib/crypto.ts';
import type { Services } from '../../lib/context.ts';
import { drainOutbox, relayOutbox, RELAY_PARTITIONS } from '../../jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../../jobs/processors.ts';
import { runDueDeliveries } from './delivery.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string; json: Record<string, unknown> };

// A local server playing the receiver: answers each path from its queue of statuses (200 when empty).
let server: http.Server;
let receiver: string;
const received: Received[] = [];
/**
 * Status codes the receiver answers next, per path (each setUp's webhook has its own): a retry of an earlier
 * test's delivery coming due in the same run never takes an answer meant for this test's.
 */
const answers = new Map<string, number[]>();
const answerNext = (accountId: number, status: number) => answers.set(`/hook-${accountId}`, [...(answers.get(`/hook-${accountId}`) ?? []), status]);
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(answers.get(req.url ?? '')?.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestContext;
let services: Services;
beforeAll(async () => {
  // No workers: the tests relay the outbox and run the sends themselves.
  t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', RUN_WORKERS: 'false', WEBHOOK_RETRY_BASE_MS: '1000' });
  services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
});
afterAll(() => t.close());
beforeEach(() => {
  received.length = 0;
  answers.clear();
});

type Headers = Record<string, string>;
const base = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/webhooks${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

const deliveriesOfAccount = async (accountId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.accountId, accountId)))[0]!.n;
const deliveriesOf = (webhookId: number) => t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, webhookId));

/** Relays the outbox (what a worker's relay job does) until the webhook has `n` deliveries written. */
async function deliveriesWritten(webhookId: number, n: number) {
  for (let i = 0; i < 100; i++) {
    await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
    const rows = await deliveriesOf(webhookId);
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${n} deliveries for webhook ${webhookId}`);
}

async function setUp(subscriptions: string[] = ['conversation_status_changed'], extra: object = {}) {
  const { account, admin } = await createAccountWithAdmin(t, { name: 'Acme' });
  const inbox = await createInbox(t, account.id, { name: 'Website' });
  const conversation = await createConversation(t, account.id, inbox.id);
  const res = await call('POST', base(account.id), admin.headers, { url: `${receiver}/hook-${account.id}`, subscriptions, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const webhook = res.json().payload.webhook as { id: number; secret: string };
  return { account, admin, inbox, conversation, webhook };
}

const toggle = (accountId: number, displayId: number, headers: Headers, status = 'resolved') =>
  call('POST', `/api/v1/accounts/${accountId}/conversations/${displayId}/toggle_status`, headers, { status });

describe('webhooks CRUD', () => {
  it('creates (flat or wrapped), lists, updates and deletes a webhook, auditing each change', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { name: 'Support' });
    const created = await call('POST', base(account.id), admin.headers, { webhook: { url: `${receiver}/a`, name: 'CRM', subscriptions: ['message_created', 'conversation_created'] } });
    expect(created.statusCode, created.body).toBe(200);
    const webhook = created.json().payload.webhook;
    expect(webhook).toMatchObject({ url: `${receiver}/a`, name: 'CRM', account_id: account.id, subscriptions: ['message_created', 'conversation_created'] });
    expect(webhook.secret).toMatch(/^[\w-]{40,}$/);
    expect(webhook.inbox).toBeUndefined();

    const flat = await call('POST', base(account.id), admin.headers, { url: `${receiver}/b`, subscriptions: ['contact_created'], inbox_id: inbox.id });
    expect(flat.json().payload.webhook.inbox).toEqual({ id: inbox.id, name: 'Support', channel_type: 'Channel::Api' });

    const list = await call('GET', base(account.id), admin.headers);
    expect(list.json().payload.webhooks.map((w: { id: number }) => w.id)).toEqual([webhook.id, flat.json().payload.webhook.id]);
    expect(list.json().payload.webhooks[0].secret).toBe(webhook.secret);

    const updated = await call('PATCH', base(account.id, `/${webhook.id}`), admin.headers, { webhook: { subscriptions: ['message_updated'], name: 'CRM 2' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().payload.webhook).toMatchObject({ id: webhook.id, name: 'CRM 2', subscriptions: ['message_updated'], secret: webhook.secret });

    expect((await call('DELETE', base(account.id, `/${webhook.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', base(account.id), admin.headers)).json().payload.webhooks).toHaveLength(1);
    expect((await call('DELETE', base(account.id, `/${webhook.id}`), admin.headers)).statusCode).toBe(404);

    const actions = (await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'Webhook')))).map((l) => l.action);
    expect(actions.sort()).toEqual(['create', 'create', 'destroy', 'update']);
  });

  it('answers 422 for a bad URL, unknown or empty subscriptions, a taken URL or a foreign inbox, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccountWithAdmin(t);
    const foreignInbox = await createInbox(t, other.account.id);
    await call('POST', base(account.id), admin.headers, { url: `${receiver}/taken`, subscriptions: ['message_created'] });
    const before = await countRows(t, schema.webhooks);
    const audits = await countRows(t, schema.auditLogs);
    for (const payload of [
      { url: 'ftp://example.com/x', subscriptions: ['message_created'] },
      { url: 'not a url', subscriptions: ['message_created'] },
      { url: `${receiver}/x`, subscriptions: ['message_exploded'] },
      { url: `${receiver}/x`, subscriptions: [] },
      { url: `${receiver}/x` },
      { url: `${receiver}/taken`, subscriptions: ['message_created'] },
      { url: `${receiver}/x`, subscriptions: ['message_created'], inbox_id: foreignInbox.id },
    ]) {
      const res = await call('POST', base(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await countRows(t, schema.webhooks)).toBe(before);
    expect(await countRows(t, schema.auditLogs)).toBe(audits);
  });

  it('answers 401 without auth, 403 for an agent and 404 for another account’s webhook', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const created = (await call('POST', base(account.id), admin.headers, { url: `${receiver}/p`, subscriptions: ['message_created'] })).json().payload.webhook;
    expect((await call('GET', base(account.id), undefined)).statusCode).toBe(401);
    expect((await call('POST', base(account.id), undefined, { url: `${receiver}/q`, subscriptions: ['message_created'] })).statusCode).toBe(401);
    expect((await call('GET', base(account.id), agent.headers)).statusCode).toBe(403);
    expect((await call('POST', base(account.id), agent.headers, { url: `${receiver}/q`, subscriptions: ['message_created'] })).statusCode).toBe(403);
    expect((await call('PATCH', base(account.id, `/${created.id}`), agent.headers, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', base(account.id, `/${created.id}`), agent.headers)).statusCode).toBe(403);
    expect((await call('GET', base(account.id, `/${created.id}/deliveries`), agent.headers)).statusCode).toBe(403);

    const other = await createAccountWithAdmin(t);
    const oh = other.admin.headers;
    expect((await call('PATCH', base(other.account.id, `/${created.id}`), oh, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', base(other.account.id, `/${created.id}`), oh)).statusCode).toBe(404);
    expect((await call('GET', base(other.account.id, `/${created.id}/deliveries`), oh)).statusCode).toBe(404);
    expect((await call('POST', base(other.account.id, `/${created.id}/deliveries/1/redeliver`), oh)).statusCode).toBe(404);
    expect((await call('GET', base(account.id), oh)).statusCode).toBe(404);
  });
});

describe('webhook addresses', () => {
  it('refuses loopback, private and link-local URLs without WEBHOOK_ALLOWED_HOSTS (422, nothing written)', async () => {
    const strict = await buildTestApp({ WEBHOOK_POLL_INTERVAL_MS: '0' });
    try {
      const { account, admin } = await createAccountWithAdmin(strict);
      const before = await countRows(strict, schema.webhooks);
      for (const url of [receiver, 'http://localhost:9/x', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/hook', 'http://[::1]:9/x', 'http://192.168.1.2/x']) {
        const res = await strict.app.inject({ method: 'POST', url: base(account.id), headers: admin.headers, payload: { url, subscriptions: ['message_created'] } });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().attributes, url).toContain('url');
      }
      expect(await countRows(strict, schema.webhooks)).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('accepts a host that does not resolve right now (DNS may come later) and still refuses literal private addresses', async () => {
    const strict = await buildTestApp({ WEBHOOK_POLL_INTERVAL_MS: '0' });
    try {
      const { account, admin } = await createAccountWithAdmin(strict);
      const post = (url: string) => strict.app.inject({ method: 'POST', url: base(account.id), headers: admin.headers, payload: { url, subscriptions: ['message_created'] } });
      const later = await post('https://hooks.not-yet-registered.invalid/relay');
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().payload.webhook.url).toBe('https://hooks.not-yet-registered.invalid/relay');
      expect((await post('http://10.1.2.3/hook')).statusCode).toBe(422);
    } finally {
      await strict.close();
    }
  });
});

describe('webhook delivery', () => {
  it('sends conversation_status_changed with Chatwoot’s payload, signed with the webhook secret', async () => {
    const { account, admin, inbox, conversation, webhook } = await setUp();
    expect((await toggle(account.id, conversation.displayId, admin.headers)).statusCode).toBe(200);
    const [pending] = await deliveriesWritten(webhook.id, 1);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0, event: 'conversation_status_changed' });

    expect(await runDueDeliveries(services)).toBeGreaterThanOrEqual(1);
    const mine = received.filter((r) => r.headers['x-chatwoot-delivery'] === String(pending!.id));
    expect(mine).toHaveLength(1);
    const { headers, body, json } = mine[0]!;
    expect(headers['content-type']).toBe('application/json');
    const timestamp = Number(headers['x-chatwoot-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(safeEqual(String(headers['x-chatwoot-signature']), `sha256=${hmacSha256(webhook.secret, `${timestamp}.${body}`)}`)).toBe(true);
    expect(json).toMatchObject({ event: 'conversation_status_changed', id: conversation.displayId, inbox_id: inbox.id, status: 'resolved', account: { id: account.id, name: 'Acme' } });
    expect(json.meta).toMatchObject({ sender: { type: 'contact' } });
    expect(json.changed_attributes).toEqual([{ status: { previous_value: 'open', current_value: 'resolved' } }]);

    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    // delivered once: a second run finds nothing due for it
    await runDueDeliveries(services, new Date(Date.now() + 86_400_000));
    expect(received.filter((r) => r.headers['x-chatwoot-delivery'] === String(pending!.id))).toHaveLength(1);
  });

  it('sends message_created with a string message_type, an ISO created_at, the inbox, account and conversation', async () => {
    const { account, admin, inbox, conversation, webhook } = await setUp(['message_created']);
    const posted = await call('POST', `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`, admin.headers, { content: 'Hello there' });
    expect(posted.statusCode, posted.body).toBe(200);
    await deliveriesWritten(webhook.id, 1);
    await runDueDeliveries(services);
    const [hit] = received.filter((r) => r.json.event === 'message_created' && (r.json.account as { id: number }).id === account.id);
    expect(hit!.json).toMatchObject({
      event: 'message_created',
      content: 'Hello there',
      message_type: 'outgoing',
      private: false,
      inbox: { id: inbox.id, name: 'Website' },
      account: { id: account.id, name: 'Acme' },
      conversation: { id: conversation.displayId, account: { id: account.id } },
      sender: { id: admin.user.id, type: 'user' },
    });
    expect(hit!.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('S1-4.14 an agent\'s reply in an API inbox without a webhook_url is sent when stored; with one it is in progress until delivered', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Acme' });
    const bare = await createInbox(t, account.id, { name: 'API without URL' });
    const hooked = await createInbox(t, account.id, { name: 'API with URL' });
    await t.db.update(schema.channels).set({ settings: { webhook_url: `${receiver}/inbox-${hooked.id}`, hmac_mandatory: false } }).where(eq(schema.channels.id, hooked.channelId));
    const statusOf = async (id: number) => (await t.db.select().from(schema.messages).where(eq(schema.messages.id, id)))[0]!.status;
    const post = async (displayId: number, body: object) => {
      const res = await call('POST', `/api/v1/accounts/${account.id}/conversations/${displayId}/messages`, admin.headers, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; status: string };
    };
    const bareConversation = await createConversation(t, account.id, bare.id);
    let quiet: { id: number; status: string } | undefined;
    // nowhere to push it: stored is delivered, so there is no status change for anyone to hear about
    const events = await eventsDuring(t, account.id, async () => {
      quiet = await post(bareConversation.displayId, { content: 'Nowhere to go' });
    });
    const loud = await post((await createConversation(t, account.id, hooked.id)).displayId, { content: 'Off it goes' });
    expect([quiet!.status, loud.status]).toEqual(['sent', 'progress']);
    expect(await statusOf(quiet!.id)).toBe('sent');
    expect(events.filter((e) => e.name === 'message.created').map((e) => (e.data as { status: string }).status)).toEqual(['sent']);
    while ((await drainOutbox(services, 'default', OUTBOX_CONSUMERS)) > 0);
    const updated = await t.db.select().from(schema.outboxEvents).where(and(eq(schema.outboxEvents.accountId, account.id), eq(schema.outboxEvents.name, 'message.updated')));
    expect(updated).toHaveLength(0);
    // the inbox with a URL: still queued until the receiver answers
    expect(await statusOf(loud.id)).toBe('progress');
    await runDueDeliveries(services);
    expect(await statusOf(loud.id)).toBe('sent');
    expect(received.some((r) => r.json.content === 'Off it goes')).toBe(true);
  });

  it('a relay batch of replies to an API inbox without a webhook_url costs the statements of one reply: read once, settled in one statement', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Acme' });
    const bare = await createInbox(t, account.id, { name: 'API without URL' });
    // an account webhook too: its deliveries are written per event, its lookup is once per batch
    const hook = await call('POST', base(account.id), admin.headers, { url: `${receiver}/hook-${account.id}`, subscriptions: ['message_created'] });
    expect(hook.statusCode, hook.body).toBe(200);
    const conversation = await createConversation(t, account.id, bare.id);
    const post = async (content: string) => {
      const res = await call('POST', `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`, admin.headers, { content });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }).id;
    };
    // statements on the database and in the relay's transaction (the same proxy for both)
    let statements = 0;
    const counted = new Set(['select', 'insert', 'update', 'delete', 'execute']);
    const counting = <T extends object>(db: T): T =>
      new Proxy(db, {
        get(target, prop, receiver) {
          if (typeof prop === 'string' && counted.has(prop)) statements += 1;
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (prop === 'transaction' && typeof value === 'function') {
            return (work: (tx: object) => Promise<unknown>) => (value as (w: typeof work) => Promise<unknown>).call(target, (tx) => work(counting(tx)));
          }
          return value;
        },
      });
    const countingServices = { ...services, db: counting(services.db) };
    const relayOnce = async () => {
      while ((await drainOutbox(services, 'default', OUTBOX_CONSUMERS)) > 0);
    };
    // one relay batch of what was posted (one conversation: one partition), counted
    const relayCounted = async (ids: number[]) => {
      statements = 0;
      const partition = conversation.id % RELAY_PARTITIONS;
      expect(await relayOutbox(countingServices, 'default', OUTBOX_CONSUMERS, partition)).toBe(ids.length);
      return statements;
    };
    // Replies stored while the inbox still had a webhook_url wait in progress; the URL removed, the relay settles
    // them (a reply without one is sent when stored, so these are made progress as such replies are).
    const queued = async (content: string) => {
      const id = await post(content);
      await t.db.update(schema.messages).set({ status: 'progress' }).where(eq(schema.messages.id, id));
      return id;
    };
    // the conversation's first reply records report facts no later reply does: relayed first, uncounted
    await post('first reply');
    await relayOnce();
    // the statements prepared once (preparedFor) are built, and counted, on their first run on a database: warm them
    await queued('warm-up');
    while ((await drainOutbox(countingServices, 'default', OUTBOX_CONSUMERS)) > 0);
    const one = [await queued('one')];
    const forOne = await relayCounted(one);
    await relayOnce();
    const six: number[] = [];
    for (let i = 0; i < 6; i++) six.push(await queued(`reply ${i}`));
    const forSix = await relayCounted(six);
    expect(forSix).toBe(forOne);
    const statuses = await t.db.select({ id: schema.messages.id, status: schema.messages.status }).from(schema.messages).where(eq(schema.messages.conversationId, conversation.id));
    expect(statuses.map((m) => m.status)).toEqual(statuses.map(() => 'sent'));
    expect(await deliveriesOfAccount(account.id)).toBe(9);
  });

  it('a relay batch no webhook wants presents no conversation; with an account webhook, the batch\'s conversations once', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Acme' });
    const bare = await createInbox(t, account.id, { name: 'API without URL' });
    const conversations = [await createConversation(t, account.id, bare.id), await createConversation(t, account.id, bare.id)];
    const post = async (displayId: number, content: string) => {
      const res = await call('POST', `/api/v1/accounts/${account.id}/conversations/${displayId}/messages`, admin.headers, { content });
      expect(res.statusCode, res.body).toBe(200);
    };
    // the text of every statement run through execute() or executeArrays() (on `_.session`), on the database or in
    // the relay's transaction
    const texts: string[] = [];
    const recordingSession = (session: object) =>
      new Proxy(session, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'prepareQuery' || typeof value !== 'function') return value;
          return (query: { sql: string }, ...rest: unknown[]) => {
            texts.push(query.sql);
            return (value as (...args: unknown[]) => unknown).call(target, query, ...rest);
          };
        },
      });
    const recording = <T extends object>(db: T): T =>
      new Proxy(db, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver) as unknown;
          if (prop === '_' && value) return { ...(value as { session: object }), session: recordingSession((value as { session: object }).session) };
          if (prop === 'execute' && typeof value === 'function') {
            return (query: Parameters<typeof t.db.execute>[0]) => {
              texts.push((target as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(query).sql);
              return (value as (q: unknown) => unknown).call(target, query);
            };
          }
          if (prop === 'transaction' && typeof value === 'function') {
            return (work: (tx: object) => Promise<unknown>) => (value as (w: typeof work) => Promise<unknown>).call(target, (tx) => work(recording(tx)));
          }
          return value;
        },
      });
    const recorded = { ...services, db: recording(services.db) };
    const pages = () => texts.filter((text) => text.includes(' as c_id,')).length;
    const relayAll = async () => {
      while ((await drainOutbox(recorded, 'default', OUTBOX_CONSUMERS)) > 0);
    };
    for (const c of conversations) await post(c.displayId, 'nobody listens');
    await relayAll();
    expect(pages()).toBe(0);
    const hook = await call('POST', base(account.id), admin.headers, { url: `${receiver}/hook-${account.id}`, subscriptions: ['message_created'] });
    expect(hook.statusCode, hook.body).toBe(200);
    texts.length = 0;
    for (const c of conversations) await post(c.displayId, 'now someone does');
    await relayAll();
    // both conversations in one page statement per relay that carried a reply (a conversation's rows stay on one)
    const relaysWithReplies = new Set(conversations.map((c) => c.id % RELAY_PARTITIONS)).size;
    expect(pages()).toBe(relaysWithReplies);
    const payloads = (await t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.accountId, account.id))).map((d) => d.payload as { conversation: { id: number } | null });
    expect(payloads.map((p) => p.conversation?.id).sort()).toEqual(conversations.map((c) => c.displayId).sort());
  });

  it('retries a 500 with backoff and logs both attempts; a 400 fails at once', async () => {
    const { account, admin, conversation, webhook } = await setUp();
    answerNext(account.id, 500);
    await toggle(account.id, conversation.displayId, admin.headers);
    const [delivery] = await deliveriesWritten(webhook.id, 1);
    const now = new Date();
    await runDueDeliveries(services, now);
    let [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + 1000);
    // not yet due
    await runDueDeliveries(services, new Date(now.getTime() + 500));
    expect((await deliveriesOf(webhook.id))[0]!.attempts).toBe(1);
    await runDueDeliveries(services, new Date(now.getTime() + 1500));
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });

    const log = await call('GET', base(account.id, `/${webhook.id}/deliveries`), admin.headers);
    expect(log.statusCode).toBe(200);
    expect(log.json().meta).toEqual({ count: 1, current_page: 1 });
    expect(log.json().payload[0]).toMatchObject({ id: delivery!.id, status: 'delivered', attempts: 2 });
    expect(log.json().payload[0].attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(received.filter((r) => r.headers['x-chatwoot-delivery'] === String(delivery!.id))).toHaveLength(2);

    // a 400 is not retried
    answerNext(account.id, 400);
    await toggle(account.id, conversation.displayId, admin.headers, 'open');
    await deliveriesWritten(webhook.id, 2);
    await runDueDeliveries(services);
    const rejected = (await deliveriesOf(webhook.id)).find((d) => d.id !== delivery!.id)!;
    expect(rejected).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 400 });
    const sent = received.length;
    await runDueDeliveries(services, new Date(Date.now() + 86_400_000));
    expect(received.length).toBe(sent);
  });

  it('redelivers a delivery on request (a new attempt)', async () => {
    const { account, admin, conversation, webhook } = await setUp();
    await toggle(account.id, conversation.displayId, admin.headers);
    const [delivery] = await deliveriesWritten(webhook.id, 1);
    await runDueDeliveries(services);
    const res = await call('POST', base(account.id, `/${webhook.id}/deliveries/${delivery!.id}/redeliver`), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: delivery!.id, status: 'pending' });
    await runDueDeliveries(services);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(row!.attemptLog).toHaveLength(2);
    expect(received.filter((r) => r.headers['x-chatwoot-delivery'] === String(delivery!.id))).toHaveLength(2);
    expect((await call('POST', base(account.id, `/${webhook.id}/deliveries/999999/redeliver`), admin.headers)).statusCode).toBe(404);
  });

  it('claims a delivery once when runners race', async () => {
    const { account, admin, conversation, webhook } = await setUp();
    await toggle(account.id, conversation.displayId, admin.headers);
    const [delivery] = await deliveriesWritten(webhook.id, 1);
    await Promise.all([runDueDeliveries(services), runDueDeliveries(services), runDueDeliveries(services)]);
    expect(received.filter((r) => r.headers['x-chatwoot-delivery'] === String(delivery!.id))).toHaveLength(1);
  });

  it('sends nothing for an unsubscribed event, and an inbox-scoped webhook ignores other inboxes', async () => {
    const { account, admin, inbox, conversation, webhook } = await setUp(['message_created']);
    const scoped = (await call('POST', base(account.id), admin.headers, { url: `${receiver}/scoped-${account.id}`, subscriptions: ['conversation_status_changed'], inbox_id: inbox.id })).json().payload.webhook;
    const otherInbox = await createInbox(t, account.id);
    const elsewhere = await createConversation(t, account.id, otherInbox.id);
    await toggle(account.id, elsewhere.displayId, admin.headers);
    await toggle(account.id, conversation.displayId, admin.headers);
    const [scopedDelivery] = await deliveriesWritten(scoped.id, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await deliveriesOf(webhook.id)).toHaveLength(0);
    expect(await deliveriesOf(scoped.id)).toHaveLength(1);
    expect(scopedDelivery!.payload).toMatchObject({ id: conversation.displayId, inbox_id: inbox.id });
  });
});

describe('API inbox deliveries under faults', () => {
  /** An agent's reply in an API inbox whose webhook_url is `url`, relayed: the reply's id and its delivery. */
  async function replyTo(url: (inboxId: number) => string) {
    const { account, admin } = await createAccountWithAdmin(t, { name: 'Acme' });
    const inbox = await createInbox(t, account.id, { name: 'Backend' });
    await t.db.update(schema.channels).set({ settings: { webhook_url: url(inbox.id), hmac_mandatory: false } }).where(eq(schema.channels.id, inbox.channelId));
    const conversation = await createConversation(t, account.id, inbox.id);
    const res = await call('POST', `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/messages`, admin.headers, { content: 'Are you there?' });
    expect(res.statusCode, res.body).toBe(200);
    const messageId = res.json().id as number;
    const d = schema.webhookDeliveries;
    for (let i = 0; i < 100; i++) {
      await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
      const [delivery] = await t.db.select().from(d).where(eq(d.messageId, messageId));
      if (delivery) return { account, admin, conversation, messageId, deliveryId: delivery.id };
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the reply was never relayed into a delivery');
  }
  const messageOf = async (id: number) => (await t.db.select().from(schema.messages).where(eq(schema.messages.id, id)))[0]!;
  const deliveryOf = async (id: number) => (await t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id)))[0]!;

  it('a crash between recording a delivery and settling its message writes neither: the delivery is sent again and the message becomes sent', async () => {
    const { messageId, deliveryId } = await replyTo((inboxId) => `${receiver}/inbox-${inboxId}`);
    // The crash point: the settle of this message fails after the delivery's result was written.
    const fn = `crash_settle_${messageId}`;
    await t.db.execute(sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'worker died before settling'; END $$`));
    await t.db.execute(
      sql.raw(`CREATE TRIGGER ${fn} BEFORE UPDATE ON messages FOR EACH ROW WHEN (OLD.id = ${messageId} AND NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION ${fn}()`),
    );
    const now = new Date();
    try {
      // what the crashed worker's run answers does not matter, only what it left written
      await runDueDeliveries(services, now).catch(() => undefined);
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER ${fn} ON messages`));
      await t.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    expect(received.filter((r) => r.json.id === messageId)).toHaveLength(1);
    // nothing of the attempt stuck: the claim is still pending, the message still in progress
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'pending', attempts: 1, deliveredAt: null });
    expect((await messageOf(messageId)).status).toBe('progress');
    // after the lease, another run sends it again (the receiver de-dups on X-Chatwoot-Delivery) and settles both
    await runDueDeliveries(services, new Date(now.getTime() + 2 * services.config.webhooks.timeoutMs + 6_000));
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await messageOf(messageId)).status).toBe('sent');
    expect(received.filter((r) => r.json.id === messageId).map((r) => r.headers['x-chatwoot-delivery'])).toEqual([String(deliveryId), String(deliveryId)]);
  });

  it('a receiver down for a while gets the reply once it is back, with the account webhooks’ backoff; the message is never failed', async () => {
    // a port nobody listens on (yet): connections are refused
    const down = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        comeBack.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        res.writeHead(200).end('ok');
      });
    });
    const comeBack: Record<string, unknown>[] = [];
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    try {
      const { messageId, deliveryId } = await replyTo(() => `http://127.0.0.1:${port}/hook`);
      const now = new Date();
      await runDueDeliveries(services, now);
      let delivery = await deliveryOf(deliveryId);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(delivery.nextAttemptAt.getTime()).toBe(now.getTime() + 1000);
      expect((await messageOf(messageId)).status).toBe('progress');
      await runDueDeliveries(services, delivery.nextAttemptAt);
      delivery = await deliveryOf(deliveryId);
      // 30 s then 2 min at the default base: ×1, then ×4
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
      expect((await messageOf(messageId)).status).toBe('progress');
      await new Promise<void>((resolve) => down.listen(port, '127.0.0.1', resolve));
      await runDueDeliveries(services, delivery.nextAttemptAt);
      expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
      const message = await messageOf(messageId);
      expect(message.status).toBe('sent');
      expect(message.contentAttributes.external_error).toBeUndefined();
      expect(comeBack.filter((b) => b.id === messageId)).toHaveLength(1);
    } finally {
      if (down.listening) await new Promise<void>((resolve) => down.close(() => resolve()));
    }
  });
});

describe.skipIf(process.env.TEST_DB === 'pglite')('one query at a time on a connection (node-postgres)', () => {
  type PgClient = { _activeQuery: unknown; _queryQueue: unknown[] };
  type Query = (this: PgClient, ...args: unknown[]) => unknown;
  /**
   * Runs `work` noting every query handed to a pg client that is still executing another (what pg 8 queues
   * with a deprecation warning and pg 9 refuses): a Promise.all on a transaction's connection. Answers their SQL.
   */
  async function overlapsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const { Client } = (t.app.db as unknown as { $client: { Client: { prototype: { query: Query } } } }).$client;
    const original = Client.prototype.query;
    const overlaps: string[] = [];
    Client.prototype.query = function (this: PgClient, ...args: unknown[]) {
      if (this._activeQuery || this._queryQueue.length > 0) overlaps.push(JSON.stringify(args[0]).slice(0, 200));
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      Client.prototype.query = original;
    }
    return overlaps;
  }

  it('the detector sees two queries at once on a transaction', async () => {
    const overlaps = await overlapsDuring(() => t.app.db.transaction((tx) => Promise.all([tx.execute(sql`select pg_sleep(0.01)`), tx.execute(sql`select 1`)])));
    expect(overlaps.length).toBeGreaterThan(0);
  });

  it('relaying events into deliveries and sending them never runs two queries at once on one connection', async () => {
    const { account, admin, conversation } = await setUp(['message_created', 'message_updated', 'conversation_status_changed', 'conversation_updated']);
    const inbox = await createInbox(t, account.id, { name: 'Backend' });
    await t.db.update(schema.channels).set({ settings: { webhook_url: `${receiver}/inbox-${inbox.id}`, hmac_mandatory: false } }).where(eq(schema.channels.id, inbox.channelId));
    const apiConversation = await createConversation(t, account.id, inbox.id);
    // an assignee: the conversation presenters load agents besides message summaries
    await t.db.update(schema.conversations).set({ assigneeId: admin.user.id }).where(eq(schema.conversations.id, apiConversation.id));
    const posted = await call('POST', `/api/v1/accounts/${account.id}/conversations/${apiConversation.displayId}/messages`, admin.headers, { content: 'Over to you' });
    expect(posted.statusCode, posted.body).toBe(200);
    await toggle(account.id, conversation.displayId, admin.headers);
    await toggle(account.id, apiConversation.displayId, admin.headers);
    const overlaps = await overlapsDuring(async () => {
      await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
      await runDueDeliveries(services);
      // the settled reply's own events, relayed in turn
      await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
    });
    // the work happened: the reply reached the inbox's receiver and the account webhook
    expect(received.filter((r) => r.json.content === 'Over to you').length).toBeGreaterThanOrEqual(2);
    expect(overlaps).toEqual([]);
  });
});
