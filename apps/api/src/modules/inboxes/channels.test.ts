import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createMember } from '../../../test/factories.ts';
import { decrypt } from '../../lib/crypto.ts';
import { pkceChallenge, verifyState } from './oauth.ts';
import { accountUrl, caller, freshPhone, inboxRowCounts } from './test-support.ts';

// Inboxes created outside POST inboxes: Twilio, Facebook pages, and the OAuth authorization URLs.

let t: TestContext;
let bare: TestContext;
let call: ReturnType<typeof caller>;
const OAUTH_ENV = {
  GOOGLE_OAUTH_CLIENT_ID: 'google-client-id',
  GOOGLE_OAUTH_CLIENT_SECRET: 'google-client-secret',
  AZURE_APP_ID: 'azure-app-id',
  AZURE_APP_SECRET: 'azure-app-secret',
  TWITTER_CLIENT_ID: 'twitter-client-id',
  TWITTER_CLIENT_SECRET: 'twitter-client-secret',
};
beforeAll(async () => {
  t = await buildTestApp(OAUTH_ENV);
  bare = await buildTestApp();
  call = caller(t);
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

async function channelOf(inboxId: number) {
  const [row] = await t.db
    .select({ channel: schema.channels })
    .from(schema.inboxes)
    .innerJoin(schema.channels, eq(schema.channels.id, schema.inboxes.channelId))
    .where(eq(schema.inboxes.id, inboxId));
  return row!.channel;
}

describe('Twilio', () => {
  it('S1-7.13 S1-3.05 POST channels/twilio_channel {twilio_channel{…}} creates a Twilio inbox with the auth token sealed', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const phone = freshPhone();
    const res = await call('POST', accountUrl(account.id, 'channels/twilio_channel'), admin.headers, {
      twilio_channel: { name: 'Twilio WhatsApp', medium: 'whatsapp', account_sid: 'AC0000000713', api_key_sid: 'SK0000000713', auth_token: 'twilio-secret-713', messaging_service_sid: '', phone_number: phone },
    });
    expect(res.statusCode, res.body).toBe(200);
    const inbox = res.json();
    expect(inbox).toMatchObject({ name: 'Twilio WhatsApp', channel_type: 'Channel::TwilioSms', medium: 'whatsapp', provider: 'twilio', phone_number: phone, messaging_service_sid: null });
    expect(JSON.stringify(inbox)).not.toContain('twilio-secret-713');
    const channel = await channelOf(inbox.id);
    expect(channel).toMatchObject({ channelType: 'Channel::TwilioSms', medium: 'whatsapp', phoneNumber: phone, externalId: 'AC0000000713' });
    expect(channel.settings).toEqual({ api_key_sid: 'SK0000000713', messaging_service_sid: null });
    expect(channel.secrets).not.toContain('twilio-secret-713');
    expect(JSON.parse(decrypt(t.config.secretKeyBase, channel.secrets!))).toEqual({ auth_token: 'twilio-secret-713' });

    // the same number cannot be connected twice
    const again = await call('POST', accountUrl(account.id, 'channels/twilio_channel'), admin.headers, { name: 'Again', medium: 'sms', account_sid: 'AC1', auth_token: 'x', phone_number: phone });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone_number: ['has already been taken'] });
  });
});

describe('Facebook pages', () => {
  const page = (pageId: string, extra: object = {}) => ({ user_access_token: 'user-token-1', page_access_token: 'page-token-1', page_id: pageId, inbox_name: 'Our page', ...extra });

  it('S1-7.14 POST callbacks/register_facebook_page creates a Facebook page inbox; a page connects once per account', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const path = accountUrl(account.id, 'callbacks/register_facebook_page');
    const res = await call('POST', path, admin.headers, page('100200300'));
    expect(res.statusCode, res.body).toBe(200);
    const inbox = res.json();
    expect(inbox).toMatchObject({ name: 'Our page', channel_type: 'Channel::FacebookPage', page_id: '100200300', reauthorization_required: false });
    const channel = await channelOf(inbox.id);
    expect(channel.externalId).toBe('100200300');
    for (const token of ['user-token-1', 'page-token-1']) expect(channel.secrets).not.toContain(token);
    expect(JSON.parse(decrypt(t.config.secretKeyBase, channel.secrets!))).toEqual({ page_access_token: 'page-token-1', user_access_token: 'user-token-1' });

    const before = await inboxRowCounts(t);
    const again = await call('POST', path, admin.headers, page('100200300', { inbox_name: 'Twice' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ page_id: ['has already been taken'] });
    const unnamed = await call('POST', path, admin.headers, page('100200301', { inbox_name: '' }));
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().attributes).toEqual(['inbox_name']);
    expect(await inboxRowCounts(t)).toEqual(before);

    // another account may connect the same page
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    expect((await call('POST', accountUrl(other.id, 'callbacks/register_facebook_page'), otherAdmin.headers, page('100200300'))).statusCode).toBe(200);
  });

  it('S1-7.15 POST callbacks/reauthorize_page stores the new tokens and clears reauthorization_required', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = (await call('POST', accountUrl(account.id, 'callbacks/register_facebook_page'), admin.headers, page('400500600'))).json();
    const channel = await channelOf(inbox.id);
    await t.db.update(schema.channels).set({ reauthorizationRequired: true }).where(eq(schema.channels.id, channel.id));
    expect((await call('GET', accountUrl(account.id, `inboxes/${inbox.id}`), admin.headers)).json().reauthorization_required).toBe(true);

    const path = accountUrl(account.id, 'callbacks/reauthorize_page');
    const res = await call('POST', path, admin.headers, { inbox_id: inbox.id, page_access_token: 'page-token-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: inbox.id, reauthorization_required: false });
    const after = await channelOf(inbox.id);
    expect(after.reauthorizationRequired).toBe(false);
    expect(after.secrets).not.toContain('page-token-2');
    // the user token is kept when none is sent
    expect(JSON.parse(decrypt(t.config.secretKeyBase, after.secrets!))).toEqual({ page_access_token: 'page-token-2', user_access_token: 'user-token-1' });
    const [log] = await t.db.select().from(schema.auditLogs).where(and(eq(schema.auditLogs.auditableId, inbox.id), eq(schema.auditLogs.action, 'update')));
    expect(log!.auditedChanges).toEqual({ 'channel.page_access_token': ['[FILTERED]', '[FILTERED]'], reauthorization_required: [true, false] });

    const api = (await call('POST', accountUrl(account.id, 'inboxes'), admin.headers, { name: 'Api', channel: { type: 'api' } })).json();
    const wrongType = await call('POST', path, admin.headers, { inbox_id: api.id, page_access_token: 'x' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ inbox_id: ['is not a Facebook page inbox'] });
    expect((await call('POST', path, admin.headers, { inbox_id: inbox.id })).json().attributes).toEqual(['page_access_token']);
    expect((await call('POST', path, admin.headers, { inbox_id: 999_999, page_access_token: 'x' })).statusCode).toBe(404);
  });
});

