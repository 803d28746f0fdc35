/**
 * Where the /cable connection stands. `connecting`: the first connection is being opened; `connected`: subscribed
 * to the account's RoomChannel; `reconnecting`: the connection was lost (or never came up) and is retried with
 * backoff; `offline`: the browser is offline, nothing is tried until it is back.
 */
export type CableStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/**
 * One event as the server sent it: `message.created`, `conversation.updated`, … (000 section 7), plus the
 * protocol's own `resync.required`; a union discriminated by `event`, whose `data` is that event's Chatwoot
 * payload (@app/shared/events). `seq` is the account's sequence number (null when the frame had none).
 * Events of other accounts never get here. `CableMessage` is the same without `seq`: what a feature applies.
 */
export type { CableEvent, CableEventName, CableMessage, CablePayload } from '@app/shared/events';

/**
 * What happened to the connection itself (000 section 4).
 * - `disconnected`: it was lost at `at` (epoch ms): "the disconnect time is recorded". A feature notes here what
 *   it needs to catch up later (the conversation view: the last message it shows).
 * - `reconnected`: subscribed again after a loss. The server now replays what was missed after the last seq,
 *   or answers `resync.required`. `refetchWithinSeconds` is the offline seconds plus 15 (000 section 9), the
 *   window a list refetch should cover.
 * - `resynced`: the server could not replay (`resync.required`): every cached answer was marked stale and the
 *   queries of the current screen were refetched. With `reconnected` this is the "completion event".
 * - `rejected`: the server refused the subscription (token or membership no longer valid).
 */
export type CableLifecycleEvent =
  | { type: 'disconnected'; at: number }
  | { type: 'reconnected'; disconnectedAt: number; offlineSeconds: number; refetchWithinSeconds: number }
  | { type: 'resynced' }
  | { type: 'rejected' };
