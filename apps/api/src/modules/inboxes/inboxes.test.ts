import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import { CHANNEL_TYPES, DEFAULT_WIDGET_COLOR } from '@app/shared/constants';
import type { DomainEvent } from '@app/shared/events';
import { inlined, sentStatements } from '../../../test/counting-db.ts';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { decrypt } from '../../lib/crypto.ts';
import { insertMembership } from '../accounts/service.ts';
import { conversationCounts } from './queries.ts';
import { accountUrl, caller, fresh, GIF, inboxRowCounts, JPEG, multipart, PNG, SVG, WEBP, type FilePart, type Headers } from './test-support.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const url = (accountId: number, rest = '') => accountUrl(accountId, `inboxes${rest}`);

async function create(accountId: number, headers: Headers, payload: object) {
  const res = await call('POST', url(accountId), headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function upload(method: 'POST' | 'PATCH', path: string, headers: Headers, fields: Record<string, string | FilePart>) {
  const { payload, contentType } = await multipart(fields);
  return t.app.inject({ method, url: path, headers: { ...headers, 'content-type': contentType }, payload });
}

async function channelRow(channelId: number) {
  const [row] = await t.db.select().from(schema.channels).where(eq(schema.channels.id, channelId));
  return row!;
}

const storedFile = (avatarUrl: string) => path.join(t.config.dataDir, 'storage', new URL(avatarUrl).pathname.replace('/uploads/', ''));

describe('inboxes CRUD', () => {
  it('S1-7.16 S1-7.104 creates, lists, shows, updates and deletes an inbox, bumping the inbox cache key and auditing each change', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const events: DomainEvent[] = [];
    const unsubscribe = t.app.bus.subscribe((e) => void events.push(e));
    const key = async () => (await call('GET', accountUrl(account.id, 'cache_keys'), admin.headers)).json().cache_keys.inbox as number;
    const k0 = await key();

    const inbox = await create(account.id, admin.headers, fresh('web_widget'));
    expect(inbox).toMatchObject({ name: 'Website', channel_type: 'Channel::WebWidget', greeting_enabled: true, greeting_message: 'Hello there', website_url: 'https://shop.example.com' });
    const k1 = await key();
    expect(k1).toBeGreaterThan(k0);

    expect((await call('GET', url(account.id), admin.headers)).json()).toEqual({ payload: [inbox] });
    expect((await call('GET', url(account.id, `/${inbox.id}`), admin.headers)).json()).toEqual(inbox);

    const updated = await call('PATCH', url(account.id, `/${inbox.id}`), admin.headers, {
      name: 'Storefront',
      enable_auto_assignment: false,
      timezone: 'Asia/Kolkata',
      sender_name_type: 'professional',
      business_name: 'Shop Inc',
      channel: { welcome_title: 'Welcome!', widget_color: '#abcdef', hmac_mandatory: true },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Storefront',
      enable_auto_assignment: false,
      timezone: 'Asia/Kolkata',
      sender_name_type: 'professional',
      business_name: 'Shop Inc',
      welcome_title: 'Welcome!',
      welcome_tagline: 'Ask us anything',
      widget_color: '#abcdef',
      hmac_mandatory: true,
      website_token: inbox.website_token,
      hmac_token: inbox.hmac_token,
    });
    const k2 = await key();
    expect(k2).toBeGreaterThan(k1);

    const deleted = await call('DELETE', url(account.id, `/${inbox.id}`), admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toBe('');
    expect(await key()).toBeGreaterThan(k2);
    expect((await call('GET', url(account.id, `/${inbox.id}`), admin.headers)).statusCode).toBe(404);
    expect(await t.db.select().from(schema.channels).where(eq(schema.channels.id, inbox.channel_id))).toEqual([]);

    await new Promise((r) => setTimeout(r, 10));
    unsubscribe();
    const mine = events.filter((e) => e.accountId === account.id && e.name === 'account.cache_invalidated');
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ data: { cache_keys: { inbox: k1 } } });
    const logs = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'Inbox')));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'destroy', 'update']);
    const update = logs.find((l) => l.action === 'update')!;
    expect(update.auditedChanges).toMatchObject({ name: ['Website', 'Storefront'], 'channel.welcome_title': ['Hi!', 'Welcome!'] });
  });

  it('S1-3.25 an inbox has id, channel_type, provider, medium, phone_number, message_templates and additional_attributes (and the Chatwoot inbox fields)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('whatsapp_cloud'));
    expect(inbox).toMatchObject({
      channel_type: 'Channel::Whatsapp',
      provider: 'whatsapp_cloud',
      medium: null,
      message_templates: [],
      additional_attributes: {},
      reauthorization_required: false,
      unresponded_conversations_count: 0,
      avatar_url: '',
      enable_email_collect: true,
      csat_survey_enabled: false,
      allow_messages_after_resolved: true,
      lock_to_single_conversation: false,
      sender_name_type: 'friendly',
      timezone: 'UTC',
    });
    expect(inbox.phone_number).toMatch(/^\+1555\d{7}$/);
    expect(typeof inbox.id).toBe('number');
    expect(typeof inbox.channel_id).toBe('number');
    // A new inbox starts with Chatwoot's default week: Monday to Friday 9 to 17, weekends closed.
    expect(inbox.working_hours).toHaveLength(7);
    expect(inbox.working_hours[0]).toEqual({ day_of_week: 0, closed_all_day: true, open_all_day: false, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null });
    expect(inbox.working_hours[1]).toMatchObject({ day_of_week: 1, closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0 });
  });

  it('S1-3.26 lists every channel type, each with the Channel:: prefix', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    for (const kind of ['web_widget', 'api', 'email', 'sms', 'whatsapp', 'line', 'telegram'] as const) await create(account.id, admin.headers, fresh(kind));
    const twilio = await call('POST', accountUrl(account.id, 'channels/twilio_channel'), admin.headers, { twilio_channel: { name: 'Twilio', medium: 'sms', account_sid: 'AC1', auth_token: 'tok', messaging_service_sid: 'MG1' } });
    expect(twilio.statusCode, twilio.body).toBe(200);
    const page = { user_access_token: 'u', page_access_token: 'p', page_id: '1001', inbox_name: 'Page' };
    expect((await call('POST', accountUrl(account.id, 'callbacks/register_facebook_page'), admin.headers, page)).statusCode).toBe(200);
    // Twitter inboxes come from the OAuth callback (a later milestone); one is inserted directly here.
    await createInbox(t, account.id, { channelType: 'Channel::TwitterProfile', name: 'Tweets' });

    const types = (await call('GET', url(account.id), admin.headers)).json().payload.map((i: { channel_type: string }) => i.channel_type);
    expect([...types].sort()).toEqual([...CHANNEL_TYPES].sort());
    expect(types.every((type: string) => type.startsWith('Channel::'))).toBe(true);
  });

  it('lists inboxes by name and answers 401 without credentials on every route', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    await create(account.id, admin.headers, { ...fresh('api'), name: 'zeta' });
    await create(account.id, admin.headers, { ...fresh('api'), name: 'Alpha' });
    expect((await call('GET', url(account.id), admin.headers)).json().payload.map((i: { name: string }) => i.name)).toEqual(['Alpha', 'zeta']);

    const routes: [string, string][] = [
      ['GET', url(account.id)],
      ['GET', url(account.id, '/1')],
      ['GET', url(account.id, '/open_conversations_count')],
      ['POST', url(account.id)],
      ['PATCH', url(account.id, '/1')],
      ['DELETE', url(account.id, '/1')],
      ['DELETE', url(account.id, '/1/avatar')],
      ['GET', accountUrl(account.id, 'all_inboxes')],
      ['POST', accountUrl(account.id, 'channels/twilio_channel')],
      ['POST', accountUrl(account.id, 'callbacks/register_facebook_page')],
      ['POST', accountUrl(account.id, 'callbacks/reauthorize_page')],
      ['POST', accountUrl(account.id, 'twitter/authorization')],
      ['POST', accountUrl(account.id, 'google/authorization')],
      ['POST', accountUrl(account.id, 'microsoft/authorization')],
    ];
    for (const [method, path] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url: path, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 to agents and checkers on every write, and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('api'));
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: inbox.id, userId: agent.user.id });
    const before = await inboxRowCounts(t);
    const writes: [string, string, object | undefined][] = [
      ['POST', url(account.id), fresh('api')],
      ['PATCH', url(account.id, `/${inbox.id}`), { name: 'Mine' }],
      ['DELETE', url(account.id, `/${inbox.id}`), undefined],
      ['DELETE', url(account.id, `/${inbox.id}/avatar`), undefined],
      ['POST', accountUrl(account.id, 'channels/twilio_channel'), { name: 'T', medium: 'sms', account_sid: 'AC', auth_token: 'x', messaging_service_sid: 'MG' }],
      ['POST', accountUrl(account.id, 'callbacks/register_facebook_page'), { user_access_token: 'u', page_access_token: 'p', page_id: '77', inbox_name: 'P' }],
      ['POST', accountUrl(account.id, 'callbacks/reauthorize_page'), { inbox_id: inbox.id, page_access_token: 'p' }],
      ['POST', accountUrl(account.id, 'twitter/authorization'), undefined],
      ['POST', accountUrl(account.id, 'google/authorization'), { email: 'a@example.com' }],
      ['POST', accountUrl(account.id, 'microsoft/authorization'), { email: 'a@example.com' }],
    ];
    for (const who of [agent, checker]) {
      for (const [method, path, payload] of writes) {
        const res = await call(method as 'POST', path, who.headers, payload);
        expect(res.statusCode, `${who.user.email} ${method} ${path}`).toBe(403);
      }
    }
    expect(await inboxRowCounts(t)).toEqual(before);
    expect((await call('GET', url(account.id, `/${inbox.id}`), admin.headers)).json().name).toBe('Backend');
  });

  it("answers 404 for another account's inboxes and for a malformed id", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await create(other.id, otherAdmin.headers, fresh('api'));
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    const before = await inboxRowCounts(t);
    const attempts: [string, string, object | undefined][] = [
      ['GET', `/${theirs.id}`, undefined],
      ['PATCH', `/${theirs.id}`, { name: 'Stolen' }],
      ['DELETE', `/${theirs.id}`, undefined],
      ['DELETE', `/${theirs.id}/avatar`, undefined],
      ['GET', '/abc', undefined],
    ];
    for (const [method, rest, payload] of attempts) {
      const res = await call(method as 'GET', url(account.id, rest), admin.headers, payload);
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
    }
    const reauthorize = await call('POST', accountUrl(account.id, 'callbacks/reauthorize_page'), admin.headers, { inbox_id: theirs.id, page_access_token: 'p' });
    expect(reauthorize.statusCode).toBe(404);
    expect(await inboxRowCounts(t)).toEqual(before);
    expect((await call('GET', url(other.id, `/${theirs.id}`), otherAdmin.headers)).json().name).toBe('Backend');
  });

  it('deletes the inbox with its members and conversations', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const inbox = await create(account.id, admin.headers, fresh('api'));
    const kept = await create(account.id, admin.headers, fresh('api'));
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: inbox.id, userId: agent.user.id },
      { accountId: account.id, inboxId: kept.id, userId: agent.user.id },
    ]);
    await createConversation(t, account.id, inbox.id);
    const survivor = await createConversation(t, account.id, kept.id);

    expect((await call('DELETE', url(account.id, `/${inbox.id}`), admin.headers)).statusCode).toBe(200);
    const ids = [inbox.id, kept.id];
    const members = await t.db.select().from(schema.inboxMembers).where(inArray(schema.inboxMembers.inboxId, ids));
    expect(members.map((m) => m.inboxId)).toEqual([kept.id]);
    const conversations = await t.db.select().from(schema.conversations).where(inArray(schema.conversations.inboxId, ids));
    expect(conversations.map((c) => c.id)).toEqual([survivor.id]);
  });
});

