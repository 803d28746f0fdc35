import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createInbox, createMember } from '../../../test/factories.ts';

// A fake Slack Web API: accepts the code `good`, lists two channels, joins any channel but `C-private`.
let slack: http.Server;
let slackUrl: string;
const slackCalls: { path: string; auth: string | undefined; body: string }[] = [];
beforeAll(async () => {
  slack = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      slackCalls.push({ path, auth: req.headers.authorization, body });
      const form = new URLSearchParams(body);
      const answer =
        path === '/oauth.v2.access'
          ? form.get('code') === 'good'
            ? { ok: true, access_token: 'xoxb-token', team: { id: 'T1', name: 'Acme' } }
            : { ok: false, error: 'invalid_code' }
          : path === '/conversations.list'
            ? { ok: true, channels: [{ id: 'C1', name: 'support' }, { id: 'C2', name: 'general' }] }
            : path === '/conversations.join'
              ? form.get('channel') === 'C-private'
                ? { ok: false, error: 'method_not_supported_for_channel_type' }
                : { ok: true }
              : { ok: false, error: 'unknown_method' };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  slackUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => slack.close(() => resolve())));

let t: TestContext;
let withSlack: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  withSlack = await buildTestApp({ SLACK_CLIENT_ID: 'client-1', SLACK_CLIENT_SECRET: 'secret-1', SLACK_API_URL: slackUrl });
});
afterAll(async () => {
  await t.close();
  await withSlack.close();
});

type Headers = Record<string, string>;
const base = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/integrations${rest}`;
const callOn = (c: TestContext) => (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers | undefined, payload?: object) =>
  c.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const call = (...args: Parameters<ReturnType<typeof callOn>>) => callOn(t)(...args);
type AppJson = { id: string; enabled: boolean; configured: boolean; required_env: string[]; action: string | null; hooks?: { id: number }[] };
const appOf = (apps: AppJson[], id: string) => apps.find((a) => a.id === id)!;

describe('integrations apps', () => {
  it('lists the catalogue in Chatwoot’s shape, webhooks and dashboard apps enabled once they exist, hooks for administrators only', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const first = await call('GET', base(account.id, '/apps'), admin.headers);
    expect(first.statusCode, first.body).toBe(200);
    const apps = first.json().payload as AppJson[];
    expect(apps.map((a) => a.id)).toEqual(['webhook', 'dashboard_apps', 'slack', 'openai', 'google_translate', 'dialogflow', 'dyte']);
    expect(appOf(apps, 'webhook')).toMatchObject({ name: 'Webhooks', hook_type: 'account', enabled: false, allow_multiple_hooks: true, action: '/webhook', hooks: [] });
    expect(appOf(apps, 'slack')).toMatchObject({ configured: false, action: null, required_env: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'] });

    await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${account.id}/dashboard_apps`, headers: admin.headers, payload: { title: 'CRM', content: [{ type: 'frame', url: 'https://crm.example.com' }] } });
    const after = (await call('GET', base(account.id, '/apps'), admin.headers)).json().payload as AppJson[];
    expect(appOf(after, 'dashboard_apps').enabled).toBe(true);

    const forAgent = await call('GET', base(account.id, '/apps'), agent.headers);
    expect(forAgent.statusCode).toBe(200);
    expect(appOf(forAgent.json().payload, 'webhook').hooks).toBeUndefined();
    expect((await call('GET', base(account.id, '/apps/openai'), admin.headers)).json()).toMatchObject({ id: 'openai', settings_form_schema: [{ name: 'api_key', required: true }] });
    expect((await call('GET', base(account.id, '/apps/nope'), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', base(account.id, '/apps'), undefined)).statusCode).toBe(401);
  });
});

