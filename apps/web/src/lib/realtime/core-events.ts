import type { QueryClient } from '@tanstack/react-query';
import { AVAILABILITY_STATUSES, type Availability } from '@app/shared/constants';
import { SESSION_EXPIRED_EVENT } from '../api-client.ts';
import { fullPageLoad } from '../full-page-load.ts';
import { clearSession, isSigningOut } from '../session.ts';
import type { CableMessage } from './types.ts';

/** The resources of the account's cache keys (000 section 3): label, inbox, team. */
export const CACHE_KEY_RESOURCES = ['label', 'inbox', 'team'] as const;
export type CacheKeyResource = (typeof CACHE_KEY_RESOURCES)[number];

/**
 * Query `meta` that ties a query to one of the account's cache keys: `account.cache_invalidated` invalidates
 * every query tagged with a resource whose key changed. `useQuery({ queryKey, queryFn, meta: cacheKeyMeta('inbox') })`.
 */
export const cacheKeyMeta = (resource: CacheKeyResource) => ({ cacheKey: resource });

export type Presence = { users: Record<string, string>; contacts: Record<string, string> };

/** Query keys the realtime layer itself keeps. */
export const realtimeKeys = {
  all: ['realtime'] as const,
  /** The last `presence.update` of the account: user id → online/busy/offline, for users with an open socket. */
  presence: (accountId: number) => [...realtimeKeys.all, accountId, 'presence'] as const,
};

export const EMPTY_PRESENCE: Presence = { users: {}, contacts: {} };

/**
 * A user's availability as others see it: the one they chose while they have /cable open (the account's presence),
 * offline otherwise, as Chatwoot shows it. Until the first presence snapshot arrives, `stored` (the availability
 * the API answered, which is the choice, not whether they are here).
 */
export function availabilityIn(presence: Presence, userId: number, stored: Availability): Availability {
  if (presence === EMPTY_PRESENCE) return stored;
  const status = presence.users[String(userId)];
  return AVAILABILITY_STATUSES.find((known) => known === status) ?? 'offline';
}

const asStatusMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) : {};

type CoreContext = {
  client: QueryClient;
  accountId: number;
  /** The cache keys of the previous `account.cache_invalidated`, to invalidate only what changed. */
  lastCacheKeys: { current: Partial<Record<CacheKeyResource, unknown>> | null };
};

/**
 * The events the realtime layer handles for everyone; features handle the rest through onCableEvent.
 * - `resync.required`: the server could not replay → every answer stale, the current screen's queries refetched.
 * - `account.cache_invalidated`: queries tagged with cacheKeyMeta(resource) of a changed key are invalidated.
 * - `user:logout`: the session is forgotten and the app goes to the login screen (as an expired session).
 * - `page:reload`: the page is loaded again.
 * - `presence.update`: kept under realtimeKeys.presence (usePresence).
 * Resolves when the work is done (the refetch, for a resync).
 */
export async function applyCoreEvent({ event, data }: CableMessage, { client, accountId, lastCacheKeys }: CoreContext): Promise<void> {
  switch (event) {
    case 'resync.required':
      // Presence is a snapshot only the socket writes: a refetch would blank it.
      await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== realtimeKeys.all[0] });
      return;
    case 'account.cache_invalidated': {
      const keys: Partial<Record<CacheKeyResource, unknown>> = data.cache_keys && typeof data.cache_keys === 'object' ? data.cache_keys : {};
      const previous = lastCacheKeys.current;
      const changed = CACHE_KEY_RESOURCES.filter((resource) => !previous || previous[resource] !== keys[resource]);
      lastCacheKeys.current = keys;
      if (changed.length === 0) return;
      await client.invalidateQueries({ predicate: (query) => changed.includes(query.meta?.cacheKey as CacheKeyResource) });
      return;
    }
    case 'user:logout':
      // this tab is signing out itself: the sign-out goes to the login screen on its own
      if (isSigningOut()) return;
      clearSession();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      return;
    case 'page:reload':
      fullPageLoad(window.location.pathname + window.location.search + window.location.hash);
      return;
    case 'presence.update':
      client.setQueryData<Presence>(realtimeKeys.presence(accountId), { users: asStatusMap(data.users), contacts: asStatusMap(data.contacts) });
      return;
  }
}