describe('channel payloads and secrets', () => {
  it('S1-3.01 a website payload creates a web widget inbox with a generated website token and HMAC token', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('web_widget'));
    expect(inbox).toMatchObject({
      name: 'Website',
      channel_type: 'Channel::WebWidget',
      greeting_enabled: true,
      greeting_message: 'Hello there',
      website_url: 'https://shop.example.com',
      widget_color: '#112233',
      welcome_title: 'Hi!',
      welcome_tagline: 'Ask us anything',
      hmac_mandatory: false,
    });
    expect(inbox.website_token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(inbox.hmac_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(inbox.web_widget_script).toContain(`websiteToken: "${inbox.website_token}"`);
    expect(inbox.web_widget_script).toContain('var baseUrl = "http://localhost:3000"');
    const row = await channelRow(inbox.channel_id);
    expect(row.identifier).toBe(inbox.website_token);
    expect(row.settings).toMatchObject({ website_url: 'https://shop.example.com', widget_color: '#112233', welcome_title: 'Hi!', welcome_tagline: 'Ask us anything' });
    expect(row.secrets).not.toContain(inbox.hmac_token);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ hmac_token: inbox.hmac_token });

    // The widget colour defaults to #009CE0 (001 section 9).
    const plain = await create(account.id, admin.headers, { name: 'Plain', channel: { type: 'web_widget', website_url: 'plain.example.com' } });
    expect(plain.widget_color).toBe(DEFAULT_WIDGET_COLOR);
  });

  it('S1-3.02 an API payload creates an API inbox with inbox_identifier, hmac_token and secret', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('api'));
    expect(inbox).toMatchObject({ channel_type: 'Channel::Api', name: 'Backend', webhook_url: 'https://hooks.example.com/relay', hmac_mandatory: false });
    expect(inbox.inbox_identifier).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(inbox.hmac_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(inbox.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(inbox.secret).not.toBe(inbox.hmac_token);
    const row = await channelRow(inbox.channel_id);
    expect(row.identifier).toBe(inbox.inbox_identifier);
    expect(row.settings).toMatchObject({ webhook_url: 'https://hooks.example.com/relay' });
    for (const value of [inbox.hmac_token, inbox.secret]) expect(row.secrets).not.toContain(value);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ hmac_token: inbox.hmac_token, secret: inbox.secret });
  });

  it('S1-3.03 an email payload creates an email inbox keeping the address (lowercased) as the channel id', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('email');
    const inbox = await create(account.id, admin.headers, { ...payload, channel: { ...payload.channel, email: payload.channel.email.toUpperCase() } });
    expect(inbox).toMatchObject({ channel_type: 'Channel::Email', name: 'Support mail', email: payload.channel.email });
    expect((await channelRow(inbox.channel_id)).externalId).toBe(payload.channel.email);
    // Inbound mail is routed by address: a second inbox for it is refused.
    const again = await call('POST', url(account.id), admin.headers, payload);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ 'channel.email': ['has already been taken'] });
  });

  it('S1-3.04 an SMS (bandwidth) payload creates an SMS inbox; api key and secret are sealed', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('sms');
    const inbox = await create(account.id, admin.headers, payload);
    expect(inbox).toMatchObject({
      channel_type: 'Channel::Sms',
      provider: 'bandwidth',
      phone_number: payload.channel.phone_number,
      provider_config: { api_key: 'bw-key-1', api_secret: 'bw-secret-1', application_id: 'app-1', account_id: 'acc-1' },
    });
    const row = await channelRow(inbox.channel_id);
    expect(row.phoneNumber).toBe(payload.channel.phone_number);
    expect(row.settings).toEqual({ application_id: 'app-1', account_id: 'acc-1' });
    for (const value of ['bw-key-1', 'bw-secret-1']) expect(row.secrets).not.toContain(value);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ api_key: 'bw-key-1', api_secret: 'bw-secret-1' });
    const again = await call('POST', url(account.id), admin.headers, payload);
    expect(again.json().errors).toEqual({ 'channel.phone_number': ['has already been taken'] });
  });

  it('S1-3.06 a legacy WhatsApp payload creates a WhatsApp inbox with provider default', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('whatsapp');
    const inbox = await create(account.id, admin.headers, payload);
    expect(inbox).toMatchObject({ channel_type: 'Channel::Whatsapp', provider: 'default', phone_number: payload.channel.phone_number, provider_config: { api_key: 'd360-key-1', phone_number_id: null, business_account_id: null } });
    const row = await channelRow(inbox.channel_id);
    expect(row.secrets).not.toContain('d360-key-1');
    expect(row.externalId).toBeNull();
  });

  it('S1-3.07 a WhatsApp cloud payload creates a WhatsApp inbox keyed by its phone_number_id', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('whatsapp_cloud');
    const inbox = await create(account.id, admin.headers, payload);
    expect(inbox).toMatchObject({ provider: 'whatsapp_cloud', provider_config: { api_key: 'wa-cloud-key', phone_number_id: '1234567890', business_account_id: '9876543210' } });
    const row = await channelRow(inbox.channel_id);
    expect(row).toMatchObject({ provider: 'whatsapp_cloud', phoneNumber: payload.channel.phone_number, externalId: '1234567890' });
    expect(row.settings).toEqual({ phone_number_id: '1234567890', business_account_id: '9876543210' });
    expect(row.secrets).not.toContain('wa-cloud-key');
  });

  it('S1-3.08 a Line payload creates a Line inbox; secret and token are sealed', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('line');
    const inbox = await create(account.id, admin.headers, payload);
    expect(inbox).toMatchObject({ channel_type: 'Channel::Line', name: 'Line', line_channel_id: payload.channel.line_channel_id });
    const row = await channelRow(inbox.channel_id);
    expect(row.externalId).toBe(payload.channel.line_channel_id);
    for (const value of ['line-secret-1', 'line-token-1']) expect(row.secrets).not.toContain(value);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ line_channel_secret: 'line-secret-1', line_channel_token: 'line-token-1' });
  });

  it('S1-3.09 a Telegram payload (bot token only) creates a Telegram inbox named after its bot', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = fresh('telegram');
    const botId = payload.channel.bot_token.split(':')[0];
    const inbox = await create(account.id, admin.headers, payload);
    expect(inbox).toMatchObject({ channel_type: 'Channel::Telegram', name: `Telegram bot ${botId}` });
    const row = await channelRow(inbox.channel_id);
    expect(row.externalId).toBe(botId);
    expect(row.secrets).not.toContain(payload.channel.bot_token);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ bot_token: payload.channel.bot_token });
    const named = await create(account.id, admin.headers, { name: 'Bot desk', ...fresh('telegram') });
    expect(named.name).toBe('Bot desk');
  });

  it('agents and checkers never receive credentials (hmac_token, secret, provider_config); administrators do', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    const inboxes = [await create(account.id, admin.headers, fresh('web_widget')), await create(account.id, admin.headers, fresh('api')), await create(account.id, admin.headers, fresh('sms'))];
    await t.db.insert(schema.inboxMembers).values(inboxes.flatMap((i) => [agent, checker].map((m) => ({ accountId: account.id, inboxId: i.id, userId: m.user.id }))));
    for (const who of [agent, checker]) {
      const list = (await call('GET', url(account.id), who.headers)).json().payload;
      expect(list).toHaveLength(3);
      const shown = [...list, ...(await Promise.all(inboxes.map(async (i) => (await call('GET', url(account.id, `/${i.id}`), who.headers)).json())))];
      for (const inbox of shown) {
        for (const key of ['hmac_token', 'secret', 'provider_config']) expect(inbox, `${inbox.channel_type} ${key}`).not.toHaveProperty(key);
      }
      const body = JSON.stringify(shown);
      for (const secret of [inboxes[0].hmac_token, inboxes[1].hmac_token, inboxes[1].secret, 'bw-key-1', 'bw-secret-1']) expect(body).not.toContain(secret);
      // what agents need to work stays visible
      expect(shown.find((i) => i.channel_type === 'Channel::WebWidget')).toHaveProperty('website_token', inboxes[0].website_token);
      expect(shown.find((i) => i.channel_type === 'Channel::Api')).toHaveProperty('inbox_identifier', inboxes[1].inbox_identifier);
    }
    const adminList = (await call('GET', url(account.id), admin.headers)).json().payload;
    expect(adminList.find((i: { id: number }) => i.id === inboxes[1].id)).toMatchObject({ hmac_token: inboxes[1].hmac_token, secret: inboxes[1].secret });
  });
});

