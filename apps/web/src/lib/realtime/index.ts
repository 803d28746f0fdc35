/**
 * The /cable realtime client (docs/realtime.md). The app shell mounts <RealtimeProvider> once per signed-in
 * account; features then:
 * - `onCableEvent(handler)` / `useCableEvent(handler)`: every event of the account (`{event, data, seq}`), to
 *   patch or invalidate their own query keys; returns (or cleans up) the unsubscribe.
 * - `onCableLifecycle(handler)` / `useCableLifecycle(handler)`: `disconnected` (time recorded), `reconnected`
 *   (with `refetchWithinSeconds` = offline seconds + 15), `resynced`, `rejected`.
 * - `useCableStatus()`: 'connecting' | 'connected' | 'reconnecting' | 'offline'.
 * - `sendCable(action, payload?)`: a message on the subscription (e.g. 'update_presence'); false when not connected.
 * - `cacheKeyMeta('inbox' | 'label' | 'team')`: query meta so `account.cache_invalidated` refreshes the query.
 * - `usePresence(accountId)`: user id → availability, from `presence.update`; `availabilityIn` reads one user's.
 * The layer itself handles `resync.required`, `account.cache_invalidated`, `user:logout`, `page:reload` and
 * `presence.update` (core-events.ts).
 */
export type { CableEvent, CableEventName, CableLifecycleEvent, CableMessage, CablePayload, CableStatus } from './types.ts';
export { onCableEvent, onCableLifecycle, sendCable, useCableEvent, useCableLifecycle, useCableStatus, getCableStatus } from './cable-bus.ts';
export { availabilityIn, cacheKeyMeta, realtimeKeys, CACHE_KEY_RESOURCES, type CacheKeyResource, type Presence } from './core-events.ts';
export { usePresence } from './use-presence.ts';
export { RealtimeProvider, RELOAD_AFTER_OFFLINE_SECONDS, cableUrl } from './realtime-provider.tsx';
export { CableClient, STALE_AFTER_MS, RECONNECT_BASE_MS, RECONNECT_MAX_MS, REFETCH_MARGIN_SECONDS, type SocketFactory, type SocketLike } from './cable-client.ts';
