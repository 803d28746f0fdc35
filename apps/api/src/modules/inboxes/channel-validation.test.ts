import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, type Member } from '../../../test/factories.ts';
import { accountUrl, caller, fresh, freshPhone, inboxRowCounts } from './test-support.ts';

// One test per server-side validation rule of 001 section 5. A refused payload answers 422 naming the
// field (dotted for nested fields) and leaves the inbox and channel tables unchanged.

let t: TestContext;
let call: ReturnType<typeof caller>;
let admin: Member;
let inboxesUrl: string;
let twilioUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  const created = await createAccountWithAdmin(t);
  admin = created.admin;
  inboxesUrl = accountUrl(created.account.id, 'inboxes');
  twilioUrl = accountUrl(created.account.id, 'channels/twilio_channel');
});
afterAll(() => t.close());

/** 422 naming exactly `field` (with `message` when given), and nothing written. */
async function rejected(path: string, payload: object, field: string, message = 'must not be blank') {
  const before = await inboxRowCounts(t);
  const res = await call('POST', path, admin.headers, payload);
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body.attributes).toEqual([field]);
  expect(body.errors[field]).toContain(message);
  expect(body.message).toEqual(expect.any(String));
  expect(await inboxRowCounts(t)).toEqual(before);
}

async function created(path: string, payload: object) {
  const res = await call('POST', path, admin.headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function storedChannel(channelId: number) {
  const [row] = await t.db.select().from(schema.channels).where(eq(schema.channels.id, channelId));
  return row!;
}

/** A payload of `kind` with one channel field (or provider_config field) changed; undefined removes it. */
function withChannel<K extends Parameters<typeof fresh>[0]>(kind: K, changes: Record<string, unknown>, config: Record<string, unknown> = {}) {
  const payload = fresh(kind) as unknown as { channel: Record<string, unknown> & { provider_config?: Record<string, unknown> } };
  const channel = { ...payload.channel, ...changes };
  if (payload.channel.provider_config) channel.provider_config = { ...payload.channel.provider_config, ...config };
  for (const target of [channel, channel.provider_config ?? {}] as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(target)) if (value === undefined) delete target[key];
  }
  return { ...payload, channel };
}

const twilio = (fields: Record<string, unknown>) => {
  const body: Record<string, unknown> = { name: 'Twilio SMS', medium: 'sms', account_sid: 'AC0000000001', auth_token: 'twilio-auth-token', ...fields };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return { twilio_channel: body };
};

describe('website', () => {
  it('S1-5.01 Website: the domain is required', async () => {
    await rejected(inboxesUrl, withChannel('web_widget', { website_url: undefined }), 'channel.website_url');
    await rejected(inboxesUrl, withChannel('web_widget', { website_url: '   ' }), 'channel.website_url');
  });

  it('S1-5.02 Website: the name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('web_widget'), name: '' }, 'name');
    const { name: _name, ...unnamed } = fresh('web_widget');
    await rejected(inboxesUrl, unnamed, 'name');
  });

  it('S1-5.03 Website: with domain and name filled there is no other validation', async () => {
    const inbox = await created(inboxesUrl, {
      name: 'Minimal',
      greeting_enabled: false,
      greeting_message: '',
      channel: { type: 'web_widget', website_url: 'not even a url', welcome_title: '', welcome_tagline: '' },
    });
    expect(inbox).toMatchObject({ name: 'Minimal', website_url: 'not even a url', welcome_title: null, welcome_tagline: null, greeting_message: null, widget_color: '#009CE0' });
  });
});

describe('API channel', () => {
  it('S1-5.04 API channel: the channel name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('api'), name: ' ' }, 'name');
  });

  it('S1-5.05 API channel: the webhook URL is optional (empty is valid)', async () => {
    expect((await created(inboxesUrl, withChannel('api', { webhook_url: '' }))).webhook_url).toBeNull();
    expect((await created(inboxesUrl, withChannel('api', { webhook_url: undefined }))).webhook_url).toBeNull();
  });

  it('S1-5.06 API channel: a non-empty webhook URL is valid when it starts with http, invalid otherwise', async () => {
    await rejected(inboxesUrl, withChannel('api', { webhook_url: 'ftp://hooks.example.com' }), 'channel.webhook_url', 'must start with http');
    await rejected(inboxesUrl, withChannel('api', { webhook_url: 'hooks.example.com/in' }), 'channel.webhook_url', 'must start with http');
    expect((await created(inboxesUrl, withChannel('api', { webhook_url: 'http://hooks.example.com/in' }))).webhook_url).toBe('http://hooks.example.com/in');
    expect((await created(inboxesUrl, withChannel('api', { webhook_url: 'https://hooks.example.com/in' }))).webhook_url).toBe('https://hooks.example.com/in');
  });
});