describe('updates', () => {
  it('updates the channel fields of the inbox type, re-sealing secrets and ignoring fields of other types', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('whatsapp_cloud'));
    const res = await call('PATCH', url(account.id, `/${inbox.id}`), admin.headers, {
      channel: { provider_config: { api_key: 'rotated-key' }, website_url: 'https://ignored.example.com', webhook_url: 'https://ignored.example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provider_config).toEqual({ api_key: 'rotated-key', phone_number_id: '1234567890', business_account_id: '9876543210' });
    expect(res.json()).not.toHaveProperty('website_url');
    const row = await channelRow(inbox.channel_id);
    expect(row.secrets).not.toContain('rotated-key');
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ api_key: 'rotated-key' });
    expect(row.settings).toEqual({ phone_number_id: '1234567890', business_account_id: '9876543210' });
    const [log] = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.auditableId, inbox.id), eq(schema.auditLogs.action, 'update')));
    expect(log!.auditedChanges).toEqual({ 'channel.provider_config.api_key': ['[FILTERED]', '[FILTERED]'] });
    expect(JSON.stringify(log!.auditedChanges)).not.toContain('rotated-key');
  });

  it('updates Twilio and Telegram credentials sealed, re-deriving the lookup columns', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const twilio = (await call('POST', accountUrl(account.id, 'channels/twilio_channel'), admin.headers, { name: 'T', medium: 'sms', account_sid: 'AC1', auth_token: 'old-token', messaging_service_sid: 'MG1' })).json();
    const res = await call('PATCH', url(account.id, `/${twilio.id}`), admin.headers, { channel: { account_sid: 'AC2', auth_token: 'new-token' } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await channelRow(twilio.channel_id);
    expect(row.externalId).toBe('AC2');
    expect(row.secrets).not.toContain('new-token');
    expect(JSON.parse(decrypt(t.config.secretKeyBase, row.secrets!))).toEqual({ auth_token: 'new-token' });

    const telegram = await create(account.id, admin.headers, fresh('telegram'));
    const token = `${Date.now()}:AAF-rotated`;
    expect((await call('PATCH', url(account.id, `/${telegram.id}`), admin.headers, { channel: { bot_token: token } })).statusCode).toBe(200);
    expect((await channelRow(telegram.channel_id)).externalId).toBe(token.split(':')[0]);
  });

  it('checks PATCH channel fields by the rules of the inbox type (422, nothing changed)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const web = await create(account.id, admin.headers, fresh('web_widget'));
    const api = await create(account.id, admin.headers, fresh('api'));
    const wa = await create(account.id, admin.headers, fresh('whatsapp_cloud'));
    const sms = await create(account.id, admin.headers, fresh('sms'));
    const cases: [number, object, string][] = [
      [web.id, { channel: { website_url: '' } }, 'channel.website_url'],
      [web.id, { channel: { widget_color: 'blue' } }, 'channel.widget_color'],
      [api.id, { channel: { webhook_url: 'ftp://example.com' } }, 'channel.webhook_url'],
      [wa.id, { channel: { phone_number: '0044 20 7946 0000' } }, 'channel.phone_number'],
      [wa.id, { channel: { provider_config: { phone_number_id: 'abc' } } }, 'channel.provider_config.phone_number_id'],
      [sms.id, { channel: { phone_number: '15550001111' } }, 'channel.phone_number'],
      [sms.id, { channel: { provider_config: { api_secret: '' } } }, 'channel.provider_config.api_secret'],
      [web.id, { name: '' }, 'name'],
      [web.id, { timezone: 'Mars/Olympus' }, 'timezone'],
      [web.id, { working_hours: [{ day_of_week: 1, closed_all_day: true }, { day_of_week: 1, closed_all_day: true }] }, 'working_hours'],
    ];
    const before = await t.db.select().from(schema.channels).where(inArray(schema.channels.id, [web.channel_id, api.channel_id, wa.channel_id, sms.channel_id]));
    for (const [id, payload, field] of cases) {
      const res = await call('PATCH', url(account.id, `/${id}`), admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().attributes).toEqual([field]);
    }
    const after = await t.db.select().from(schema.channels).where(inArray(schema.channels.id, [web.channel_id, api.channel_id, wa.channel_id, sms.channel_id]));
    expect(after).toEqual(before);
    expect((await call('GET', url(account.id, `/${web.id}`), admin.headers)).json().name).toBe('Website');

    // a number held by a channel of another type is no clash; one held by the same type is
    const other = await create(account.id, admin.headers, fresh('sms'));
    expect((await call('PATCH', url(account.id, `/${sms.id}`), admin.headers, { channel: { phone_number: wa.phone_number } })).statusCode).toBe(200);
    const taken = await call('PATCH', url(account.id, `/${sms.id}`), admin.headers, { channel: { phone_number: other.phone_number } });
    expect(taken.json().errors).toEqual({ 'channel.phone_number': ['has already been taken'] });
  });

  it('business hours: a day open part of the day needs both hours and closes after it opens (422, nothing changed); a valid week is stored', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await create(account.id, admin.headers, fresh('api'));
    const open = (extra: object) => ({ day_of_week: 2, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0, ...extra });
    const cases: [object, Record<string, string[]>][] = [
      [open({ close_hour: 8 }), { 'working_hours.0.close_hour': ['must be after the opening time'] }],
      [open({ close_hour: 9, close_minutes: 0 }), { 'working_hours.0.close_hour': ['must be after the opening time'] }],
      [open({ open_hour: null }), { 'working_hours.0.open_hour': ['must not be blank for a day open part of the day'] }],
      [{ day_of_week: 2, closed_all_day: true, open_all_day: true }, { 'working_hours.0.open_all_day': ['cannot be on for a day closed all day'] }],
    ];
    for (const [day, errors] of cases) {
      const res = await call('PATCH', url(account.id, `/${inbox.id}`), admin.headers, { working_hours_enabled: true, working_hours: [day] });
      expect(res.statusCode, JSON.stringify(day)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const unchanged = (await call('GET', url(account.id, `/${inbox.id}`), admin.headers)).json();
    expect(unchanged.working_hours_enabled).toBe(false);
    expect(unchanged.working_hours.find((d: { day_of_week: number }) => d.day_of_week === 2)).toMatchObject({ open_hour: 9, close_hour: 17 });

    const week = [open({ close_hour: 18, close_minutes: 30 }), { day_of_week: 0, closed_all_day: true }, { day_of_week: 6, open_all_day: true }];
    const saved = await call('PATCH', url(account.id, `/${inbox.id}`), admin.headers, { working_hours_enabled: true, timezone: 'Europe/Berlin', out_of_office_message: 'Back soon', working_hours: week });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ working_hours_enabled: true, timezone: 'Europe/Berlin', out_of_office_message: 'Back soon' });
    expect(saved.json().working_hours).toEqual([
      { day_of_week: 2, closed_all_day: false, open_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 18, close_minutes: 30 },
      { day_of_week: 0, closed_all_day: true, open_all_day: false, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null },
      { day_of_week: 6, closed_all_day: false, open_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null },
    ]);
  });
});

