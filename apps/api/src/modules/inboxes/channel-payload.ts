import { CHANNEL_TYPE_BY_PAYLOAD, DEFAULT_WIDGET_COLOR, type ChannelType } from '@app/shared/constants';
import type { CreateInboxChannel, CreateTwilioChannelBody, RegisterFacebookPageBody } from '@app/shared/inboxes';
import { decrypt, encrypt, randomToken } from '../../lib/crypto.ts';
import type { ChannelKey, ChannelRow, ChannelValues } from './queries.ts';

// Where each channel field is kept. Credentials are sealed together in `channels.secrets`; what clients
// may see sits in `settings`; inbound lookups use `phoneNumber` and `externalId`. A `provider_config.x`
// field is kept under its own name `x`.

type Home = 'settings' | 'secrets' | 'externalId' | 'phoneNumber';

export const FIELD_HOMES: Record<ChannelType, Record<string, Home>> = {
  'Channel::WebWidget': { website_url: 'settings', widget_color: 'settings', welcome_title: 'settings', welcome_tagline: 'settings', hmac_mandatory: 'settings' },
  'Channel::Api': { webhook_url: 'settings', hmac_mandatory: 'settings' },
  'Channel::Email': { email: 'externalId' },
  'Channel::Sms': {
    phone_number: 'phoneNumber',
    'provider_config.api_key': 'secrets',
    'provider_config.api_secret': 'secrets',
    'provider_config.application_id': 'settings',
    'provider_config.account_id': 'settings',
  },
  'Channel::Whatsapp': {
    phone_number: 'phoneNumber',
    'provider_config.api_key': 'secrets',
    'provider_config.phone_number_id': 'settings',
    'provider_config.business_account_id': 'settings',
  },
  'Channel::Line': { line_channel_id: 'externalId', line_channel_secret: 'secrets', line_channel_token: 'secrets' },
  'Channel::Telegram': { bot_token: 'secrets' },
  'Channel::TwilioSms': { account_sid: 'externalId', auth_token: 'secrets', api_key_sid: 'settings', messaging_service_sid: 'settings' },
  'Channel::FacebookPage': { page_id: 'externalId', page_access_token: 'secrets', user_access_token: 'secrets' },
  'Channel::TwitterProfile': {},
};

export type ChannelSecrets = Record<string, string>;
export type ChannelParts = Omit<ChannelValues, 'secrets'> & { settings: Record<string, unknown>; secrets: ChannelSecrets };
/** A field whose value changed, for the audit row; secrets are recorded without their values. */
export type FieldChange = { field: string; before: unknown; after: unknown; secret: boolean };

export function sealSecrets(secretKeyBase: string, secrets: ChannelSecrets): string | null {
  return Object.keys(secrets).length > 0 ? encrypt(secretKeyBase, JSON.stringify(secrets)) : null;
}

export function openSecrets(secretKeyBase: string, sealed: string | null): ChannelSecrets {
  return sealed ? (JSON.parse(decrypt(secretKeyBase, sealed)) as ChannelSecrets) : {};
}

const leaf = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/** `{provider_config: {api_key}}` → `{'provider_config.api_key': …}`; undefined values are left out. */
function flatten(payload: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    if (key === 'provider_config' && value && typeof value === 'object') Object.assign(flat, flatten(value as Record<string, unknown>, `${key}.`));
    else flat[`${prefix}${key}`] = value;
  }
  return flat;
}

/** The bot id before the colon of a Telegram token (`123456:ABC…`), which inbound updates carry. */
export function telegramBotId(token: string | undefined): string | null {
  return token?.match(/^(\d+):/)?.[1] ?? null;
}

/** Columns derived from others after a change. */
function derive(parts: ChannelParts): ChannelParts {
  if (parts.channelType === 'Channel::Whatsapp') parts.externalId = (parts.settings.phone_number_id as string | undefined) ?? null;
  if (parts.channelType === 'Channel::Telegram') parts.externalId = telegramBotId(parts.secrets.bot_token);
  return parts;
}

/** Writes the given fields into their homes; answers what changed. */
function place(parts: ChannelParts, payload: Record<string, unknown>): FieldChange[] {
  const homes = FIELD_HOMES[parts.channelType];
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(flatten(payload))) {
    const home = homes[field];
    if (!home) continue;
    const key = leaf(field);
    const before = home === 'settings' ? parts.settings[key] : home === 'secrets' ? parts.secrets[key] : parts[home];
    if (JSON.stringify(before ?? null) === JSON.stringify(value ?? null)) continue;
    changes.push({ field, before: before ?? null, after: value, secret: home === 'secrets' });
    if (home === 'settings') parts.settings[key] = value;
    else if (home === 'secrets') {
      if (typeof value === 'string' && value !== '') parts.secrets[key] = value;
      else delete parts.secrets[key];
    } else parts[home] = (value as string | null) ?? null;
  }
  return changes;
}

