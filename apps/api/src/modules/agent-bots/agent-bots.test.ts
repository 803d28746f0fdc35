import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, injectMultipart, PNG, type FilePart, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createInbox, createMember } from '../../../test/factories.ts';
import { sha256 } from '../../lib/crypto.ts';
import { findAgentBotIdByAccessToken } from '../auth/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/agent_bots${rest}`;
const inboxUrl = (accountId: number, inboxId: number | string, rest: '/agent_bot' | '/set_agent_bot') => `/api/v1/accounts/${accountId}/inboxes/${inboxId}${rest}`;
const call = (method: Method, path: string, headers: Headers | undefined, payload?: object, app = t.app) =>
  app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });


const multipart = (method: 'POST' | 'PATCH', path: string, headers: Headers, fields: Record<string, string | FilePart>) =>
  injectMultipart(t.app, method, path, headers, fields);

const avatarFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'storage', 'avatars'));
  } catch {
    return [];
  }
};
const pathOf = (href: string) => new URL(href).pathname;

async function createBot(accountId: number, headers: Headers, body: object = {}) {
  const res = await call('POST', url(accountId), headers, { name: 'Helper', outgoing_url: 'https://bots.example.com/hook', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; access_token: string; [key: string]: unknown };
}

async function createSystemBot(name = 'System bot') {
  const [row] = await t.db.insert(schema.agentBots).values({ accountId: null, name, outgoingUrl: 'https://system.example.com/bot' }).returning();
  return row!;
}

const botRows = () => countRows(t, schema.agentBots);
const tokenRows = async (botId: number) =>
  t.db.select().from(schema.accessTokens).where(and(eq(schema.accessTokens.ownerType, 'agent_bot'), eq(schema.accessTokens.ownerId, botId)));
const auditTypes = async (accountId: number, type: string) =>
  (await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, accountId), eq(schema.auditLogs.auditableType, type)))).map((l) => l.action).sort();
const cacheKey = async (accountId: number, headers: Headers) =>
  (await call('GET', `/api/v1/accounts/${accountId}/cache_keys`, headers)).json().cache_keys.inbox as number;
const inboxBotId = async (inboxId: number) =>
  (await t.db.select({ id: schema.inboxes.agentBotId }).from(schema.inboxes).where(eq(schema.inboxes.id, inboxId)))[0]!.id;

/** Everything a rejected request must leave untouched. */
const snapshot = async () => ({
  bots: await botRows(),
  tokens: await countRows(t, schema.accessTokens),
  audits: await countRows(t, schema.auditLogs),
  files: avatarFiles().length,
});

