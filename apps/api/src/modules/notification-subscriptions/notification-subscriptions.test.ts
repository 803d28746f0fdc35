import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { NotificationSubscriptionSchema, PushMessageSchema } from '@app/shared/notification-subscriptions';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { ConfigError, loadConfig } from '../../plugins/config.ts';
import { MAX_SUBSCRIPTIONS_PER_USER } from './service.ts';

// The push service is played by an HTTP server on 127.0.0.1 (allowed like a webhook receiver on the local network).
let t: TestContext;
let pushService: http.Server;
let received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let answerWith = 201;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answerWith).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await t.close();
});
beforeEach(() => {
  received = [];
  answerWith = 201;
});

const base = '/api/v1/notification_subscriptions';
const pushUrl = (name: string) => `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/${name}-${randomBytes(4).toString('hex')}`;

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}
type Browser = ReturnType<typeof browserKeys>;

const body = (endpoint: string, browser: Browser) => ({
  notification_subscription: { subscription_type: 'browser_push', subscription_attributes: { endpoint, p256dh: browser.p256dh, auth: browser.authText } },
});

/** Decrypts an aes128gcm push as the browser would (RFC 8291 and 8188), to check what the server sent. */
function decrypt(payload: Buffer, browser: Browser): string {
  const salt = payload.subarray(0, 16);
  const idLength = payload[20]!;
  const serverKey = payload.subarray(21, 21 + idLength);
  const cipherText = payload.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 and optional zero padding
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end -= 1;
  return plain.subarray(0, end - 1).toString('utf8');
}

async function waitFor<T>(probe: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const subscriptionRows = (userId: number) => t.db.select().from(schema.notificationSubscriptions).where(eq(schema.notificationSubscriptions.userId, userId));

/** An account whose agent Ann works an inbox with a conversation in it. */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann Agent' });
  const inbox = await createInbox(t, account.id, { name: 'Support', members: [ann.user.id] });
  const conversation = await createConversation(t, account.id, inbox.id);
  const assign = (assigneeId: number | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${account.id}/conversations/${conversation.displayId}/assignments`,
      headers: admin.headers,
      payload: { assignee_id: assigneeId },
    });
  return { account, admin, ann, conversation, assign };
}

describe('POST /api/v1/notification_subscriptions', () => {
  it('S0-7.29 S0-3.20 registers the browser: subscription_type browser_push with endpoint, p256dh and auth (wrapped or flat)', async () => {
    const { ann } = await setup();
    const browser = browserKeys();
    const endpoint = pushUrl('ann');
    const res = await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(endpoint, browser) });
    expect(res.statusCode).toBe(200);
    const created = NotificationSubscriptionSchema.parse(res.json());
    expect(created).toMatchObject({
      user_id: ann.user.id,
      subscription_type: 'browser_push',
      subscription_attributes: { endpoint, p256dh: browser.p256dh, auth: browser.authText },
      identifier: endpoint,
    });
    expect(await subscriptionRows(ann.user.id)).toHaveLength(1);

    // the same browser again, flat and with the API token: the row is updated, not doubled
    const again = browserKeys();
    const flat = await t.app.inject({ method: 'POST', url: base, headers: { api_access_token: ann.token }, payload: body(endpoint, again).notification_subscription });
    expect(flat.statusCode).toBe(200);
    expect(flat.json()).toMatchObject({ id: created.id, subscription_attributes: { p256dh: again.p256dh } });
    expect(await subscriptionRows(ann.user.id)).toHaveLength(1);
  });

  it('moves a browser to the user who registered it last (two people on one browser)', async () => {
    const { account, ann } = await setup();
    const bob = await createMember(t, account.id, 'agent');
    const endpoint = pushUrl('shared');
    await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(endpoint, browserKeys()) });
    const res = await t.app.inject({ method: 'POST', url: base, headers: bob.headers, payload: body(endpoint, browserKeys()) });
    expect(res.json()).toMatchObject({ user_id: bob.user.id });
    expect(await subscriptionRows(ann.user.id)).toHaveLength(0);
    expect(await subscriptionRows(bob.user.id)).toHaveLength(1);
  });

  it(`keeps a user's ${MAX_SUBSCRIPTIONS_PER_USER} most recent browsers`, async () => {
    const { ann } = await setup();
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i += 1) {
      endpoints.push(pushUrl(`many-${i}`));
      expect((await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(endpoints[i]!, browserKeys()) })).statusCode).toBe(200);
    }
    const kept = (await subscriptionRows(ann.user.id)).map((r) => r.identifier).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());
  });

  it('answers 422 and writes nothing for a missing endpoint, another type, unusable keys or a private address', async () => {
    const { ann } = await setup();
    const before = await countRows(t, schema.notificationSubscriptions);
    const browser = browserKeys();
    const cases: [object, string][] = [
      [{ subscription_type: 'browser_push', subscription_attributes: { p256dh: browser.p256dh, auth: browser.authText } }, 'subscription_attributes.endpoint'],
      [{ subscription_type: 'fcm', subscription_attributes: { endpoint: pushUrl('x'), p256dh: browser.p256dh, auth: browser.authText } }, 'subscription_type'],
      [{ subscription_type: 'browser_push', subscription_attributes: { endpoint: 'ftp://push.example.com/x', p256dh: browser.p256dh, auth: browser.authText } }, 'subscription_attributes.endpoint'],
      [{ subscription_type: 'browser_push', subscription_attributes: { endpoint: pushUrl('x'), p256dh: 'c2hvcnQ', auth: browser.authText } }, 'subscription_attributes.p256dh'],
      [{ subscription_type: 'browser_push', subscription_attributes: { endpoint: pushUrl('x'), p256dh: browser.p256dh, auth: 'bad auth!' } }, 'subscription_attributes.auth'],
      [{ subscription_type: 'browser_push', subscription_attributes: { endpoint: 'http://10.1.2.3/push', p256dh: browser.p256dh, auth: browser.authText } }, 'subscription_attributes.endpoint'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: { notification_subscription: payload } });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(res.json()), field).toContain(field.split('.').pop());
    }
    expect(await countRows(t, schema.notificationSubscriptions)).toBe(before);
  });

  it('answers 401 without a session or token, and writes nothing', async () => {
    const before = await countRows(t, schema.notificationSubscriptions);
    const res = await t.app.inject({ method: 'POST', url: base, payload: body(pushUrl('anon'), browserKeys()) });
    expect(res.statusCode).toBe(401);
    expect(await countRows(t, schema.notificationSubscriptions)).toBe(before);
  });
});

