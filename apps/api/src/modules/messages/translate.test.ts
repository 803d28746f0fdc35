import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';

// A local server that plays a LibreTranslate-compatible provider.
type Seen = { path: string; body: Record<string, unknown> };
const seen: Seen[] = [];
let provider: Server;
let t: TestContext;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  provider = createServer(async (request, response) => {
    const body = await readJson(request);
    seen.push({ path: request.url ?? '', body });
    response.setHeader('content-type', 'application/json');
    if (body.target === 'xx') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: 'xx is not supported' }));
      return;
    }
    response.end(JSON.stringify({ translatedText: `[${String(body.target)}] ${String(body.q)}`, detectedLanguage: { language: 'en', confidence: 90 } }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  // no workers: the relay would mark the reply (an API inbox without webhook_url) sent, a message.updated of its own
  t = await buildTestApp({ RUN_WORKERS: 'false', TRANSLATION_API_URL: `http://127.0.0.1:${port}/`, TRANSLATION_API_KEY: 'secret-key' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const call = (method: 'POST', path: string, headers: Record<string, string> | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const inbox = await createInbox(t, account.id);
  const conv = await createConversation(t, account.id, inbox.id);
  const path = (rest = '') => `/api/v1/accounts/${account.id}/conversations/${conv.displayId}/messages${rest}`;
  const message = (await call('POST', path(), admin.headers, { content: 'Good morning' })).json() as { id: number };
  return { account, admin, inbox, conv, path, message };
}

describe('POST messages/:id/translate', () => {
  it('S1-7.92 translates through the provider once per language; the translation is kept in content_attributes.translations', async () => {
    const { account, admin, path, message } = await setup();
    const before = seen.length;
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void (e.accountId === account.id && events.push(e)));
    const res = await call('POST', path(`/${message.id}/translate`), admin.headers, { target_language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: '[es] Good morning' });
    expect(seen.slice(before)).toEqual([{ path: '/translate', body: { q: 'Good morning', source: 'auto', target: 'es', format: 'text', api_key: 'secret-key' } }]);

    const again = await call('POST', path(`/${message.id}/translate`), admin.headers, { target_language: 'es' });
    expect(again.json()).toEqual({ content: '[es] Good morning' });
    expect(seen.length).toBe(before + 1);

    await call('POST', path(`/${message.id}/translate`), admin.headers, { target_language: 'fr' });
    const [row] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, message.id));
    expect(row!.contentAttributes).toEqual({ translations: { es: '[es] Good morning', fr: '[fr] Good morning' } });
    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    expect(events.map((e) => e.name)).toEqual(['message.updated', 'message.updated']);
  });

  it('a provider refusal answers 422 with its reason and keeps nothing', async () => {
    const { admin, path, message } = await setup();
    const res = await call('POST', path(`/${message.id}/translate`), admin.headers, { target_language: 'xx' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('xx is not supported');
    const [row] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, message.id));
    expect(row!.contentAttributes).toEqual({});
  });

  it('answers 422 for a bad language code, 401 without auth, 403 without conversation access, 404 for another account or outside the inbox', async () => {
    const { account, admin, path, message } = await setup();
    const before = seen.length;
    expect((await call('POST', path(`/${message.id}/translate`), admin.headers, { target_language: 'not a language' })).statusCode).toBe(422);
    expect((await call('POST', path(`/${message.id}/translate`), admin.headers, {})).statusCode).toBe(422);
    expect((await call('POST', path(`/${message.id}/translate`), undefined, { target_language: 'es' })).statusCode).toBe(401);
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Reports', permissions: ['report_manage'] }).returning();
    const reporter = await createMember(t, account.id, 'agent', { customRoleId: role!.id });
    expect((await call('POST', path(`/${message.id}/translate`), reporter.headers, { target_language: 'es' })).statusCode).toBe(403);
    expect((await call('POST', path(`/${message.id}/translate`), (await createMember(t, account.id, 'agent')).headers, { target_language: 'es' })).statusCode).toBe(404);
    expect((await call('POST', path(`/${message.id}/translate`), (await createAccountWithAdmin(t)).admin.headers, { target_language: 'es' })).statusCode).toBe(404);
    expect((await call('POST', path(`/${message.id + 1000}/translate`), admin.headers, { target_language: 'es' })).statusCode).toBe(404);
    expect(seen.length).toBe(before);
  });
});