describe('email channel', () => {
  it('S1-5.07 Email channel: the channel name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('email'), name: '' }, 'name');
  });

  it('S1-5.08 Email channel: the email is required', async () => {
    await rejected(inboxesUrl, withChannel('email', { email: undefined }), 'channel.email');
    await rejected(inboxesUrl, withChannel('email', { email: '' }), 'channel.email');
  });

  it('S1-5.09 Email channel: the email must be a valid address', async () => {
    await rejected(inboxesUrl, withChannel('email', { email: 'support.example.com' }), 'channel.email', 'is not a valid email');
    await rejected(inboxesUrl, withChannel('email', { email: 'support@' }), 'channel.email', 'is not a valid email');
  });
});

describe('SMS (bandwidth)', () => {
  it('S1-5.10 SMS bandwidth: the inbox name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('sms'), name: '' }, 'name');
  });

  it('S1-5.11 SMS bandwidth: the api key is required', async () => {
    await rejected(inboxesUrl, withChannel('sms', {}, { api_key: undefined }), 'channel.provider_config.api_key');
  });

  it('S1-5.12 SMS bandwidth: the api secret is required', async () => {
    await rejected(inboxesUrl, withChannel('sms', {}, { api_secret: '' }), 'channel.provider_config.api_secret');
  });

  it('S1-5.13 SMS bandwidth: the application id is required', async () => {
    await rejected(inboxesUrl, withChannel('sms', {}, { application_id: undefined }), 'channel.provider_config.application_id');
  });

  it('S1-5.14 SMS bandwidth: the account id is required', async () => {
    await rejected(inboxesUrl, withChannel('sms', {}, { account_id: undefined }), 'channel.provider_config.account_id');
  });

  it('S1-5.15 SMS bandwidth: the phone number is required', async () => {
    await rejected(inboxesUrl, withChannel('sms', { phone_number: undefined }), 'channel.phone_number');
  });

  it('S1-5.16 SMS bandwidth: the phone number must start with +', async () => {
    const phone = freshPhone();
    await rejected(inboxesUrl, withChannel('sms', { phone_number: phone.slice(1) }), 'channel.phone_number', 'must start with +');
    expect((await created(inboxesUrl, withChannel('sms', { phone_number: phone }))).phone_number).toBe(phone);
  });
});