describe('OAuth authorization', () => {
  it('S1-7.04 POST google/authorization {email} answers the Google consent URL with a signed state', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', accountUrl(account.id, 'google/authorization'), admin.headers, { email: 'Inbox@Example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google-client-id',
      redirect_uri: 'http://localhost:3000/google/callback',
      response_type: 'code',
      scope: 'https://mail.google.com/ email profile',
      access_type: 'offline',
      prompt: 'consent',
      login_hint: 'inbox@example.com',
    });
    const state = verifyState(t.config.secretKeyBase, url.searchParams.get('state')!);
    expect(state).toMatchObject({ accountId: account.id, userId: admin.user.id, provider: 'google', email: 'inbox@example.com', codeVerifier: null });
    expect(verifyState('another-secret-key-base-0123456789abcdef', url.searchParams.get('state')!)).toBeNull();
  });

  it('S1-7.03 POST microsoft/authorization {email} answers the Microsoft consent URL with IMAP/SMTP scopes', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', accountUrl(account.id, 'microsoft/authorization'), admin.headers, { email: 'desk@contoso.com' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ client_id: 'azure-app-id', redirect_uri: 'http://localhost:3000/microsoft/callback', response_type: 'code', login_hint: 'desk@contoso.com' });
    expect(params.scope!.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'https://outlook.office.com/IMAP.AccessAsUser.All', 'https://outlook.office.com/SMTP.Send']));
    expect(verifyState(t.config.secretKeyBase, params.state!)).toMatchObject({ accountId: account.id, provider: 'microsoft', email: 'desk@contoso.com' });
  });

  it('S1-7.02 POST twitter/authorization answers the Twitter OAuth 2.0 URL with a PKCE challenge whose verifier the state keeps', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('POST', accountUrl(account.id, 'twitter/authorization'), admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://twitter.com/i/oauth2/authorize');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: 'twitter-client-id',
      redirect_uri: 'http://localhost:3000/twitter/callback',
      response_type: 'code',
      scope: 'tweet.read tweet.write users.read dm.read dm.write offline.access',
      code_challenge_method: 'S256',
    });
    const state = verifyState(t.config.secretKeyBase, params.state!)!;
    expect(state).toMatchObject({ accountId: account.id, provider: 'twitter', email: null });
    expect(state.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(pkceChallenge(state.codeVerifier!)).toBe(params.code_challenge);
    // the verifier never travels in clear
    expect(params.state).not.toContain(state.codeVerifier);
  });

  it('answers 422 naming the provider and its settings when the installation is not configured for it', async () => {
    const { account, admin } = await createAccountWithAdmin(bare);
    const cases = [
      ['google/authorization', { email: 'a@example.com' }, 'Google is not configured on this installation: set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET'],
      ['microsoft/authorization', { email: 'a@example.com' }, 'Microsoft is not configured on this installation: set AZURE_APP_ID and AZURE_APP_SECRET'],
      ['twitter/authorization', undefined, 'Twitter is not configured on this installation: set TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET'],
    ] as const;
    for (const [path, payload, message] of cases) {
      const res = await caller(bare)('POST', accountUrl(account.id, path), admin.headers, payload);
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toMatchObject({ message, attributes: ['provider'] });
    }
  });

  it('requires a valid email for Google and Microsoft (422), and an administrator (403)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    for (const provider of ['google', 'microsoft']) {
      for (const payload of [{}, { email: '' }, { email: 'not-an-address' }]) {
        const res = await call('POST', accountUrl(account.id, `${provider}/authorization`), admin.headers, payload);
        expect(res.statusCode, `${provider} ${JSON.stringify(payload)}`).toBe(422);
        expect(res.json().attributes).toEqual(['email']);
      }
    }
    const agent = await createMember(t, account.id, 'agent');
    expect((await call('POST', accountUrl(account.id, 'google/authorization'), agent.headers, { email: 'a@example.com' })).statusCode).toBe(403);
  });
});
