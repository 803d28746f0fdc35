import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin } from '../../../test/factories.ts';

let t: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Relay Desk</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST_DIR: webDir, AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('system routes', () => {
  it('GET /api answers version and service health without auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), data_services: 'ok' });
  });

  it('serves the OpenAPI document generated from the zod schemas at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/sign_in', '/api/v1/accounts/{accountId}', '/api/v1/accounts/{accountId}/audit_logs']));
    expect(doc.paths['/auth/sign_in'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('describes every route of inbox settings, conversations and messages, each with a tag and a summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; requestBody?: unknown }>>;
    };
    const acc = '/api/v1/accounts/{accountId}';
    const expected: [string, string][] = [
      ['get', `${acc}/inboxes`], ['post', `${acc}/inboxes`], ['patch', `${acc}/inboxes/{id}`], ['delete', `${acc}/inboxes/{id}/avatar`],
      ['get', `${acc}/inboxes/{id}/agent_bot`], ['post', `${acc}/inboxes/{id}/set_agent_bot`], ['get', `${acc}/inboxes/open_conversations_count`],
      ['get', `${acc}/all_inboxes`], ['post', `${acc}/channels/twilio_channel`], ['post', `${acc}/callbacks/register_facebook_page`],
      ['post', `${acc}/google/authorization`], ['get', `${acc}/inbox_members/{inbox_id}`], ['patch', `${acc}/inbox_members`],
      ['get', `${acc}/assignable_agents`], ['post', `${acc}/bulk_assignments`], ['post', `${acc}/agent_bots`],
      ['get', `${acc}/contacts`], ['post', `${acc}/contacts`], ['get', `${acc}/contacts/{contactId}/conversations`],
      ['get', `${acc}/conversations`], ['get', `${acc}/conversations/meta`], ['get', `${acc}/conversations/search`],
      ['post', `${acc}/conversations/filter`], ['post', `${acc}/conversations`], ['post', `${acc}/conversations/{conversationId}/toggle_status`],
      ['post', `${acc}/conversations/{conversationId}/assignments`], ['get', `${acc}/conversations/{conversationId}/attachments`],
      ['get', `${acc}/conversations/{conversationId}/messages`], ['post', `${acc}/conversations/{conversationId}/messages`],
      ['post', `${acc}/conversations/{conversationId}/messages/{id}/retry`],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths[`${acc}/conversations`]!.post!.requestBody).toBeDefined();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path} has a summary`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path} has a tag`).toBeGreaterThan(0);
      }
    }
  });

  it('S0-7.04 S0-7.06 answers the Rails-style .json suffix like the plain path', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const plain = await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${account.id}`, headers: admin.headers });
    const suffixed = await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${account.id}.json`, headers: admin.headers });
    expect(suffixed.statusCode).toBe(200);
    expect(suffixed.json()).toEqual(plain.json());
  });

  it('answers unknown routes with the JSON 404 envelope and malformed JSON with 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Resource could not be found' });
    const malformed = await t.app.inject({ method: 'POST', url: '/auth/sign_in', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/not valid JSON/);
    expect(malformed.body).not.toMatch(/at .*\.ts/);
  });

  it('rate limits sign-in and password requests per client address with 429', async () => {
    const attempt = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.7' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt('/auth/sign_in', { email: 'x@example.com', password: 'wrong' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await attempt('/auth/sign_in', { email: 'x@example.com', password: 'wrong' });
    expect(limited.json().error).toMatch(/Too many/);
    const resets: number[] = [];
    for (let i = 0; i < 4; i++) resets.push((await attempt('/auth/password', { email: 'x@example.com' })).statusCode);
    expect(resets).toEqual([200, 200, 200, 429]);
    // another address is not affected
    const other = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'x@example.com', password: 'wrong' }, remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(401);
  });

  it('serves the web app under /app with index.html for client routes and cached fingerprinted assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/app/');
    for (const url of ['/app', '/app/login', '/app/accounts/1/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/app/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/app/../package.json' })).body).not.toContain('"dependencies"');
  });

  it('S0-6.13 GET /api/v1/global_config answers the installation flags without auth (defaults)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/global_config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agent_bots_enabled: true,
      deployment: 'self_hosted',
      create_new_account_from_dashboard: true,
      billing_configured: false,
      enable_account_signup: false,
      oauth_providers: { google: false, microsoft: false, twitter: false, facebook: false },
      vapid_public_key: t.config.vapid.publicKey,
      facebook_app_id: null,
      payments_account_id: 1,
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/global_config'].get.responses['200']).toBeDefined();
  });

  it('S0-6.13 global_config follows the environment: agent bots off, cloud, sign-up, and only fully configured OAuth providers', async () => {
    const other = await buildTestApp({
      AGENT_BOTS_ENABLED: 'false',
      DEPLOYMENT: 'cloud',
      ENABLE_ACCOUNT_SIGNUP: 'true',
      CREATE_NEW_ACCOUNT_FROM_DASHBOARD: 'false',
      GOOGLE_OAUTH_CLIENT_ID: 'google-id',
      GOOGLE_OAUTH_CLIENT_SECRET: 'google-secret',
      AZURE_APP_ID: 'azure-id-without-secret',
      FB_APP_ID: 'fb-id',
      FB_APP_SECRET: 'fb-secret',
      PAYMENTS_ACCOUNT_ID: '7',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/global_config' });
      expect(res.json()).toEqual({
        agent_bots_enabled: false,
        deployment: 'cloud',
        create_new_account_from_dashboard: false,
        billing_configured: false,
        enable_account_signup: true,
        oauth_providers: { google: true, microsoft: false, twitter: false, facebook: true },
        vapid_public_key: other.config.vapid.publicKey,
        // The browser's Facebook login needs the app id, which is public; no secret and no other client id is answered.
        facebook_app_id: 'fb-id',
        payments_account_id: 7,
      });
      expect(res.body).not.toMatch(/secret|google-id/);
    } finally {
      await other.close();
    }
  });

  it('answers unknown upload keys with 404 and never serves paths outside storage', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatars/nothing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
  });
});

describe('Chatwoot compatibility', () => {
  it('answers paths with a trailing slash like the same path without one (Rails does, unmodified Chatwoot clients send them)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const base = `/api/v1/accounts/${account.id}`;
    const created = await t.app.inject({ method: 'POST', url: `${base}/inboxes/`, headers: admin.headers, payload: { name: 'Slash', channel: { type: 'api' } } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const shown = await t.app.inject({ method: 'GET', url: `${base}/inboxes/${id}/`, headers: admin.headers });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id, name: 'Slash' });
    const listed = await t.app.inject({ method: 'GET', url: `${base}/inboxes/?page=1`, headers: admin.headers });
    expect(listed.json().payload.map((inbox: { id: number }) => inbox.id)).toContain(id);
    // the access rules hold on the slashed path too
    expect((await t.app.inject({ method: 'GET', url: `${base}/inboxes/` })).statusCode).toBe(401);
  });
});
