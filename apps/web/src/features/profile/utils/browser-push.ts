import type { PushSubscriptionKeys } from '../api.ts';

/** Where the service worker that shows pushes is served (apps/web/public/sw.js), with the whole app (/app/) as its scope. */
export const SERVICE_WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;
export const SERVICE_WORKER_SCOPE = import.meta.env.BASE_URL;

/** S0-8.10: the toast when the browser cannot show desktop notifications. */
export const UNSUPPORTED_MESSAGE = 'This browser does not support desktop notification';

/** What the browser offers; a parameter so tests can stand in for it. */
export type PushEnvironment = {
  Notification?: { permission: NotificationPermission; requestPermission: () => Promise<NotificationPermission> };
  serviceWorker?: Pick<ServiceWorkerContainer, 'register' | 'getRegistration'> & { ready: Promise<Pick<ServiceWorkerRegistration, 'pushManager'>> };
  PushManager?: unknown;
};

export function browserPushEnvironment(): PushEnvironment {
  if (typeof window === 'undefined') return {};
  return {
    Notification: 'Notification' in window ? window.Notification : undefined,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    PushManager: 'PushManager' in window ? window.PushManager : undefined,
  };
}

export type PushSupport = 'no-notifications' | 'no-push' | 'supported';

/** Desktop notifications at all, then push (service workers and PushManager; only on https or localhost). */
export function pushSupport(env: PushEnvironment): PushSupport {
  if (!env.Notification) return 'no-notifications';
  if (!env.serviceWorker || !env.PushManager) return 'no-push';
  return 'supported';
}

/** A VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The endpoint and keys of a subscription, as POST notification_subscriptions takes them. */
export function subscriptionKeys(subscription: Pick<PushSubscription, 'toJSON'>): PushSubscriptionKeys {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? '', p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' };
}

/** This browser's current push subscription under our worker, if any. */
export async function currentSubscription(env: PushEnvironment): Promise<PushSubscription | null> {
  if (pushSupport(env) !== 'supported') return null;
  const registration = await env.serviceWorker!.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushDeniedError extends Error {}
/** The browser could not get a subscription from its push service (offline, or no push service in this build). */
export class PushServiceError extends Error {}

/**
 * Asks for permission, registers the worker and subscribes with the server's VAPID key. Answers the new
 * subscription (PushDeniedError when the user or the browser said no).
 */
export async function subscribeBrowser(env: PushEnvironment, vapidPublicKey: string): Promise<PushSubscription> {
  const permission = env.Notification!.permission === 'granted' ? 'granted' : await env.Notification!.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError(permission);
  await env.serviceWorker!.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  const registration = await env.serviceWorker!.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) });
  } catch (error) {
    throw new PushServiceError(error instanceof Error ? error.message : String(error));
  }
}
