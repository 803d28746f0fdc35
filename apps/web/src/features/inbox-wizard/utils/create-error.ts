import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

/** The forms whose failures 001 section 8 describes, each with its own rule for the alert. */
export type CreateKind = 'website' | 'email' | 'whatsapp' | 'telegram' | 'twilio' | 'api' | 'sms' | 'line';

const FALLBACK: Record<CreateKind, MessageKey> = {
  website: 'INBOX_MGMT.ADD.WEBSITE.API.ERROR_MESSAGE',
  email: 'INBOX_MGMT.ADD.EMAIL.API.ERROR_MESSAGE',
  whatsapp: 'INBOX_MGMT.ADD.WHATSAPP.API.ERROR_MESSAGE',
  telegram: 'INBOX_MGMT.ADD.TELEGRAM.API.ERROR_MESSAGE',
  twilio: 'INBOX_MGMT.ADD.TWILIO.API.ERROR_MESSAGE',
  api: 'INBOX_MGMT.ADD.API_CHANNEL.API.ERROR_MESSAGE',
  sms: 'INBOX_MGMT.ADD.SMS.API.ERROR_MESSAGE',
  line: 'INBOX_MGMT.ADD.LINE.API.ERROR_MESSAGE',
};

/** 001 section 8: these show the server's message when there is one; Twilio its extracted API error. */
const SERVER_MESSAGE: ReadonlySet<CreateKind> = new Set(['website', 'email', 'whatsapp', 'telegram', 'twilio']);

/** The server's own words: the envelope's message (or error), never the generic "failed with status". */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const { message, error: text, errors } = error.body;
  if (typeof message === 'string' && message) return message;
  if (typeof text === 'string' && text && text !== 'network') return text;
  if (Array.isArray(errors) && typeof errors[0] === 'string') return errors[0];
  return null;
}

/**
 * A failed creation read for the form (S1-8.01 to S1-8.09): each 422 field message under the field it names
 * (the server's `channel.x` and `channel.provider_config.x` are the form's `x`), prefixed with the field's
 * label; and the alert, by the channel's rule: the server's message or the localized channel message.
 */
export function readCreateError<F extends string>(error: unknown, kind: CreateKind, labels: Record<F, string>): { fields: Partial<Record<F, string>>; alert: string } {
  const fields: Partial<Record<F, string>> = {};
  if (error instanceof ApiError && error.status === 422) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const field = key.replace(/^(?:channel\.)?(?:provider_config\.)?/, '') as F;
      const text = Array.isArray(messages) ? messages[0] : undefined;
      if (text && field in labels && !fields[field]) fields[field] = `${labels[field]} ${text}`;
    }
  }
  const server = SERVER_MESSAGE.has(kind) ? serverMessage(error) : null;
  return { fields, alert: server ?? t(FALLBACK[kind]) };
}
