import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

// The client-side rules of 001 section 5, one validator per form. Each answers the localized message of
// every failing field (absent = valid); forms run them on blur and on submit. The server checks the same
// rules with the shared schemas and answers 422 when they are broken anyway.

export type Errors<F extends string> = Partial<Record<F, string>>;

const blank = (value: string) => value.trim() === '';
const E164 = /^\+[1-9]\d{1,14}$/;
/** Spaces, dashes, dots and brackets people type inside phone numbers (the server strips them too). */
export const stripPhone = (value: string) => value.trim().replace(/[\s\-().]/g, '');
export const isE164 = (value: string) => E164.test(stripPhone(value));
// The browser's own idea of an email address (input type=email), which the server's check also accepts.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Collects the message of each rule that fails; the first failing rule of a field wins. */
function check<F extends string>(rules: [F, boolean, MessageKey][]): Errors<F> {
  const errors: Errors<F> = {};
  for (const [field, failed, key] of rules) if (failed && !errors[field]) errors[field] = t(key);
  return errors;
}

// --- website: no field rules; the submit button waits for the domain and the name (S1-5.01 to S1-5.03)

export type WebsiteValues = {
  name: string;
  website_url: string;
  widget_color: string;
  welcome_title: string;
  welcome_tagline: string;
  greeting_enabled: boolean;
  greeting_message: string;
};
export const websiteCanSubmit = (values: WebsiteValues) => !blank(values.name) && !blank(values.website_url);

// --- API

export type ApiValues = { name: string; webhook_url: string };
export const validateApi = (v: ApiValues) =>
  check<keyof ApiValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.API_CHANNEL.NAME_ERROR'],
    ['webhook_url', !blank(v.webhook_url) && !v.webhook_url.trim().startsWith('http'), 'INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL_ERROR'],
  ]);

// --- email (other providers) and the OAuth providers' email

export type EmailValues = { name: string; email: string };
export const validateEmail = (v: EmailValues) =>
  check<keyof EmailValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.EMAIL.CHANNEL_NAME_ERROR'],
    ['email', blank(v.email), 'INBOX_MGMT.ADD.EMAIL.EMAIL_REQUIRED'],
    ['email', !EMAIL.test(v.email.trim()), 'INBOX_MGMT.ADD.EMAIL.EMAIL_INVALID'],
  ]);
export const validateOAuthEmail = (v: { email: string }) => {
  const { email } = validateEmail({ name: 'x', email: v.email });
  return email ? { email } : {};
};

// --- SMS (bandwidth)

export type BandwidthValues = { name: string; phone_number: string; api_key: string; api_secret: string; application_id: string; account_id: string };
export const validateBandwidth = (v: BandwidthValues) =>
  check<keyof BandwidthValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.SMS.NAME_ERROR'],
    ['phone_number', blank(v.phone_number), 'INBOX_MGMT.ADD.SMS.PHONE_NUMBER_REQUIRED'],
    ['phone_number', !v.phone_number.trim().startsWith('+'), 'INBOX_MGMT.ADD.SMS.PHONE_NUMBER_PLUS'],
    ['api_key', blank(v.api_key), 'INBOX_MGMT.ADD.SMS.API_KEY_ERROR'],
    ['api_secret', blank(v.api_secret), 'INBOX_MGMT.ADD.SMS.API_SECRET_ERROR'],
    ['application_id', blank(v.application_id), 'INBOX_MGMT.ADD.SMS.APPLICATION_ID_ERROR'],
    ['account_id', blank(v.account_id), 'INBOX_MGMT.ADD.SMS.ACCOUNT_ID_ERROR'],
  ]);

// --- Twilio (SMS and WhatsApp)

