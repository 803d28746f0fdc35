import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { registerPushSubscription, unregisterPushSubscription } from '../api.ts';
import { browserPushEnvironment, currentSubscription, pushSupport, subscribeBrowser, subscriptionKeys, type PushEnvironment, type PushSupport } from '../utils/browser-push.ts';

/** GET /api/v1/global_config carries the VAPID public key browsers subscribe with (Chatwoot: vapidPublicKey). */
// Checked in development only (lib/api-client.ts): zod loads with the check, not with the shell.
const VapidConfigSchema = () => import('zod').then(({ z }) => z.looseObject({ vapid_public_key: z.string() }));
const fetchVapidPublicKey = async () => (await api('/api/v1/global_config', { schema: VapidConfigSchema })).vapid_public_key;

export type BrowserPushState = {
  support: PushSupport;
  permission: NotificationPermission | null;
  /** null while the browser is asked. */
  enabled: boolean | null;
  busy: boolean;
  enable: () => Promise<void>;
  disable: () => Promise<void>;
};

/**
 * This browser's push registration: on when the worker holds a subscription the server was told of.
 * enable() asks for permission, subscribes with the server's VAPID key and registers the subscription;
 * disable() unregisters it on the server, then in the browser. Both reject on failure (the caller toasts).
 */
export function useBrowserPush(env: PushEnvironment = browserPushEnvironment(), vapidKey: () => Promise<string> = fetchVapidPublicKey): BrowserPushState {
  const support = pushSupport(env);
  const [enabled, setEnabled] = useState<boolean | null>(support === 'supported' ? null : false);
  const [permission, setPermission] = useState<NotificationPermission | null>(env.Notification?.permission ?? null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentSubscription(env)
      .then((subscription) => live && setEnabled(subscription !== null && env.Notification?.permission === 'granted'))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
    // (the environment is fixed for the page's life: only support is watched)
  }, [support]);

  const enable = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await subscribeBrowser(env, await vapidKey()).finally(() => setPermission(env.Notification?.permission ?? null));
      try {
        await registerPushSubscription(subscriptionKeys(subscription));
      } catch (error) {
        // the server does not know it: the browser must not keep it either
        await subscription.unsubscribe().catch(() => undefined);
        throw error;
      }
      setEnabled(true);
    } finally {
      setBusy(false);
    }
  }, [env, vapidKey]);

  const disable = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription(env);
      if (subscription) {
        await unregisterPushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setEnabled(false);
    } finally {
      setBusy(false);
    }
  }, [env]);

  return { support, permission, enabled, busy, enable, disable };
}

/**
 * Once per app load, a browser that holds a push subscription (and permission) tells the server again, as
 * Chatwoot's dashboard does: the registration follows whoever is signed in on this browser now, and one the
 * server dropped (it had expired) comes back with the browser's current keys.
 */
export function useKeepPushRegistered(userId: number, env: PushEnvironment = browserPushEnvironment()): void {
  useEffect(() => {
    if (pushSupport(env) !== 'supported' || env.Notification?.permission !== 'granted') return;
    currentSubscription(env)
      .then((subscription) => (subscription ? registerPushSubscription(subscriptionKeys(subscription)) : undefined))
      .catch(() => undefined); // the profile page shows the state; nothing to tell here
    // (once per user: the environment is fixed for the page's life)
  }, [userId]);
}
