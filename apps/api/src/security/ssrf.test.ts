import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox } from '../../test/factories.ts';
import type { Services } from '../lib/context.ts';
import { allowListGuard, BlockedAddressError, guardedAgents, postGuarded } from '../lib/safe-fetch.ts';
import { drainOutbox } from '../jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../jobs/processors.ts';
import { DownloadError, downloadImage } from '../modules/agent-bots/avatar.ts';
import { runDueDeliveries } from '../modules/webhooks/delivery.ts';

/**
 * SSRF (issue 16, security suite): no URL a member types makes the server connect into its own network, in any of
 * the spellings that reach it, on save or when the request is made (after DNS changed, after a redirect).
 *
 * A trap server listens on every local address (IPv4 and IPv6) and counts what reaches it: every probe must leave
 * it untouched. The fetchers under test are all the server has: postGuarded (account webhooks and API inboxes'
 * webhook_url deliveries) and downloadImage (contact and agent-bot avatars); web push reuses urlRefusal on save.
 */

let trap: http.Server;
let trapHits: string[];
let port: number;
let redirector: http.Server;
let redirectorUrl: string;

let t: TestContext;
let services: Services;

beforeAll(async () => {
  trapHits = [];
  trap = http.createServer((req, res) => {
    trapHits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png' }).end('secret');
  });
  await new Promise<void>((resolve) => trap.listen(0, '::', resolve));
  port = (trap.address() as AddressInfo).port;
  // an outside server (allowed by the guards below) that redirects to the trap on loopback
  redirector = http.createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/redirected` }).end());
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.2', resolve));
  redirectorUrl = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}/avatar.png`;
  // no WEBHOOK_ALLOWED_HOSTS: the production default
  t = await buildTestApp({ RUN_WORKERS: 'false', WEBHOOK_POLL_INTERVAL_MS: '0' });
  services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => trap.close(() => resolve()));
  await new Promise<void>((resolve) => redirector.close(() => resolve()));
});

/** Spellings of this machine that a URL parser or resolver turns into a loopback or unspecified address. */
const loopbackForms = () => [
  `http://127.0.0.1:${port}/`,
  `http://localhost:${port}/`,
  `http://127.1:${port}/`,
  `http://2130706433:${port}/`, // decimal
  `http://0177.0.0.1:${port}/`, // octal
  `http://0x7f.0.0.1:${port}/`, // hexadecimal
  `http://0.0.0.0:${port}/`,
  `http://0:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped IPv6
  `http://[::ffff:7f00:1]:${port}/`,
];
/** Private, link-local (cloud metadata), carrier-grade NAT and unique-local addresses (nothing listens there). */
const PRIVATE_FORMS = [
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://100.64.0.1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
];
const OTHER_SCHEMES = () => ['file:///etc/passwd', `gopher://127.0.0.1:${port}/`, `ftp://127.0.0.1:${port}/`];

