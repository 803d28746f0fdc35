import type { DomainEvent, PresenceEventData, ResyncEventData } from '@app/shared/events';

/** The presence snapshot the hub itself publishes; every other event comes from the domain bus. */
export type PresenceEvent = {
  name: 'presence.update';
  accountId: number;
  data: PresenceEventData;
};

/**
 * Published by a hub that could not publish some of the account's events (Redis down): every member
 * refetches, as after a replay that cannot reach back. Takes a seq like any event.
 */
export type ResyncEvent = {
  name: 'resync.required';
  accountId: number;
  data: ResyncEventData;
};

export type RealtimeEvent = DomainEvent | PresenceEvent | ResyncEvent;

/**
 * One event as it travels between processes: its per-account sequence number, when it was stamped,
 * the process that published it. Ephemeral events (presence) carry the account's current seq without
 * taking a new one and are never kept for replay.
 */
export type Envelope = { seq: number; at: number; origin: string; ephemeral: boolean; event: RealtimeEvent };

export type ReplayResult = { kind: 'events'; envelopes: Envelope[] } | { kind: 'resync'; seq: number };

/** Sequence, replay buffer, fan-out and presence counts; in memory or shared through Redis. */
export type Backbone = {
  /** This process's id, stamped on what it publishes. */
  readonly origin: string;
  /** Stamps the event and hands it to every process's `onEnvelope` (this one included) exactly once. */
  publish: (event: RealtimeEvent, options?: { ephemeral?: boolean }) => Promise<void>;
  onEnvelope: (listener: (envelope: Envelope) => void) => void;
  /** Called when delivery resumes after an interruption (envelopes published meanwhile did not arrive). */
  onReconnect: (listener: () => void) => void;
  /** The account's events after `afterSeq` still in the buffer, or a resync when some were dropped. */
  replay: (accountId: number, afterSeq: number) => Promise<ReplayResult>;
  /** Adds `delta` to the user's open subscriptions in the account. */
  presence: (accountId: number, userId: number, delta: -1 | 1) => Promise<void>;
  /** The users with at least one open subscription in the account, on any process. */
  online: (accountId: number) => Promise<number[]>;
  /**
   * Called when who is online changed without a subscribe or unsubscribe here: the process that had users
   * online died, or presence Redis had lost came back.
   */
  onPresenceChanged: (listener: (accountId: number) => void) => void;
  close: () => Promise<void>;
};

export type BufferLimits = { maxEvents: number; maxAgeMs: number };

export const DEFAULT_BUFFER_LIMITS: BufferLimits = { maxEvents: 1000, maxAgeMs: 10 * 60 * 1000 };
