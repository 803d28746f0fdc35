import type { ChannelType } from '@app/shared/constants';
import type { Inbox } from '@app/shared/inboxes';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import type { FieldErrors } from './inbox-validation.ts';

/**
 * A credential of a provider channel, edited on the configuration tab. `config` fields live in
 * provider_config; `stored` ones are not shown back by the API (an empty field keeps the stored value).
 */
export type CredentialField = {
  key: string;
  label: MessageKey;
  config?: boolean;
  stored?: boolean;
  required?: boolean;
  rule?: 'e164' | 'plus' | 'numeric';
};

const E164 = /^\+[1-9]\d{1,14}$/;
const strip = (value: string) => value.replace(/[\s\-().]/g, '');

export const CREDENTIAL_FIELDS: Partial<Record<ChannelType, CredentialField[]>> = {
  'Channel::Sms': [
    { key: 'phone_number', label: 'INBOX_MGMT.CONFIGURATION.PHONE_NUMBER', required: true, rule: 'plus' },
    { key: 'api_key', label: 'INBOX_MGMT.CONFIGURATION.API_KEY', config: true, required: true },
    { key: 'api_secret', label: 'INBOX_MGMT.CONFIGURATION.API_SECRET', config: true, required: true },
    { key: 'application_id', label: 'INBOX_MGMT.CONFIGURATION.APPLICATION_ID', config: true, required: true },
    { key: 'account_id', label: 'INBOX_MGMT.CONFIGURATION.ACCOUNT_ID', config: true, required: true },
  ],
  'Channel::Whatsapp': [
    { key: 'phone_number', label: 'INBOX_MGMT.CONFIGURATION.PHONE_NUMBER', required: true, rule: 'e164' },
    { key: 'api_key', label: 'INBOX_MGMT.CONFIGURATION.API_KEY', config: true, required: true },
    { key: 'phone_number_id', label: 'INBOX_MGMT.CONFIGURATION.PHONE_NUMBER_ID', config: true, rule: 'numeric' },
    { key: 'business_account_id', label: 'INBOX_MGMT.CONFIGURATION.BUSINESS_ACCOUNT_ID', config: true, rule: 'numeric' },
  ],
  'Channel::Line': [
    { key: 'line_channel_id', label: 'INBOX_MGMT.CONFIGURATION.LINE_CHANNEL_ID', required: true },
    { key: 'line_channel_secret', label: 'INBOX_MGMT.CONFIGURATION.LINE_CHANNEL_SECRET', stored: true },
    { key: 'line_channel_token', label: 'INBOX_MGMT.CONFIGURATION.LINE_CHANNEL_TOKEN', stored: true },
  ],
  'Channel::Telegram': [{ key: 'bot_token', label: 'INBOX_MGMT.CONFIGURATION.BOT_TOKEN', stored: true }],
  'Channel::TwilioSms': [
    { key: 'account_sid', label: 'INBOX_MGMT.CONFIGURATION.ACCOUNT_SID', stored: true },
    { key: 'auth_token', label: 'INBOX_MGMT.CONFIGURATION.AUTH_TOKEN', stored: true },
    { key: 'api_key_sid', label: 'INBOX_MGMT.CONFIGURATION.API_KEY_SID', stored: true },
  ],
};

/** The server's error key of a field. */
export const errorKeyOf = (field: CredentialField) => (field.config ? `channel.provider_config.${field.key}` : `channel.${field.key}`);

/** The values the form starts with: what the API shows back; stored secrets start empty. */
export function credentialValues(inbox: Inbox, fields: readonly CredentialField[]): Record<string, string> {
  const record = inbox as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((f) => {
      if (f.stored) return [f.key, ''];
      const value = f.config ? inbox.provider_config?.[f.key] : record[f.key];
      return [f.key, typeof value === 'string' ? value : ''];
    }),
  );
}

/** 001 section 5: required fields, E.164 (WhatsApp), + first (SMS), digits only; WhatsApp cloud needs both ids. */
export function validateCredentials(inbox: Pick<Inbox, 'provider'>, fields: readonly CredentialField[], values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const cloud = inbox.provider === 'whatsapp_cloud';
  for (const f of fields) {
    const value = values[f.key]?.trim() ?? '';
    const required = f.required || (cloud && (f.key === 'phone_number_id' || f.key === 'business_account_id'));
    if (!value) {
      if (required) errors[errorKeyOf(f)] = t('INBOX_MGMT.SETTINGS_POPUP.REQUIRED');
      continue;
    }
    if (f.rule === 'e164' && !E164.test(strip(value))) errors[errorKeyOf(f)] = t('INBOX_MGMT.CONFIGURATION.PHONE_ERROR');
    if (f.rule === 'plus' && !/^\+\d{2,15}$/.test(strip(value))) errors[errorKeyOf(f)] = t('INBOX_MGMT.CONFIGURATION.PLUS_PHONE_ERROR');
    if (f.rule === 'numeric' && !/^\d+$/.test(value)) errors[errorKeyOf(f)] = t('INBOX_MGMT.CONFIGURATION.NUMERIC_ERROR');
  }
  return errors;
}

/** The `channel` body: the fields that changed; an empty stored secret is left alone. */
export function credentialChanges(fields: readonly CredentialField[], before: Record<string, string>, values: Record<string, string>): Record<string, unknown> {
  const channel: Record<string, unknown> = {};
  const config: Record<string, string> = {};
  for (const f of fields) {
    const value = values[f.key]?.trim() ?? '';
    if (value === (before[f.key] ?? '') || (f.stored && !value)) continue;
    if (f.config) config[f.key] = value;
    else channel[f.key] = value;
  }
  if (Object.keys(config).length > 0) channel.provider_config = config;
  return channel;
}