export type TwilioValues = {
  name: string;
  medium: '' | 'sms' | 'whatsapp';
  account_sid: string;
  use_api_key: boolean;
  api_key_sid: string;
  auth_token: string;
  phone_number: string;
  messaging_service_sid: string;
};
export const validateTwilio = (v: TwilioValues) =>
  check<keyof TwilioValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.TWILIO.NAME_ERROR'],
    ['medium', v.medium === '', 'INBOX_MGMT.ADD.TWILIO.MEDIUM_ERROR'],
    ['account_sid', blank(v.account_sid), 'INBOX_MGMT.ADD.TWILIO.ACCOUNT_SID_ERROR'],
    ['api_key_sid', v.use_api_key && blank(v.api_key_sid), 'INBOX_MGMT.ADD.TWILIO.API_KEY_SID_ERROR'],
    ['auth_token', blank(v.auth_token), v.use_api_key ? 'INBOX_MGMT.ADD.TWILIO.API_KEY_SECRET_ERROR' : 'INBOX_MGMT.ADD.TWILIO.AUTH_TOKEN_ERROR'],
    ['phone_number', !blank(v.phone_number) && !isE164(v.phone_number), 'INBOX_MGMT.ADD.TWILIO.PHONE_NUMBER_ERROR'],
    ['messaging_service_sid', blank(v.phone_number) && blank(v.messaging_service_sid), 'INBOX_MGMT.ADD.TWILIO.MESSAGING_SERVICE_SID_ERROR'],
  ]);

/**
 * The `twilio_channel` body (S1-3.05): the phone number goes as + and digits only, or null when a messaging
 * service SID is used (S1-5.25, S1-5.26); the api key SID only with the api key option on.
 */
export function twilioPayload(v: TwilioValues) {
  const sid = v.messaging_service_sid.trim();
  const digits = v.phone_number.replace(/\D/g, '');
  return {
    name: v.name.trim(),
    medium: v.medium,
    account_sid: v.account_sid.trim(),
    api_key_sid: v.use_api_key ? v.api_key_sid.trim() : null,
    auth_token: v.auth_token.trim(),
    messaging_service_sid: sid || null,
    phone_number: sid || !digits ? null : `+${digits}`,
  };
}

// --- WhatsApp (cloud and the legacy 360dialog-style provider)

export type WhatsappValues = { provider: 'whatsapp_cloud' | 'default'; name: string; phone_number: string; api_key: string; phone_number_id: string; business_account_id: string };
const numeric = (value: string) => /^\d+$/.test(value.trim());
export const validateWhatsapp = (v: WhatsappValues) => {
  const cloud = v.provider === 'whatsapp_cloud';
  return check<keyof WhatsappValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.WHATSAPP.NAME_ERROR'],
    ['phone_number', blank(v.phone_number), 'INBOX_MGMT.ADD.WHATSAPP.PHONE_NUMBER_REQUIRED'],
    ['phone_number', !isE164(v.phone_number), 'INBOX_MGMT.ADD.WHATSAPP.PHONE_NUMBER_ERROR'],
    ['phone_number_id', cloud && blank(v.phone_number_id), 'INBOX_MGMT.ADD.WHATSAPP.ID_REQUIRED'],
    ['phone_number_id', cloud && !numeric(v.phone_number_id), 'INBOX_MGMT.ADD.WHATSAPP.ID_NUMERIC'],
    ['business_account_id', cloud && blank(v.business_account_id), 'INBOX_MGMT.ADD.WHATSAPP.ID_REQUIRED'],
    ['business_account_id', cloud && !numeric(v.business_account_id), 'INBOX_MGMT.ADD.WHATSAPP.ID_NUMERIC'],
    ['api_key', blank(v.api_key), 'INBOX_MGMT.ADD.WHATSAPP.API_KEY_ERROR'],
  ]);
};

// --- Line and Telegram

export type LineValues = { name: string; line_channel_id: string; line_channel_secret: string; line_channel_token: string };
export const validateLine = (v: LineValues) =>
  check<keyof LineValues>([
    ['name', blank(v.name), 'INBOX_MGMT.ADD.LINE.NAME_ERROR'],
    ['line_channel_id', blank(v.line_channel_id), 'INBOX_MGMT.ADD.LINE.CHANNEL_ID_ERROR'],
    ['line_channel_secret', blank(v.line_channel_secret), 'INBOX_MGMT.ADD.LINE.SECRET_ERROR'],
    ['line_channel_token', blank(v.line_channel_token), 'INBOX_MGMT.ADD.LINE.TOKEN_ERROR'],
  ]);

export type TelegramValues = { bot_token: string };
export const validateTelegram = (v: TelegramValues) => check<keyof TelegramValues>([['bot_token', blank(v.bot_token), 'INBOX_MGMT.ADD.TELEGRAM.BOT_TOKEN_ERROR']]);