describe('visibility and counts', () => {
  it('S0-6.10 a checker sees only the inboxes assigned to them; agents only their member inboxes (404 for the others)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const checker = await createMember(t, account.id, 'checker');
    const agent = await createMember(t, account.id, 'agent');
    const a = await create(account.id, admin.headers, { ...fresh('api'), name: 'A' });
    const b = await create(account.id, admin.headers, { ...fresh('api'), name: 'B' });
    const c = await create(account.id, admin.headers, { ...fresh('api'), name: 'C' });
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: a.id, userId: checker.user.id },
      { accountId: account.id, inboxId: b.id, userId: agent.user.id },
      { accountId: account.id, inboxId: c.id, userId: agent.user.id },
    ]);
    const names = async (headers: Headers) => (await call('GET', url(account.id), headers)).json().payload.map((i: { name: string }) => i.name);
    expect(await names(checker.headers)).toEqual(['A']);
    expect(await names(agent.headers)).toEqual(['B', 'C']);
    expect(await names(admin.headers)).toEqual(['A', 'B', 'C']);
    expect((await call('GET', url(account.id, `/${a.id}`), checker.headers)).statusCode).toBe(200);
    expect((await call('GET', url(account.id, `/${b.id}`), checker.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `/${a.id}`), agent.headers)).statusCode).toBe(404);
    const fresher = await createMember(t, account.id, 'agent');
    expect(await names(fresher.headers)).toEqual([]);
  });

  it('S1-7.22 open_conversations_count answers open and unresponded counts per visible inbox; the inbox payload carries the unresponded count', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const busy = await create(account.id, admin.headers, { ...fresh('api'), name: 'Busy' });
    const quiet = await create(account.id, admin.headers, { ...fresh('api'), name: 'Quiet' });
    const waiting = new Date(Date.now() - 60_000);
    await createConversation(t, account.id, busy.id, { status: 'open', waitingSince: waiting });
    await createConversation(t, account.id, busy.id, { status: 'open', waitingSince: waiting });
    await createConversation(t, account.id, busy.id, { status: 'open', waitingSince: null });
    await createConversation(t, account.id, busy.id, { status: 'resolved', waitingSince: waiting });
    await createConversation(t, account.id, busy.id, { status: 'pending', waitingSince: waiting });
    await createConversation(t, account.id, quiet.id, { status: 'snoozed', waitingSince: waiting });
    // another account's conversations never count
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirs = await create(other.id, otherAdmin.headers, fresh('api'));
    await createConversation(t, other.id, theirs.id, { status: 'open', waitingSince: waiting });

    const res = await call('GET', url(account.id, '/open_conversations_count'), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      payload: [
        { inbox_id: busy.id, open_conversations_count: 3, unresponded_conversations_count: 2 },
        { inbox_id: quiet.id, open_conversations_count: 0, unresponded_conversations_count: 0 },
      ],
    });
    const list = (await call('GET', url(account.id), admin.headers)).json().payload;
    expect(list.map((i: { name: string; unresponded_conversations_count: number }) => [i.name, i.unresponded_conversations_count])).toEqual([['Busy', 2], ['Quiet', 0]]);
    expect((await call('GET', url(account.id, `/${busy.id}`), admin.headers)).json().unresponded_conversations_count).toBe(2);

    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: quiet.id, userId: agent.user.id });
    expect((await call('GET', url(account.id, '/open_conversations_count'), agent.headers)).json()).toEqual({
      payload: [{ inbox_id: quiet.id, open_conversations_count: 0, unresponded_conversations_count: 0 }],
    });
  });

  it('the open and unresponded counts per inbox are read from the counts index alone (an index-only scan)', async () => {
    const { account } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    // the statement the counts send, for every inbox and for an agent's inboxes, explained with its values
    const sent = await sentStatements(t.db, async () => {
      await conversationCounts(t.db, account.id, null);
      await conversationCounts(t.db, account.id, [inbox.id]);
    });
    expect(sent).toHaveLength(2);
    for (const statement of sent) {
      const text = inlined(statement);
      const plan = await t.db.transaction(async (tx) => {
        // a test database is too small for Postgres to choose an index by cost: ask for one, then read which it is
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const rows = await tx.execute(sql.raw(`explain ${text}`));
        return (rows as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
      });
      // waiting_since is read from the index (migration 0024's INCLUDE), not from each open conversation's row
      expect(plan, text).toContain('Index Only Scan using conversations_counts_idx');
    }
  });

  it('S1-7.23 all_inboxes lists every inbox compactly for administrators and inbox leaders; other members get 403', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const leader = await createMember(t, account.id, 'agent');
    const agent = await createMember(t, account.id, 'agent');
    const checker = await createMember(t, account.id, 'checker');
    const led = await create(account.id, admin.headers, { ...fresh('api'), name: 'Led' });
    const web = await create(account.id, admin.headers, { ...fresh('web_widget'), name: 'Other' });
    await t.db.insert(schema.inboxMembers).values([
      { accountId: account.id, inboxId: led.id, userId: leader.user.id, isLeader: true },
      { accountId: account.id, inboxId: led.id, userId: agent.user.id },
      { accountId: account.id, inboxId: led.id, userId: checker.user.id },
    ]);
    const expected = { payload: [{ id: led.id, name: 'Led', channel_type: 'Channel::Api' }, { id: web.id, name: 'Other', channel_type: 'Channel::WebWidget' }] };
    const path = accountUrl(account.id, 'all_inboxes');
    expect((await call('GET', path, admin.headers)).json()).toEqual(expected);
    // a leader of one inbox gets all of them, including those they are not a member of
    expect((await call('GET', path, leader.headers)).json()).toEqual(expected);
    expect((await call('GET', path, agent.headers)).statusCode).toBe(403);
    expect((await call('GET', path, checker.headers)).statusCode).toBe(403);
    // leading an inbox of another account does not count
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    await createMember(t, other.id, 'agent');
    const foreign = await create(other.id, otherAdmin.headers, fresh('api'));
    await insertMembership(t.db, { accountId: other.id, userId: agent.user.id, role: 'agent', active: false });
    await t.db.insert(schema.inboxMembers).values({ accountId: other.id, inboxId: foreign.id, userId: agent.user.id, isLeader: true });
    expect((await call('GET', path, agent.headers)).statusCode).toBe(403);
  });
});

