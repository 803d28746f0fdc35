import { schema } from '@app/db';
import type { TestContext } from '../../../test/helpers.ts';
import { countRows } from '../../../test/factories.ts';

// Helpers shared by this module's test files (no tests here).

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const accountUrl = (accountId: number, rest: string) => `/api/v1/accounts/${accountId}/${rest}`;

export function caller(t: TestContext) {
  return (method: Method, path: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
}

/** Rows of inboxes and channels: a refused request must leave both unchanged. */
export async function inboxRowCounts(t: TestContext) {
  return { inboxes: await countRows(t, schema.inboxes), channels: await countRows(t, schema.channels) };
}

// multipart bodies and the PNG come from test/helpers; the smallest headers file-type recognises as GIF, WebP and JPEG:
export { multipartBody as multipart, PNG, type FilePart } from '../../../test/helpers.ts';

export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** One valid creation payload per channel of POST inboxes (001 section 3). */
export const PAYLOADS = {
  web_widget: {
    name: 'Website',
    greeting_enabled: true,
    greeting_message: 'Hello there',
    channel: { type: 'web_widget', website_url: 'https://shop.example.com', widget_color: '#112233', welcome_title: 'Hi!', welcome_tagline: 'Ask us anything' },
  },
  api: { name: 'Backend', channel: { type: 'api', webhook_url: 'https://hooks.example.com/relay' } },
  email: { name: 'Support mail', channel: { type: 'email', email: 'Support@Example.com' } },
  sms: {
    name: 'Bandwidth SMS',
    channel: { type: 'sms', phone_number: '+15550001111', provider_config: { api_key: 'bw-key-1', api_secret: 'bw-secret-1', application_id: 'app-1', account_id: 'acc-1' } },
  },
  whatsapp: { name: 'WhatsApp legacy', channel: { type: 'whatsapp', phone_number: '+15550002222', provider_config: { api_key: 'd360-key-1' } } },
  whatsapp_cloud: {
    name: 'WhatsApp cloud',
    channel: { type: 'whatsapp', provider: 'whatsapp_cloud', phone_number: '+15550003333', provider_config: { api_key: 'wa-cloud-key', phone_number_id: '1234567890', business_account_id: '9876543210' } },
  },
  line: { name: 'Line', channel: { type: 'line', line_channel_id: '165000001', line_channel_secret: 'line-secret-1', line_channel_token: 'line-token-1' } },
  telegram: { channel: { type: 'telegram', bot_token: '7000001:AAF-telegram-token' } },
} as const;

let phoneSequence = 100_000;
/** A phone number no other test used yet (channel phone numbers are unique per installation). */
export const freshPhone = () => `+1555${(phoneSequence++).toString().padStart(7, '0')}`;

/** A payload with fresh unique keys (phone numbers, email, Line channel id, bot token), so tests never collide. */
export function fresh<K extends keyof typeof PAYLOADS>(kind: K): (typeof PAYLOADS)[K] {
  const payload = structuredClone(PAYLOADS[kind]) as { channel: Record<string, unknown> };
  const n = phoneSequence++;
  if ('phone_number' in payload.channel) payload.channel.phone_number = freshPhone();
  if ('email' in payload.channel) payload.channel.email = `support-${n}@example.com`;
  if ('line_channel_id' in payload.channel) payload.channel.line_channel_id = String(165_000_000 + n);
  if ('bot_token' in payload.channel) payload.channel.bot_token = `${7_000_000 + n}:AAF-telegram-token-${n}`;
  return payload as (typeof PAYLOADS)[K];
}