describe('agent bots CRUD', () => {
  it('S1-7.36 creates (wrapped body, bot_type 0), lists with the system bots, shows, updates (flat body) and deletes a bot, with audit rows', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const system = await createSystemBot();

    const created = await call('POST', url(account.id), admin.headers, {
      agent_bot: { name: 'Triage', description: 'Sorts new chats', outgoing_url: 'https://bots.example.com/triage', bot_type: 0, bot_config: { threshold: 3 } },
    });
    expect(created.statusCode).toBe(200);
    const bot = created.json();
    expect(bot).toEqual({
      id: expect.any(Number),
      name: 'Triage',
      description: 'Sorts new chats',
      thumbnail: '',
      outgoing_url: 'https://bots.example.com/triage',
      bot_type: 'webhook',
      bot_config: { threshold: 3 },
      account_id: account.id,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{24,}$/),
      system_bot: false,
    });

    const list = (await call('GET', url(account.id), admin.headers)).json();
    expect(list).toContainEqual(bot);
    const listedSystem = list.find((b: { id: number }) => b.id === system.id);
    expect(listedSystem).toMatchObject({ name: 'System bot', account_id: null, system_bot: true });
    expect(listedSystem).not.toHaveProperty('access_token');
    expect((await call('GET', url(account.id, `/${bot.id}`), admin.headers)).json()).toEqual(bot);
    expect((await call('GET', url(account.id, `/${system.id}`), admin.headers)).json()).toMatchObject({ id: system.id, system_bot: true });

    const updated = await call('PATCH', url(account.id, `/${bot.id}`), admin.headers, { name: 'Triage v2', outgoing_url: '', bot_config: {} });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...bot, name: 'Triage v2', outgoing_url: null, bot_config: {} });

    const deleted = await call('DELETE', url(account.id, `/${bot.id}`), admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toBe('');
    expect((await call('GET', url(account.id, `/${bot.id}`), admin.headers)).statusCode).toBe(404);
    expect(await tokenRows(bot.id)).toEqual([]);
    expect(await auditTypes(account.id, 'AgentBot')).toEqual(['create', 'destroy', 'update']);
  });

  it('S1-7.36 keeps the bot token only hashed and sealed; reset_access_token rotates it and the old token stops matching', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bot = await createBot(account.id, admin.headers);
    const oldToken = bot.access_token;
    const [row] = await tokenRows(bot.id);
    expect(row!.tokenHash).toBe(sha256(oldToken));
    expect(row!.tokenHash).not.toContain(oldToken);
    expect(row!.tokenEncrypted).not.toContain(oldToken);
    expect(await findAgentBotIdByAccessToken(t.db, oldToken)).toBe(bot.id);

    const reset = await call('POST', url(account.id, `/${bot.id}/reset_access_token`), admin.headers);
    expect(reset.statusCode).toBe(200);
    const newToken = reset.json().access_token as string;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(newToken).not.toBe(oldToken);
    expect(await findAgentBotIdByAccessToken(t.db, oldToken)).toBeNull();
    expect(await findAgentBotIdByAccessToken(t.db, newToken)).toBe(bot.id);
    expect(await tokenRows(bot.id)).toHaveLength(1);
    expect((await call('GET', url(account.id, `/${bot.id}`), admin.headers)).json().access_token).toBe(newToken);
    expect(await auditTypes(account.id, 'AgentBot')).toEqual(['create', 'update']);

    // A bot token is not a user token: it opens no user route (bots act through the conversations API, later).
    expect((await call('GET', url(account.id), { api_access_token: newToken })).statusCode).toBe(401);
  });

  it('answers 422 for bad input (no name, bad URL, unknown bot_type, non-object bot_config) and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bot = await createBot(account.id, admin.headers);
    const before = await snapshot();
    const bad: [object, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'Bot', outgoing_url: 'ftp://bots.example.com' }, 'outgoing_url'],
      [{ name: 'Bot', outgoing_url: 'not a url' }, 'outgoing_url'],
      [{ name: 'Bot', bot_type: 'csml' }, 'bot_type'],
      [{ name: 'Bot', bot_type: 1 }, 'bot_type'],
      [{ name: 'Bot', bot_config: 'yes' }, 'bot_config'],
      [{ name: 'Bot', bot_config: { big: 'x'.repeat(20_000) } }, 'bot_config'],
      [{ name: 'Bot', avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
      [{ name: 'Bot', avatar: 'data:image/png;base64,AAAA' }, 'avatar'],
    ];
    for (const [payload, field] of bad) {
      const res = await call('POST', url(account.id), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().attributes[0]).toMatch(new RegExp(`^${field}`));
    }
    for (const payload of [{ name: '' }, { outgoing_url: 'mailto:a@b.c' }, { agent_bot: { bot_type: 'rasa' } }]) {
      expect((await call('PATCH', url(account.id, `/${bot.id}`), admin.headers, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', url(account.id, `/${bot.id}`), admin.headers)).json()).toEqual(bot);
  });

  it('S1-7.36 takes a multipart avatar checked by content, replaces it on update and removes it with DELETE avatar', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await multipart('POST', url(account.id), admin.headers, {
      'agent_bot[name]': 'Pictured',
      'agent_bot[bot_type]': '0',
      'agent_bot[outgoing_url]': '',
      'agent_bot[avatar]': { data: PNG, filename: 'bot.png', type: 'image/png' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json();
    expect(bot).toMatchObject({ name: 'Pictured', bot_type: 'webhook', outgoing_url: null });
    expect(bot.thumbnail).toMatch(/^http:\/\/localhost:3000\/uploads\/avatars\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: pathOf(bot.thumbnail) });
    expect(served.headers['content-type']).toBe('image/png');

    // The claimed type and name do not matter: the bytes are a GIF.
    const updated = await multipart('PATCH', url(account.id, `/${bot.id}`), admin.headers, { 'agent_bot[avatar]': { data: GIF, filename: 'x.png', type: 'image/png' } });
    expect(updated.statusCode).toBe(200);
    const thumbnail = updated.json().thumbnail as string;
    expect(thumbnail).toMatch(/\.gif$/);
    expect((await t.app.inject({ method: 'GET', url: pathOf(bot.thumbnail) })).statusCode).toBe(404);

    const removed = await call('DELETE', url(account.id, `/${bot.id}/avatar`), admin.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: bot.id, thumbnail: '' });
    expect((await t.app.inject({ method: 'GET', url: pathOf(thumbnail) })).statusCode).toBe(404);
    expect((await call('DELETE', url(account.id, `/${bot.id}/avatar`), admin.headers)).json().thumbnail).toBe('');
  });

  it('refuses an SVG avatar named .png with 422 on avatar; nothing is written, not even a file', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bot = await createBot(account.id, admin.headers);
    const before = await snapshot();
    const svg = { data: SVG, filename: 'bot.png', type: 'image/png' };
    const create = await multipart('POST', url(account.id), admin.headers, { 'agent_bot[name]': 'Sneaky', 'agent_bot[avatar]': svg });
    expect(create.statusCode).toBe(422);
    expect(create.json().attributes).toEqual(['avatar']);
    const update = await multipart('PATCH', url(account.id, `/${bot.id}`), admin.headers, { 'agent_bot[name]': 'Renamed', 'agent_bot[avatar]': svg });
    expect(update.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', url(account.id, `/${bot.id}`), admin.headers)).json().name).toBe('Helper');
  });

  it('refuses an avatar_url on a loopback or private address with 422 without fetching it; nothing is written', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const { account, admin } = await createAccountWithAdmin(t);
      const before = await snapshot();
      for (const avatarUrl of [`http://127.0.0.1:${port}/bot.png`, `http://localhost:${port}/bot.png`, 'http://169.254.169.254/latest/meta-data/']) {
        const res = await call('POST', url(account.id), admin.headers, { name: 'Remote', avatar_url: avatarUrl });
        expect(res.statusCode, avatarUrl).toBe(422);
        expect(res.json().errors).toEqual({ avatar_url: ['must point to a public address'] });
      }
      expect(hits).toBe(0);
      expect(await snapshot()).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('system bots are read-only: PATCH, DELETE, DELETE avatar and reset_access_token answer 404 and change nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const system = await createSystemBot('Read-only system bot');
    const before = await snapshot();
    for (const [method, rest] of [['PATCH', ''], ['DELETE', ''], ['DELETE', '/avatar'], ['POST', '/reset_access_token']] as const) {
      const res = await call(method, url(account.id, `/${system.id}${rest}`), admin.headers, method === 'PATCH' ? { name: 'Mine now' } : undefined);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    const shown = (await call('GET', url(account.id, `/${system.id}`), admin.headers)).json();
    expect(shown).toMatchObject({ name: 'Read-only system bot', system_bot: true });
    expect(shown).not.toHaveProperty('access_token');
  });

  it('answers 401 without auth on every route', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bot = await createBot(account.id, admin.headers);
    const inbox = await createInbox(t, account.id);
    const routes: [Method, string][] = [
      ['GET', url(account.id)],
      ['GET', url(account.id, `/${bot.id}`)],
      ['POST', url(account.id)],
      ['PATCH', url(account.id, `/${bot.id}`)],
      ['DELETE', url(account.id, `/${bot.id}`)],
      ['DELETE', url(account.id, `/${bot.id}/avatar`)],
      ['POST', url(account.id, `/${bot.id}/reset_access_token`)],
      ['GET', inboxUrl(account.id, inbox.id, '/agent_bot')],
      ['POST', inboxUrl(account.id, inbox.id, '/set_agent_bot')],
    ];
    for (const [method, path] of routes) {
      expect((await call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', agent_bot: bot.id })).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('agents read bots without tokens, only administrators write; checkers do not read bots (403)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const bot = await createBot(account.id, admin.headers);
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');

    const seen = await call('GET', url(account.id), agent.headers);
    expect(seen.statusCode).toBe(200);
    for (const b of seen.json()) expect(b).not.toHaveProperty('access_token');
    const one = (await call('GET', url(account.id, `/${bot.id}`), agent.headers)).json();
    expect(one).toMatchObject({ id: bot.id, name: 'Helper' });
    expect(one).not.toHaveProperty('access_token');

    const before = await snapshot();
    for (const [method, rest] of [['POST', ''], ['PATCH', `/${bot.id}`], ['DELETE', `/${bot.id}`], ['DELETE', `/${bot.id}/avatar`], ['POST', `/${bot.id}/reset_access_token`]] as const) {
      const res = await call(method, url(account.id, rest), agent.headers, method === 'DELETE' ? undefined : { name: 'Agent bot' });
      expect(res.statusCode, `${method} ${rest}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', url(account.id), checker.headers)).statusCode).toBe(403);
    expect((await call('GET', url(account.id, `/${bot.id}`), checker.headers)).statusCode).toBe(403);
  });

  it("answers 404 for another account and for another account's bots", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await createBot(other.id, otherAdmin.headers, { name: 'Theirs' });
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('POST', url(other.id), admin.headers, { name: 'Planted' })).statusCode).toBe(404);
    const before = await snapshot();
    for (const [method, rest] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['DELETE', '/avatar'], ['POST', '/reset_access_token']] as const) {
      const res = await call(method, url(account.id, `/${theirs.id}${rest}`), admin.headers, method === 'PATCH' ? { name: 'Stolen' } : undefined);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', url(account.id), admin.headers)).json().map((b: { id: number }) => b.id)).not.toContain(theirs.id);
    expect((await call('GET', url(account.id, '/abc'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().access_token).toBe(theirs.access_token);
  });

  it('S0-6.23 answers 403 feature_disabled on every agent-bot route when the account has agent_bots off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { agent_bots: false } });
    const inbox = await createInbox(t, account.id);
    const before = await snapshot();
    const routes: [Method, string][] = [
      ['GET', url(account.id)],
      ['GET', url(account.id, '/1')],
      ['POST', url(account.id)],
      ['PATCH', url(account.id, '/1')],
      ['DELETE', url(account.id, '/1')],
      ['DELETE', url(account.id, '/1/avatar')],
      ['POST', url(account.id, '/1/reset_access_token')],
      ['GET', inboxUrl(account.id, inbox.id, '/agent_bot')],
      ['POST', inboxUrl(account.id, inbox.id, '/set_agent_bot')],
    ];
    for (const [method, path] of routes) {
      const res = await call(method, path, admin.headers, method === 'GET' || method === 'DELETE' ? undefined : { name: 'Bot', agent_bot: null });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().error_code).toBe('feature_disabled');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('S0-6.13 with AGENT_BOTS_ENABLED=false every agent-bot route and set_agent_bot answer 403 feature_disabled (401 still comes first)', async () => {
    const off = await buildTestApp({ AGENT_BOTS_ENABLED: 'false' });
    try {
      const account = await off.db.insert(schema.accounts).values({ name: 'Bots off' }).returning().then((rows) => rows[0]!);
      const admin = await createMember(off, account.id, 'administrator');
      const inbox = await createInbox(off, account.id);
      const [bot] = await off.db.insert(schema.agentBots).values({ accountId: account.id, name: 'Dormant' }).returning();
      const routes: [Method, string][] = [
        ['GET', url(account.id)],
        ['GET', url(account.id, `/${bot!.id}`)],
        ['POST', url(account.id)],
        ['PATCH', url(account.id, `/${bot!.id}`)],
        ['DELETE', url(account.id, `/${bot!.id}`)],
        ['DELETE', url(account.id, `/${bot!.id}/avatar`)],
        ['POST', url(account.id, `/${bot!.id}/reset_access_token`)],
        ['GET', inboxUrl(account.id, inbox.id, '/agent_bot')],
        ['POST', inboxUrl(account.id, inbox.id, '/set_agent_bot')],
      ];
      for (const [method, path] of routes) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { name: 'Bot', agent_bot: bot!.id };
        const res = await call(method, path, admin.headers, payload, off.app);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error_code).toBe('feature_disabled');
        expect((await call(method, path, undefined, payload, off.app)).statusCode).toBe(401);
      }
      expect(await countRows(off, schema.agentBots)).toBe(1);
      expect(await countRows(off, schema.accessTokens)).toBe(1); // the administrator's own token only
      const [stored] = await off.db.select().from(schema.inboxes).where(eq(schema.inboxes.id, inbox.id));
      expect(stored!.agentBotId).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('describes the agent-bot routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = doc.paths['/api/v1/accounts/{accountId}/agent_bots'];
    expect(list.get.tags).toEqual(['agent_bots']);
    expect(list.post.requestBody.content['application/json'].schema).toBeDefined();
    expect(doc.paths['/api/v1/accounts/{accountId}/agent_bots/{id}/reset_access_token'].post.summary).toMatch(/token/);
    expect(doc.paths['/api/v1/accounts/{accountId}/inboxes/{id}/set_agent_bot'].post.tags).toEqual(['agent_bots']);
  });
});

describe('inbox agent bot', () => {
  it('S1-7.19 S1-7.20 S1-7.21 S1-4.06 S1-4.07 S1-4.08 an inbox has one bot: set stores its id, another replaces it, null disconnects', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const first = await createBot(account.id, admin.headers, { name: 'First' });
    const second = await createBot(account.id, admin.headers, { name: 'Second' });
    const system = await createSystemBot('Shared system bot');
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    const k0 = await cacheKey(account.id, admin.headers);

    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json()).toEqual({ agent_bot: null });

    const set = await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: first.id });
    expect(set.statusCode).toBe(204);
    expect(set.body).toBe('');
    expect(await inboxBotId(inbox.id)).toBe(first.id);
    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json()).toEqual({ agent_bot: first });
    const k1 = await cacheKey(account.id, admin.headers);
    expect(k1).toBeGreaterThan(k0);

    // A second bot replaces the first: there is one slot, not a list.
    expect((await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: String(second.id) })).statusCode).toBe(204);
    expect(await inboxBotId(inbox.id)).toBe(second.id);
    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json().agent_bot.id).toBe(second.id);

    // Setting the same bot again changes nothing.
    const k2 = await cacheKey(account.id, admin.headers);
    expect((await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: second.id })).statusCode).toBe(204);
    expect(await cacheKey(account.id, admin.headers)).toBe(k2);

    expect((await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: system.id })).statusCode).toBe(204);
    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json().agent_bot).toMatchObject({ id: system.id, system_bot: true });

    expect((await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: null })).statusCode).toBe(204);
    expect(await inboxBotId(inbox.id)).toBeNull();
    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json()).toEqual({ agent_bot: null });
    const k3 = await cacheKey(account.id, admin.headers);
    expect(k3).toBeGreaterThan(k2);

    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    const mine = events.filter((e) => e.accountId === account.id && e.name === 'account.cache_invalidated');
    expect(mine).toHaveLength(4);
    expect(mine[0]).toMatchObject({ data: { cache_keys: { inbox: k1 } } });
    expect(mine.at(-1)).toMatchObject({ data: { cache_keys: { inbox: k3 } } });
    const changes = (await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'Inbox')))).map(
      (l) => l.auditedChanges,
    );
    expect(changes).toContainEqual({ agent_bot_id: [null, first.id] });
    expect(changes).toContainEqual({ agent_bot_id: [system.id, null] });
    expect(changes).toHaveLength(4);
  });

  it("S1-7.20 answers 422 for another account's bot, an unknown id, a malformed value or a missing key; nothing is written", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const mine = await createBot(account.id, admin.headers);
    const theirs = await createBot(other.id, otherAdmin.headers);
    await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: mine.id });
    const before = { ...(await snapshot()), key: await cacheKey(account.id, admin.headers) };
    for (const payload of [{ agent_bot: theirs.id }, { agent_bot: 99_999_999 }, { agent_bot: 'abc' }, { agent_bot: -1 }, { agent_bot: true }, {}]) {
      const res = await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes[0]).toMatch(/^agent_bot/);
    }
    expect({ ...(await snapshot()), key: await cacheKey(account.id, admin.headers) }).toEqual(before);
    expect(await inboxBotId(inbox.id)).toBe(mine.id);
  });

  it('answers 404 for inboxes of another account or that the caller cannot see; 401 without auth; 403 for agents setting a bot', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    const worked = await createInbox(t, account.id, { members: [agent.user.id, checker.user.id] });
    const hidden = await createInbox(t, account.id);
    const foreign = await createInbox(t, other.id);
    const bot = await createBot(account.id, admin.headers);
    await call('POST', inboxUrl(account.id, worked.id, '/set_agent_bot'), admin.headers, { agent_bot: bot.id });

    const asAgent = await call('GET', inboxUrl(account.id, worked.id, '/agent_bot'), agent.headers);
    expect(asAgent.statusCode).toBe(200);
    expect(asAgent.json().agent_bot).toMatchObject({ id: bot.id });
    expect(asAgent.json().agent_bot).not.toHaveProperty('access_token');
    expect((await call('GET', inboxUrl(account.id, worked.id, '/agent_bot'), checker.headers)).statusCode).toBe(200);
    expect((await call('GET', inboxUrl(account.id, hidden.id, '/agent_bot'), agent.headers)).statusCode).toBe(404);
    expect((await call('GET', inboxUrl(account.id, hidden.id, '/agent_bot'), checker.headers)).statusCode).toBe(404);

    const before = await snapshot();
    for (const inboxId of [foreign.id, 99_999_999, 'abc']) {
      expect((await call('GET', inboxUrl(account.id, inboxId, '/agent_bot'), admin.headers)).statusCode, String(inboxId)).toBe(404);
      expect((await call('POST', inboxUrl(account.id, inboxId, '/set_agent_bot'), admin.headers, { agent_bot: bot.id })).statusCode, String(inboxId)).toBe(404);
    }
    expect((await call('POST', inboxUrl(other.id, foreign.id, '/set_agent_bot'), admin.headers, { agent_bot: bot.id })).statusCode).toBe(404);
    expect((await call('POST', inboxUrl(other.id, foreign.id, '/set_agent_bot'), otherAdmin.headers, { agent_bot: bot.id })).statusCode).toBe(422);
    expect((await call('POST', inboxUrl(account.id, worked.id, '/set_agent_bot'), agent.headers, { agent_bot: null })).statusCode).toBe(403);
    expect((await call('POST', inboxUrl(account.id, worked.id, '/set_agent_bot'), undefined, { agent_bot: null })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect(await inboxBotId(foreign.id)).toBeNull();
    expect(await inboxBotId(worked.id)).toBe(bot.id);
  });

  it('deleting a bot leaves its inboxes without a bot and moves the inbox cache key', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const bot = await createBot(account.id, admin.headers);
    const unused = await createBot(account.id, admin.headers, { name: 'Unused' });
    await call('POST', inboxUrl(account.id, inbox.id, '/set_agent_bot'), admin.headers, { agent_bot: bot.id });
    const k0 = await cacheKey(account.id, admin.headers);
    expect((await call('DELETE', url(account.id, `/${unused.id}`), admin.headers)).statusCode).toBe(200);
    expect(await cacheKey(account.id, admin.headers)).toBe(k0);
    expect((await call('DELETE', url(account.id, `/${bot.id}`), admin.headers)).statusCode).toBe(200);
    expect(await inboxBotId(inbox.id)).toBeNull();
    expect(await cacheKey(account.id, admin.headers)).toBeGreaterThan(k0);
    expect((await call('GET', inboxUrl(account.id, inbox.id, '/agent_bot'), admin.headers)).json()).toEqual({ agent_bot: null });
  });
});