describe('avatars', () => {
  it('S1-5.41 creates and updates an inbox with a multipart avatar (png, jpeg, gif, webp, checked by content)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await upload('POST', url(account.id), admin.headers, {
      name: 'Pictured',
      'channel[type]': 'web_widget',
      'channel[website_url]': 'pictured.example.com',
      greeting_enabled: 'true',
      avatar: { data: PNG, filename: 'logo.png', type: 'image/png' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const inbox = created.json();
    expect(inbox).toMatchObject({ name: 'Pictured', greeting_enabled: true, website_url: 'pictured.example.com' });
    expect(inbox.avatar_url).toMatch(/^http:\/\/localhost:3000\/uploads\/inbox_avatars\/[A-Za-z0-9_-]+\.png$/);
    expect(existsSync(storedFile(inbox.avatar_url))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: new URL(inbox.avatar_url).pathname })).headers['content-type']).toBe('image/png');

    let previous = inbox.avatar_url as string;
    for (const [data, extension, claimed] of [[JPEG, 'jpg', 'x.jpeg'], [GIF, 'gif', 'x.gif'], [WEBP, 'webp', 'x.webp']] as const) {
      const res = await upload('PATCH', url(account.id, `/${inbox.id}`), admin.headers, { 'inbox[avatar]': { data, filename: claimed, type: 'application/octet-stream' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().avatar_url).toMatch(new RegExp(`\\.${extension}$`));
      // the replaced file is removed
      expect(existsSync(storedFile(previous))).toBe(false);
      previous = res.json().avatar_url;
    }
  });

  it('S1-5.42 refuses an avatar that is not png, jpeg, gif or webp, and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await inboxRowCounts(t);
    const res = await upload('POST', url(account.id), admin.headers, { name: 'Bad', 'channel[type]': 'api', avatar: { data: SVG, filename: 'logo.png', type: 'image/png' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ avatar: ['must be a PNG, JPEG, GIF or WebP image'] });
    expect(await inboxRowCounts(t)).toEqual(before);
    const inbox = await create(account.id, admin.headers, fresh('api'));
    const patch = await upload('PATCH', url(account.id, `/${inbox.id}`), admin.headers, { name: 'Renamed', avatar: { data: Buffer.from('plain text, not an image'), filename: 'a.gif', type: 'image/gif' } });
    expect(patch.statusCode).toBe(422);
    expect((await call('GET', url(account.id, `/${inbox.id}`), admin.headers)).json()).toMatchObject({ name: 'Backend', avatar_url: '' });
  });

  it("S1-7.18 DELETE inboxes/{id}/avatar removes an inbox's avatar and its file", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const created = await upload('POST', url(account.id), admin.headers, { name: 'Face', 'channel[type]': 'api', avatar: { data: PNG, filename: 'a.png', type: 'image/png' } });
    const inbox = created.json();
    const file = storedFile(inbox.avatar_url);
    expect(existsSync(file)).toBe(true);
    const res = await call('DELETE', url(account.id, `/${inbox.id}/avatar`), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: inbox.id, avatar_url: '' });
    expect(existsSync(file)).toBe(false);
    const [row] = await t.db.select().from(schema.inboxes).where(eq(schema.inboxes.id, inbox.id));
    expect(row!.avatarKey).toBeNull();
    // deleting an inbox removes its avatar file too
    const other = (await upload('POST', url(account.id), admin.headers, { name: 'Face 2', 'channel[type]': 'api', avatar: { data: PNG, filename: 'a.png', type: 'image/png' } })).json();
    expect((await call('DELETE', url(account.id, `/${other.id}`), admin.headers)).statusCode).toBe(200);
    expect(existsSync(storedFile(other.avatar_url))).toBe(false);
  });
});

