import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createMember } from '../../../test/factories.ts';
import { accountUrl, caller } from './test-support.ts';

// A local server plays Facebook's Graph API: the token exchange and the user's page list.
const seen: URL[] = [];
let graph: Server;
let t: TestContext;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  graph = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://graph.test');
    seen.push(url);
    response.setHeader('content-type', 'application/json');
    const token = url.searchParams.get('fb_exchange_token') ?? url.searchParams.get('access_token');
    if (token === 'expired') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } }));
    } else if (url.pathname.endsWith('/oauth/access_token')) {
      response.end(JSON.stringify({ access_token: 'long-lived-token', token_type: 'bearer', expires_in: 5_184_000 }));
    } else if (url.pathname.endsWith('/me/accounts')) {
      response.end(JSON.stringify({ data: [{ id: '111', name: 'Acme', access_token: 'page-111' }, { id: '222', name: 'Acme Shop', access_token: 'page-222' }, { id: 3 }] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  const { port } = graph.address() as AddressInfo;
  t = await buildTestApp({ FB_APP_ID: 'fb-app', FB_APP_SECRET: 'fb-secret', FACEBOOK_GRAPH_URL: `http://127.0.0.1:${port}/v19.0` });
  call = caller(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => graph.close(resolve));
});

describe('POST callbacks/facebook_pages', () => {
  it('S0-7.26 S0-3.19 trades the login token for a long-lived one and lists the pages, marking those already connected', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const registered = await call('POST', accountUrl(account.id, 'callbacks/register_facebook_page'), admin.headers, {
      user_access_token: 'u',
      page_access_token: 'p',
      page_id: '222',
      inbox_name: 'Shop page',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    seen.length = 0;

    const res = await call('POST', accountUrl(account.id, 'callbacks/facebook_pages.json'), admin.headers, { omniauth_token: 'short-token' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        page_details: [
          { id: '111', name: 'Acme', access_token: 'page-111', exists: false },
          { id: '222', name: 'Acme Shop', access_token: 'page-222', exists: true },
        ],
        user_access_token: 'long-lived-token',
      },
    });
    const [exchange, pages] = seen;
    expect(exchange!.pathname).toBe('/v19.0/oauth/access_token');
    expect(Object.fromEntries(exchange!.searchParams)).toEqual({ grant_type: 'fb_exchange_token', client_id: 'fb-app', client_secret: 'fb-secret', fb_exchange_token: 'short-token' });
    expect(pages!.pathname).toBe('/v19.0/me/accounts');
    expect(pages!.searchParams.get('access_token')).toBe('long-lived-token');
  });

  it('a page connected in another account is not "exists" here; the path without .json answers too', async () => {
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await call('POST', accountUrl(other.id, 'callbacks/register_facebook_page'), otherAdmin.headers, { user_access_token: 'u', page_access_token: 'p', page_id: '111', inbox_name: 'Theirs' });
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', accountUrl(account.id, 'callbacks/facebook_pages'), admin.headers, { omniauth_token: 'short-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.page_details.map((page: { exists: boolean }) => page.exists)).toEqual([false, false]);
  });

  it('answers 422 on omniauth_token when the token is missing or Facebook refuses it', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const blank = await call('POST', accountUrl(account.id, 'callbacks/facebook_pages'), admin.headers, { omniauth_token: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().attributes).toEqual(['omniauth_token']);
    const refused = await call('POST', accountUrl(account.id, 'callbacks/facebook_pages'), admin.headers, { omniauth_token: 'expired' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.omniauth_token).toEqual(['was refused by Facebook (Error validating access token)']);
  });

  it('answers 401 without a session, 403 for an agent, and 401/404 in an account the caller is not part of', async () => {
    const { account } = await createAccountWithAdmin(t);
    const path = accountUrl(account.id, 'callbacks/facebook_pages');
    expect((await call('POST', path, undefined, { omniauth_token: 'x' })).statusCode).toBe(401);
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('POST', path, agent.headers, { omniauth_token: 'x' })).statusCode).toBe(403);
    const { admin: stranger } = await createAccountWithAdmin(t);
    expect([401, 404]).toContain((await call('POST', path, stranger.headers, { omniauth_token: 'x' })).statusCode);
  });
});

describe('without a Facebook app', () => {
  it('answers 422 naming the variables to set', async () => {
    const bare = await buildTestApp();
    try {
      const { account, admin } = await createAccountWithAdmin(bare);
      const res = await caller(bare)('POST', accountUrl(account.id, 'callbacks/facebook_pages'), admin.headers, { omniauth_token: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Facebook is not configured on this installation: set FB_APP_ID and FB_APP_SECRET');
    } finally {
      await bare.close();
    }
  });
});