describe('integration hooks', () => {
  it('S1-7.108 creates a hook with its settings, shows and updates it, and deletes it; the app is enabled while it exists', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'openai', status: 1, settings: { api_key: ' sk-123 ', extra: 'dropped' } });
    expect(created.statusCode, created.body).toBe(200);
    const hook = created.json();
    expect(hook).toMatchObject({ app_id: 'openai', inbox_id: null, account_id: account.id, status: true, hook_type: 'account', settings: { api_key: 'sk-123' }, reference_id: null });
    expect(hook.settings.extra).toBeUndefined();
    const apps = (await call('GET', base(account.id, '/apps'), admin.headers)).json().payload as AppJson[];
    expect(appOf(apps, 'openai')).toMatchObject({ enabled: true, hooks: [{ id: hook.id }] });

    expect((await call('GET', base(account.id, `/hooks/${hook.id}`), admin.headers)).json().settings.api_key).toBe('sk-123');
    const updated = await call('PATCH', base(account.id, `/hooks/${hook.id}`), admin.headers, { hook: { status: 0, settings: { api_key: 'sk-456' } } });
    expect(updated.json()).toMatchObject({ status: false, settings: { api_key: 'sk-456' } });

    expect((await call('DELETE', base(account.id, `/hooks/${hook.id}`), admin.headers)).statusCode).toBe(200);
    expect((await call('DELETE', base(account.id, `/hooks/${hook.id}`), admin.headers)).statusCode).toBe(404);
    expect(appOf((await call('GET', base(account.id, '/apps'), admin.headers)).json().payload, 'openai').enabled).toBe(false);
  });

  it('keeps an inbox hook to its inbox, once per inbox, and parses JSON credentials', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id, { name: 'Website' });
    const settings = { project_id: 'bot-1', credentials: '{"type":"service_account"}' };
    const res = await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'dialogflow', inbox_id: inbox.id, settings });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hook_type: 'inbox', inbox_id: inbox.id, inbox: { id: inbox.id, name: 'Website' }, settings: { credentials: { type: 'service_account' } } });
    const again = await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'dialogflow', inbox_id: inbox.id, settings });
    expect(again.statusCode).toBe(422);
    expect(again.json().attributes).toContain('inbox_id');
  });

  it('answers 422 for an unknown or screen-managed app, missing settings, bad JSON, a missing or foreign inbox, or a second hook, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccountWithAdmin(t);
    const foreignInbox = await createInbox(t, other.account.id);
    await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'dyte', settings: { api_key: 'k', organization_id: 'o' } });
    const before = await countRows(t, schema.integrationHooks);
    const audits = await countRows(t, schema.auditLogs);
    for (const payload of [
      { app_id: 'nope', settings: {} },
      { app_id: 'webhook', settings: {} },
      { app_id: 'slack', settings: {} },
      { app_id: 'openai', settings: {} },
      { app_id: 'openai', settings: { api_key: '   ' } },
      { app_id: 'google_translate', settings: { project_id: 'p', credentials: '{not json' } },
      { app_id: 'google_translate', settings: { project_id: 'p', credentials: '[1]' } },
      { app_id: 'dialogflow', settings: { project_id: 'p', credentials: '{}' } },
      { app_id: 'dialogflow', inbox_id: foreignInbox.id, settings: { project_id: 'p', credentials: '{}' } },
      { app_id: 'dyte', settings: { api_key: 'k', organization_id: 'o' } },
      { settings: {} },
    ]) {
      const res = await call('POST', base(account.id, '/hooks'), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await countRows(t, schema.integrationHooks)).toBe(before);
    expect(await countRows(t, schema.auditLogs)).toBe(audits);
  });

  it('answers 401 without auth, 403 for an agent on every write and 404 for another account’s hook', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const hook = (await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'openai', settings: { api_key: 'sk' } })).json();
    expect((await call('POST', base(account.id, '/hooks'), undefined, { app_id: 'openai', settings: { api_key: 'sk' } })).statusCode).toBe(401);
    expect((await call('POST', base(account.id, '/hooks'), agent.headers, { app_id: 'dyte', settings: { api_key: 'k', organization_id: 'o' } })).statusCode).toBe(403);
    expect((await call('GET', base(account.id, `/hooks/${hook.id}`), agent.headers)).statusCode).toBe(403);
    expect((await call('PATCH', base(account.id, `/hooks/${hook.id}`), agent.headers, { status: 0 })).statusCode).toBe(403);
    expect((await call('DELETE', base(account.id, `/hooks/${hook.id}`), agent.headers)).statusCode).toBe(403);
    expect((await call('DELETE', base(account.id, '/openai'), agent.headers)).statusCode).toBe(403);
    expect((await call('POST', base(account.id, '/slack'), agent.headers, { code: 'x' })).statusCode).toBe(403);

    const other = await createAccountWithAdmin(t);
    const oh = other.admin.headers;
    expect((await call('GET', base(other.account.id, `/hooks/${hook.id}`), oh)).statusCode).toBe(404);
    expect((await call('PATCH', base(other.account.id, `/hooks/${hook.id}`), oh, { status: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', base(other.account.id, `/hooks/${hook.id}`), oh)).statusCode).toBe(404);
    expect((await call('GET', base(account.id, '/apps'), oh)).statusCode).toBe(404);
    expect((await call('GET', base(account.id, `/hooks/${hook.id}`), admin.headers)).statusCode).toBe(200);
  });

  it('S1-7.107 DELETE integrations/{app} disconnects every hook of the app; 404 when none or for a screen-managed app', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await call('POST', base(account.id, '/hooks'), admin.headers, { app_id: 'openai', settings: { api_key: 'sk' } });
    expect((await call('DELETE', base(account.id, '/openai'), admin.headers)).statusCode).toBe(200);
    expect(appOf((await call('GET', base(account.id, '/apps'), admin.headers)).json().payload, 'openai').hooks).toEqual([]);
    expect((await call('DELETE', base(account.id, '/openai'), admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', base(account.id, '/webhook'), admin.headers)).statusCode).toBe(404);
  });
});

describe('slack', () => {
  it('answers 422 naming the variables to set while the installation has no Slack app, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.integrationHooks);
    const res = await call('POST', base(account.id, '/slack'), admin.headers, { code: 'good' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/SLACK_CLIENT_ID and SLACK_CLIENT_SECRET/);
    expect((await call('GET', base(account.id, '/slack/list_all_channels'), admin.headers)).statusCode).toBe(422);
    expect(await countRows(t, schema.integrationHooks)).toBe(before);
  });

  it('S1-7.105 S1-7.106 connects with an OAuth code, lists channels, chooses one and disconnects', async () => {
    const call = callOn(withSlack);
    const { account, admin } = await createAccountWithAdmin(withSlack);
    const app = (await call('GET', base(account.id, '/apps/slack'), admin.headers)).json();
    expect(app.configured).toBe(true);
    expect(app.action).toContain('https://slack.com/oauth/v2/authorize?');
    expect(app.action).toContain('client_id=client-1');
    expect(decodeURIComponent(app.action)).toContain(`/app/accounts/${account.id}/settings/integrations/slack`);

    const refused = await call('POST', base(account.id, '/slack'), admin.headers, { code: 'bad' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('invalid_code');
    expect(await countRows(withSlack, schema.integrationHooks)).toBe(0);

    const connected = await call('POST', base(account.id, '/slack'), admin.headers, { code: 'good' });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ app_id: 'slack', status: true, reference_id: null, settings: { team_name: 'Acme' } });
    expect(slackCalls.find((c) => c.path === '/oauth.v2.access')?.body).toContain('client_secret=secret-1');
    expect((await call('POST', base(account.id, '/slack'), admin.headers, { code: 'good' })).statusCode).toBe(422);

    const channels = await call('GET', base(account.id, '/slack/list_all_channels'), admin.headers);
    expect(channels.json()).toEqual([{ id: 'C1', name: 'support' }, { id: 'C2', name: 'general' }]);
    expect(slackCalls.find((c) => c.path === '/conversations.list')?.auth).toBe('Bearer xoxb-token');

    expect((await call('PATCH', base(account.id, '/slack'), admin.headers, { reference_id: 'C-private' })).statusCode).toBe(422);
    const chosen = await call('PATCH', base(account.id, '/slack'), admin.headers, { reference_id: 'C1' });
    expect(chosen.json()).toMatchObject({ reference_id: 'C1' });

    expect((await call('DELETE', base(account.id, '/slack'), admin.headers)).statusCode).toBe(200);
    expect((await call('GET', base(account.id, '/slack/list_all_channels'), admin.headers)).statusCode).toBe(404);
  });
});