describe('feature flags', () => {
  it('answers 403 feature_disabled on every inbox route when inbox_management is off', async () => {
    const { account, admin } = await createAccountWithAdmin(t, { features: { inbox_management: false } });
    for (const [method, path] of [['GET', url(account.id)], ['POST', url(account.id)], ['GET', accountUrl(account.id, 'all_inboxes')]] as const) {
      const res = await call(method, path, admin.headers, method === 'POST' ? fresh('api') : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json().error_code).toBe('feature_disabled');
    }
  });

  it('refuses website, email, Facebook and Twitter inboxes with 403 feature_disabled when their channel flag is off, writing nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t, {
      features: { channel_website: false, channel_email: false, channel_facebook: false, channel_twitter: false },
    });
    const before = await inboxRowCounts(t);
    const refused: [string, object | undefined, string][] = [
      [url(account.id), fresh('web_widget'), 'channel_website'],
      [url(account.id), fresh('email'), 'channel_email'],
      [accountUrl(account.id, 'callbacks/register_facebook_page'), { user_access_token: 'u', page_access_token: 'p', page_id: '55', inbox_name: 'P' }, 'channel_facebook'],
      [accountUrl(account.id, 'twitter/authorization'), undefined, 'channel_twitter'],
      [accountUrl(account.id, 'google/authorization'), { email: 'a@example.com' }, 'channel_email'],
      [accountUrl(account.id, 'microsoft/authorization'), { email: 'a@example.com' }, 'channel_email'],
    ];
    for (const [path, payload, flag] of refused) {
      const res = await call('POST', path, admin.headers, payload);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ error: `The ${flag} feature is not enabled for this account.`, error_code: 'feature_disabled' });
    }
    expect(await inboxRowCounts(t)).toEqual(before);
    // other channels are not gated by those flags
    expect((await call('POST', url(account.id), admin.headers, fresh('api'))).statusCode).toBe(200);
  });
});