describe('DELETE /api/v1/notification_subscriptions', () => {
  it("removes the caller's own browser by endpoint; another user's stays (the answer is 200 either way)", async () => {
    const { account, ann } = await setup();
    const bob = await createMember(t, account.id, 'agent');
    const annEndpoint = pushUrl('ann');
    const bobEndpoint = pushUrl('bob');
    await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(annEndpoint, browserKeys()) });
    await t.app.inject({ method: 'POST', url: base, headers: bob.headers, payload: body(bobEndpoint, browserKeys()) });

    expect((await t.app.inject({ method: 'DELETE', url: base, headers: ann.headers, payload: { endpoint: bobEndpoint } })).statusCode).toBe(200);
    expect(await subscriptionRows(bob.user.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: base, headers: ann.headers, payload: { push_token: annEndpoint } })).statusCode).toBe(200);
    expect(await subscriptionRows(ann.user.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url: base, headers: ann.headers, payload: {} })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: base, payload: { endpoint: bobEndpoint } })).statusCode).toBe(401);
    expect(await subscriptionRows(bob.user.id)).toHaveLength(1);
  });
});

describe('VAPID keys', () => {
  it('are made once in the data dir and kept; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY replace them (both or neither)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir, SECRET_KEY_BASE: 'x'.repeat(40) }).vapid;
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY_BASE: 'x'.repeat(40) }).vapid).toEqual(first);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid_keys.json'), 'utf8'))).toEqual(first);
      const fromEnv = loadConfig({ DATA_DIR: dataDir, SECRET_KEY_BASE: 'x'.repeat(40), VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapid;
      expect(fromEnv).toEqual({ publicKey: 'pub', privateKey: 'priv' });
      expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY_BASE: 'x'.repeat(40), VAPID_PUBLIC_KEY: 'pub' })).toThrow(ConfigError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the public key is in global_config for the dashboard to subscribe with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/global_config' });
    expect(res.json().vapid_public_key).toBe(t.config.vapid.publicKey);
  });
});

describe('delivery', () => {
  it('a new notification is pushed, encrypted and VAPID-signed, to the browsers of its user who asked for that type by push', async () => {
    const { account, ann, conversation, assign } = await setup();
    const browser = browserKeys();
    const endpoint = pushUrl('ann');
    await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(endpoint, browser) });

    // push_conversation_assignment is on by default
    expect((await assign(ann.user.id)).statusCode).toBe(200);
    const pushes = await waitFor(() => received, (r) => r.length === 1);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push!.path).toBe(new URL(endpoint).pathname);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(push!.headers['ttl']).toBe('86400');
    expect(push!.headers['authorization']).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid.publicKey}$`));
    expect(push!.body.includes(Buffer.from('Assigned'))).toBe(false);

    const message = PushMessageSchema.parse(JSON.parse(decrypt(push!.body, browser)));
    const [notification] = await t.db.select().from(schema.notifications).where(eq(schema.notifications.userId, ann.user.id));
    expect(message).toEqual({
      title: expect.stringContaining(`#${conversation.displayId}`),
      tag: `conversation_assignment_${conversation.displayId}_${notification!.id}`,
      url: `http://localhost:3000/app/accounts/${account.id}/conversations/${conversation.displayId}`,
    });
  });

  it('nothing is pushed when the user turned that push off in the account', async () => {
    const { account, ann, assign } = await setup();
    await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(pushUrl('ann'), browserKeys()) });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${account.id}/notification_settings`,
      headers: ann.headers,
      payload: { notification_settings: { selected_push_flags: ['push_conversation_mention'] } },
    });
    expect(off.statusCode).toBe(200);
    await assign(ann.user.id);
    await waitFor(() => t.db.select().from(schema.notifications).where(eq(schema.notifications.userId, ann.user.id)), (rows) => rows.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(0);
  });

  it.each([404, 410])('a browser whose push service answers %i is unregistered; one failing otherwise is kept', async (status) => {
    const { ann, assign } = await setup();
    await t.app.inject({ method: 'POST', url: base, headers: ann.headers, payload: body(pushUrl('gone'), browserKeys()) });
    answerWith = 500;
    await assign(ann.user.id);
    await waitFor(() => received, (r) => r.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await subscriptionRows(ann.user.id)).toHaveLength(1);

    answerWith = status;
    await assign(null);
    await assign(ann.user.id);
    await waitFor(() => subscriptionRows(ann.user.id), (rows) => rows.length === 0);
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(await subscriptionRows(ann.user.id)).toHaveLength(0);
  });
});