describe('SSRF: URLs are refused on save', () => {
  it('an account webhook, a contact avatar_url and a web-push endpoint refuse every non-public form (422, nothing written)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const accepted: string[] = [];
    const before = { webhooks: await countRows(t, schema.webhooks), contacts: await countRows(t, schema.contacts), subs: await countRows(t, schema.notificationSubscriptions) };
    for (const url of [...loopbackForms(), ...PRIVATE_FORMS, ...OTHER_SCHEMES()]) {
      const probes = [
        { what: 'webhook', req: { method: 'POST' as const, url: `/api/v1/accounts/${account.id}/webhooks`, payload: { url, subscriptions: ['message_created'] } } },
        { what: 'avatar_url', req: { method: 'POST' as const, url: `/api/v1/accounts/${account.id}/contacts`, payload: { name: 'Probe', avatar_url: url } } },
        {
          what: 'push endpoint',
          req: {
            method: 'POST' as const,
            url: '/api/v1/notification_subscriptions',
            payload: { subscription_type: 'browser_push', subscription_attributes: { endpoint: url, p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa40HI', auth: 'c2VjcmV0' } },
          },
        },
      ];
      for (const { what, req } of probes) {
        const res = await t.app.inject({ ...req, headers: admin.headers });
        if (res.statusCode !== 422) accepted.push(`${what} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect({ webhooks: await countRows(t, schema.webhooks), contacts: await countRows(t, schema.contacts), subs: await countRows(t, schema.notificationSubscriptions) }).toEqual(before);
    expect(trapHits).toEqual([]);
  }, 60_000);
});

describe('SSRF: refused again where the connection is made', () => {
  it('webhook deliveries (postGuarded) never connect to a loopback, private or non-http address', async () => {
    const connected: string[] = [];
    for (const url of [...loopbackForms(), ...PRIVATE_FORMS, ...OTHER_SCHEMES()]) {
      const outcome = await postGuarded(url, '{}', { 'content-type': 'application/json' }, { guard: allowListGuard([]), timeoutMs: 2_000 }).then(
        (r) => `answered ${r.status}`,
        (err: unknown) => (err instanceof BlockedAddressError ? null : `failed otherwise: ${String(err)}`),
      );
      if (outcome) connected.push(`${url}: ${outcome}`);
    }
    expect(connected).toEqual([]);
    expect(trapHits).toEqual([]);
  }, 60_000);

  it('keep-alive sending (the agents deliveries use) is refused the same way, and reuses only a connection that passed', async () => {
    const connected: string[] = [];
    const agents = guardedAgents(allowListGuard([]));
    for (const url of [...loopbackForms(), ...PRIVATE_FORMS, ...OTHER_SCHEMES()]) {
      const outcome = await postGuarded(url, '{}', { 'content-type': 'application/json' }, { guard: allowListGuard([]), timeoutMs: 2_000, agents }).then(
        (r) => `answered ${r.status}`,
        (err: unknown) => (err instanceof BlockedAddressError ? null : `failed otherwise: ${String(err)}`),
      );
      if (outcome) connected.push(`${url}: ${outcome}`);
    }
    expect(connected).toEqual([]);
    expect(trapHits).toEqual([]);

    // an allowed receiver: three deliveries over one connection
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    let connections = 0;
    receiver.on('connection', () => void connections++);
    await new Promise<void>((resolve) => receiver.listen(0, '::', resolve));
    const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
    const allowed = allowListGuard(['localhost']);
    const keptAlive = guardedAgents(allowed);
    try {
      for (let i = 0; i < 3; i++) expect(await postGuarded(url, '{}', {}, { guard: allowed, timeoutMs: 2_000, agents: keptAlive })).toEqual({ status: 200 });
      expect(connections).toBe(1);
      // the same agents refuse a host the guard does not allow, though a socket to the same address is pooled
      const other = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await expect(postGuarded(other, '{}', {}, { guard: allowed, timeoutMs: 2_000, agents: keptAlive })).rejects.toBeInstanceOf(BlockedAddressError);
      expect(connections).toBe(1);
    } finally {
      keptAlive['http:'].destroy();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 60_000);

  it('avatar downloads (downloadImage) never connect to a non-public address, nor follow a redirect to loopback', async () => {
    const connected: string[] = [];
    for (const url of [...loopbackForms(), ...PRIVATE_FORMS, ...OTHER_SCHEMES()]) {
      const outcome = await downloadImage(url, { timeoutMs: 2_000 }).then(
        () => 'downloaded',
        (err: unknown) => (err instanceof DownloadError ? null : `failed otherwise: ${String(err)}`),
      );
      if (outcome) connected.push(`${url}: ${outcome}`);
    }
    expect(connected).toEqual([]);
    // the first hop is allowed (as an allow-listed integration host would be); the loopback target is not
    await expect(downloadImage(redirectorUrl, { guard: allowListGuard(['127.0.0.2']), timeoutMs: 2_000 })).rejects.toMatchObject({ privateAddress: true });
    // a webhook is never redirected at all: the 302 is its answer
    await expect(postGuarded(redirectorUrl, '{}', {}, { guard: allowListGuard(['127.0.0.2']), timeoutMs: 2_000 })).resolves.toEqual({ status: 302 });
    expect(trapHits).toEqual([]);
  }, 60_000);

  it('a webhook and an API inbox webhook_url whose address turned private after saving are never called', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    // saved through the API with an outside name, then pointed inside, as a DNS change after the save check would
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${account.id}/webhooks`,
      headers: admin.headers,
      payload: { url: 'https://hooks.example.invalid/in', subscriptions: ['conversation_status_changed', 'message_created'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const webhook = created.json().payload.webhook as { id: number };
    await t.db.update(schema.webhooks).set({ url: `http://localhost:${port}/webhook` }).where(eq(schema.webhooks.id, webhook.id));
    const inbox = await createInbox(t, account.id);
    await t.db.update(schema.channels).set({ settings: { webhook_url: `http://[::ffff:127.0.0.1]:${port}/inbox` } }).where(eq(schema.channels.id, inbox.channelId));
    const conversation = await createConversation(t, account.id, inbox.id);
    const base = `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}`;
    expect((await t.app.inject({ method: 'POST', url: `${base}/messages`, headers: admin.headers, payload: { content: 'reply' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${base}/toggle_status`, headers: admin.headers, payload: { status: 'resolved' } })).statusCode).toBe(200);
    await drainOutbox(services, 'default', OUTBOX_CONSUMERS);
    const deliveries = () => t.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.accountId, account.id));
    expect((await deliveries()).length).toBeGreaterThanOrEqual(3);
    await runDueDeliveries(services, new Date(Date.now() + 60_000));
    const rows = await deliveries();
    expect(rows.filter((d) => d.webhookId === webhook.id).length).toBeGreaterThanOrEqual(2);
    expect(rows.every((d) => d.attempts >= 1 && d.status !== 'delivered' && /public|address/i.test(d.lastError ?? ''))).toBe(true);
    expect(trapHits).toEqual([]);
  }, 60_000);
});