describe('Twilio', () => {
  it('S1-5.17 Twilio: the channel name is required', async () => {
    await rejected(twilioUrl, twilio({ name: '', messaging_service_sid: 'MG1' }), 'name');
  });

  it('S1-5.18 Twilio: the auth token is required', async () => {
    await rejected(twilioUrl, twilio({ auth_token: undefined, messaging_service_sid: 'MG1' }), 'auth_token');
  });

  it('S1-5.19 Twilio: the account SID is required', async () => {
    await rejected(twilioUrl, twilio({ account_sid: ' ', messaging_service_sid: 'MG1' }), 'account_sid');
  });

  it('S1-5.20 Twilio: the medium is required (sms or whatsapp)', async () => {
    await rejected(twilioUrl, twilio({ medium: undefined, messaging_service_sid: 'MG1' }), 'medium');
    await rejected(twilioUrl, twilio({ medium: 'fax', messaging_service_sid: 'MG1' }), 'medium', 'must be one of sms, whatsapp');
  });

  it('S1-5.21 Twilio: a phone number, if given, must be E.164', async () => {
    const message = 'must be in E.164 format (+ followed by up to 15 digits)';
    await rejected(twilioUrl, twilio({ phone_number: '5550100123' }), 'phone_number', message);
    await rejected(twilioUrl, twilio({ phone_number: '+0123456' }), 'phone_number', message);
    await rejected(twilioUrl, twilio({ phone_number: '+1234567890123456' }), 'phone_number', message);
  });

  it('S1-5.22 Twilio: when a phone number is given, the messaging service SID is optional', async () => {
    const phone = freshPhone();
    const inbox = await created(twilioUrl, twilio({ phone_number: phone }));
    expect(inbox).toMatchObject({ channel_type: 'Channel::TwilioSms', phone_number: phone, messaging_service_sid: null });
  });

  it('S1-5.23 Twilio: when no phone number is given, the messaging service SID is required', async () => {
    await rejected(twilioUrl, twilio({}), 'messaging_service_sid', 'must not be blank when no phone number is given');
    await rejected(twilioUrl, twilio({ phone_number: '' }), 'messaging_service_sid', 'must not be blank when no phone number is given');
    expect((await created(twilioUrl, twilio({ messaging_service_sid: 'MG0000000023' }))).messaging_service_sid).toBe('MG0000000023');
  });

  it('S1-5.24 Twilio: the api key SID is required when the api key option is on (and not otherwise)', async () => {
    await rejected(twilioUrl, twilio({ use_api_key: true, messaging_service_sid: 'MG1' }), 'api_key_sid', 'must not be blank when the API key option is on');
    await rejected(twilioUrl, twilio({ use_api_key: true, api_key_sid: '', messaging_service_sid: 'MG1' }), 'api_key_sid', 'must not be blank when the API key option is on');
    await created(twilioUrl, twilio({ use_api_key: false, messaging_service_sid: 'MG1' }));
    const withKey = await created(twilioUrl, twilio({ use_api_key: true, api_key_sid: 'SK0000000024', messaging_service_sid: 'MG1' }));
    expect((await storedChannel(withKey.channel_id)).settings).toMatchObject({ api_key_sid: 'SK0000000024' });
  });

  it('S1-5.25 Twilio: the phone number is stored as + followed by digits only', async () => {
    const digits = freshPhone().slice(1);
    const typed = `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
    const inbox = await created(twilioUrl, twilio({ phone_number: typed }));
    expect(inbox.phone_number).toBe(`+${digits}`);
    expect((await storedChannel(inbox.channel_id)).phoneNumber).toBe(`+${digits}`);
  });

  it('S1-5.26 Twilio: the phone number is null when a messaging service SID is used', async () => {
    const inbox = await created(twilioUrl, twilio({ phone_number: freshPhone(), messaging_service_sid: 'MG0000000026' }));
    expect(inbox).toMatchObject({ phone_number: null, messaging_service_sid: 'MG0000000026' });
    expect((await storedChannel(inbox.channel_id)).phoneNumber).toBeNull();
  });
});

describe('WhatsApp', () => {
  it('S1-5.27 WhatsApp: the inbox name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('whatsapp'), name: '' }, 'name');
  });

  it('S1-5.28 WhatsApp: the api key is required', async () => {
    await rejected(inboxesUrl, withChannel('whatsapp', {}, { api_key: undefined }), 'channel.provider_config.api_key');
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', {}, { api_key: '' }), 'channel.provider_config.api_key');
  });

  it('S1-5.29 WhatsApp: the phone number is required', async () => {
    await rejected(inboxesUrl, withChannel('whatsapp', { phone_number: undefined }), 'channel.phone_number');
  });

  it('S1-5.30 WhatsApp: the phone number must be E.164', async () => {
    const message = 'must be in E.164 format (+ followed by up to 15 digits)';
    await rejected(inboxesUrl, withChannel('whatsapp', { phone_number: '15550100123' }), 'channel.phone_number', message);
    await rejected(inboxesUrl, withChannel('whatsapp', { phone_number: '+0155501' }), 'channel.phone_number', message);
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', { phone_number: '+1 555 abc' }), 'channel.phone_number', message);
    const phone = freshPhone();
    expect((await created(inboxesUrl, withChannel('whatsapp', { phone_number: `${phone.slice(0, 2)} ${phone.slice(2)}` }))).phone_number).toBe(phone);
  });

  it('S1-5.31 WhatsApp cloud: phone_number_id is required and must be numeric', async () => {
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', {}, { phone_number_id: undefined }), 'channel.provider_config.phone_number_id');
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', {}, { phone_number_id: '12ab' }), 'channel.provider_config.phone_number_id', 'must be numeric');
  });

  it('S1-5.32 WhatsApp cloud: business_account_id is required and must be numeric', async () => {
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', {}, { business_account_id: undefined }), 'channel.provider_config.business_account_id');
    await rejected(inboxesUrl, withChannel('whatsapp_cloud', {}, { business_account_id: 'waba-1' }), 'channel.provider_config.business_account_id', 'must be numeric');
    // the legacy provider needs neither
    await created(inboxesUrl, withChannel('whatsapp', {}, { phone_number_id: undefined, business_account_id: undefined }));
  });
});

describe('Line and Telegram', () => {
  it('S1-5.33 Line: the channel name is required', async () => {
    await rejected(inboxesUrl, { ...fresh('line'), name: '' }, 'name');
  });

  it('S1-5.34 Line: the channel id is required', async () => {
    await rejected(inboxesUrl, withChannel('line', { line_channel_id: undefined }), 'channel.line_channel_id');
  });

  it('S1-5.35 Line: the secret is required', async () => {
    await rejected(inboxesUrl, withChannel('line', { line_channel_secret: '' }), 'channel.line_channel_secret');
  });

  it('S1-5.36 Line: the token is required', async () => {
    await rejected(inboxesUrl, withChannel('line', { line_channel_token: undefined }), 'channel.line_channel_token');
  });

  it('S1-5.37 Telegram: the bot token is required', async () => {
    await rejected(inboxesUrl, { channel: { type: 'telegram' } }, 'channel.bot_token');
    await rejected(inboxesUrl, { channel: { type: 'telegram', bot_token: '  ' } }, 'channel.bot_token');
  });
});

describe('the channel itself', () => {
  it('refuses a missing or unknown channel type with 422 on channel / channel.type', async () => {
    await rejected(inboxesUrl, { name: 'No channel' }, 'channel');
    await rejected(inboxesUrl, { name: 'Fax', channel: { type: 'fax' } }, 'channel.type', 'must be one of web_widget, api, email, sms, whatsapp, line, telegram');
  });

  it('lists every failing field of a payload at once', async () => {
    const before = await inboxRowCounts(t);
    const res = await call('POST', inboxesUrl, admin.headers, { channel: { type: 'whatsapp', provider: 'whatsapp_cloud', phone_number: '12', provider_config: {} } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes.sort()).toEqual([
      'channel.phone_number',
      'channel.provider_config.api_key',
      'channel.provider_config.business_account_id',
      'channel.provider_config.phone_number_id',
      'name',
    ]);
    expect(await inboxRowCounts(t)).toEqual(before);
  });
});