it('documents every inbox route in the OpenAPI document under the inboxes tag', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const paths = [
    ['/api/v1/accounts/{accountId}/inboxes', ['get', 'post']],
    ['/api/v1/accounts/{accountId}/inboxes/{id}', ['get', 'patch', 'delete']],
    ['/api/v1/accounts/{accountId}/inboxes/{id}/avatar', ['delete']],
    ['/api/v1/accounts/{accountId}/inboxes/open_conversations_count', ['get']],
    ['/api/v1/accounts/{accountId}/all_inboxes', ['get']],
    ['/api/v1/accounts/{accountId}/channels/twilio_channel', ['post']],
    ['/api/v1/accounts/{accountId}/callbacks/register_facebook_page', ['post']],
    ['/api/v1/accounts/{accountId}/callbacks/reauthorize_page', ['post']],
    ['/api/v1/accounts/{accountId}/twitter/authorization', ['post']],
    ['/api/v1/accounts/{accountId}/google/authorization', ['post']],
    ['/api/v1/accounts/{accountId}/microsoft/authorization', ['post']],
  ] as const;
  for (const [route, methods] of paths) {
    for (const method of methods) {
      const operation = doc.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation.tags).toEqual(['inboxes']);
      expect(operation.summary).toBeTruthy();
      expect(operation.responses['200']).toBeDefined();
    }
  }
  const created = doc.paths['/api/v1/accounts/{accountId}/inboxes'].post.responses['200'].content['application/json'].schema;
  expect(JSON.stringify(created)).toContain('unresponded_conversations_count');
});