function blank(channelType: ChannelType, values: Partial<ChannelParts> = {}): ChannelParts {
  return { channelType, provider: null, medium: null, phoneNumber: null, identifier: null, externalId: null, settings: {}, secrets: {}, ...values };
}

/** A channel of POST inboxes; generates the web widget's and API channel's identifiers and secrets. */
export function channelFromPayload(payload: CreateInboxChannel): ChannelParts {
  const { type, ...fields } = payload;
  const channelType = CHANNEL_TYPE_BY_PAYLOAD[type];
  const parts = blank(channelType);
  if (payload.type === 'web_widget') {
    parts.identifier = randomToken(18);
    parts.secrets.hmac_token = randomToken(24);
    parts.settings = { widget_color: DEFAULT_WIDGET_COLOR, welcome_title: null, welcome_tagline: null, hmac_mandatory: false };
  }
  if (payload.type === 'api') {
    parts.identifier = randomToken(18);
    parts.secrets = { hmac_token: randomToken(24), secret: randomToken(24) };
    parts.settings = { webhook_url: null, hmac_mandatory: false };
  }
  if (payload.type === 'sms') parts.provider = 'bandwidth';
  if (payload.type === 'whatsapp') parts.provider = payload.provider;
  const { provider: _provider, ...rest } = fields as Record<string, unknown>;
  place(parts, rest);
  return derive(parts);
}

export function channelFromTwilio(payload: CreateTwilioChannelBody): ChannelParts {
  const parts = blank('Channel::TwilioSms', { provider: 'twilio', medium: payload.medium, phoneNumber: payload.phone_number });
  parts.settings = { messaging_service_sid: null, api_key_sid: null };
  place(parts, { account_sid: payload.account_sid, auth_token: payload.auth_token, api_key_sid: payload.api_key_sid, messaging_service_sid: payload.messaging_service_sid });
  return parts;
}

export function channelFromFacebookPage(payload: RegisterFacebookPageBody): ChannelParts {
  const parts = blank('Channel::FacebookPage');
  place(parts, { page_id: payload.page_id, page_access_token: payload.page_access_token, user_access_token: payload.user_access_token });
  return parts;
}

/** A stored channel with its secrets opened, ready to be changed with applyChannelChanges. */
export function channelParts(row: ChannelRow, secrets: ChannelSecrets): ChannelParts {
  const { id: _id, accountId: _accountId, createdAt: _createdAt, updatedAt: _updatedAt, secrets: _sealed, reauthorizationRequired, ...columns } = row;
  return { ...columns, reauthorizationRequired, settings: { ...row.settings }, secrets: { ...secrets } };
}

/** Applies a validated PATCH `channel{…}` (or new tokens) to a stored channel; answers the changes. */
export function applyChannelChanges(parts: ChannelParts, payload: Record<string, unknown>): FieldChange[] {
  const changes = place(parts, payload);
  derive(parts);
  return changes;
}

/** The keys no other channel may hold: inbound traffic finds the channel by them. */
export function uniqueKeys(parts: ChannelParts, accountId: number): { field: string; key: ChannelKey }[] {
  const { channelType, phoneNumber, externalId } = parts;
  const keys: { field: string; key: ChannelKey }[] = [];
  if (phoneNumber && ['Channel::Sms', 'Channel::Whatsapp', 'Channel::TwilioSms'].includes(channelType)) {
    keys.push({ field: 'phone_number', key: { channelType, column: 'phoneNumber', value: phoneNumber } });
  }
  const external: Partial<Record<ChannelType, string>> = {
    'Channel::Email': 'email',
    'Channel::Line': 'line_channel_id',
    'Channel::Telegram': 'bot_token',
    'Channel::FacebookPage': 'page_id',
  };
  const field = external[channelType];
  if (field && externalId) {
    // A Facebook page may be connected once per account (Chatwoot's rule); the others once per installation.
    const scoped = channelType === 'Channel::FacebookPage' ? { accountId } : {};
    keys.push({ field, key: { channelType, column: 'externalId', value: externalId, ...scoped } });
  }
  return keys;
}

/** provider_config as administrators see it: every provider_config field of the type, secrets opened. */
export function providerConfig(row: ChannelRow, secrets: ChannelSecrets): Record<string, string | null> | undefined {
  const fields = Object.entries(FIELD_HOMES[row.channelType]).filter(([field]) => field.startsWith('provider_config.'));
  if (fields.length === 0) return undefined;
  return Object.fromEntries(
    fields.map(([field, home]) => {
      const key = leaf(field);
      const value = home === 'secrets' ? secrets[key] : row.settings[key];
      return [key, typeof value === 'string' ? value : null];
    }),
  );
}
