import webpush from 'web-push';
import type { BrowserPushAttributes, PushMessage } from '@app/shared/notification-subscriptions';
import type { Services } from '../../lib/context.ts';
import { allowListGuard, postGuarded } from '../../lib/safe-fetch.ts';

/** How long a push service keeps an undelivered push (seconds): a day, like Chatwoot's default. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What became of one push: delivered, gone for good (the registration should be removed), or failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** web-push needs an https: or mailto: subject: the dashboard's address when it is https, else the sender address. */
export function vapidSubject(config: Services['config']): string {
  if (config.frontendUrl.startsWith('https://')) return config.frontendUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}

/** p256dh is an uncompressed P-256 point (65 bytes), auth a 16-byte secret: anything else cannot be encrypted to. */
export function keysRefusal(attributes: Pick<BrowserPushAttributes, 'p256dh' | 'auth'>): { field: 'p256dh' | 'auth'; message: string } | null {
  if (Buffer.from(attributes.p256dh, 'base64url').length !== 65) return { field: 'p256dh', message: 'is not a P-256 public key' };
  if (Buffer.from(attributes.auth, 'base64url').length !== 16) return { field: 'auth', message: 'is not a 16-byte secret' };
  return null;
}

/**
 * Encrypts the message for one browser (aes128gcm, VAPID-signed, with the `web-push` library) and POSTs it to
 * its push service. The endpoint is reached through the same guard as webhooks (public addresses, or
 * WEBHOOK_ALLOWED_HOSTS), since it is a URL a user gave. 404 and 410 mean the browser unsubscribed.
 */
export async function sendWebPush(services: Services, attributes: BrowserPushAttributes, message: PushMessage): Promise<PushOutcome> {
  const { config, log } = services;
  if (keysRefusal(attributes)) return 'gone';
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: attributes.endpoint, keys: { p256dh: attributes.p256dh, auth: attributes.auth } }, JSON.stringify(message), {
      vapidDetails: { subject: vapidSubject(config), publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
    });
  } catch (err) {
    log.warn({ err }, 'push: could not encrypt for a subscription');
    return 'gone';
  }
  const headers = Object.fromEntries(
    Object.entries(details.headers as Record<string, string | number>)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  try {
    const { status } = await postGuarded(details.endpoint, details.body ?? Buffer.alloc(0), headers, {
      guard: allowListGuard(config.webhooks.allowedHosts),
      timeoutMs: config.webhooks.timeoutMs,
    });
    if (status === 404 || status === 410) return 'gone';
    if (status >= 200 && status < 300) return 'sent';
    log.warn({ status, host: new URL(details.endpoint).host }, 'push: the push service refused a push');
    return 'failed';
  } catch (err) {
    log.warn({ err, host: new URL(details.endpoint).host }, 'push: could not reach the push service');
    return 'failed';
  }
}
