import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { CableEvent, CableLifecycleEvent, CableStatus } from './types.ts';

type Listener<T> = (value: T) => void;

const eventListeners = new Set<Listener<CableEvent>>();
const lifecycleListeners = new Set<Listener<CableLifecycleEvent>>();
const statusListeners = new Set<() => void>();
let status: CableStatus = 'connecting';
let sender: ((action: string, payload: Record<string, unknown>) => boolean) | null = null;

function notify<T>(listeners: Set<Listener<T>>, value: T): void {
  // A listener that throws must not keep the others from seeing the event.
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/**
 * Calls `handler` with every /cable event of the current account (see CableEvent) until the returned function
 * is called. Features apply events to their own query keys here (STYLE rule 15), e.g. in their `realtime.ts`:
 *
 *     useEffect(() => onCableEvent(({ event, data }) => { if (event === 'message.created') … }), [client]);
 */
export function onCableEvent(handler: Listener<CableEvent>): () => void {
  eventListeners.add(handler);
  return () => {
    eventListeners.delete(handler);
  };
}

/** Calls `handler` when the connection is lost, comes back (after any resync) or is rejected; returns unsubscribe. */
export function onCableLifecycle(handler: Listener<CableLifecycleEvent>): () => void {
  lifecycleListeners.add(handler);
  return () => {
    lifecycleListeners.delete(handler);
  };
}

/** `onCableEvent` for the life of a component; the latest `handler` is always the one called. */
export function useCableEvent(handler: Listener<CableEvent>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onCableEvent((event) => latest.current(event)), []);
}

/** `onCableLifecycle` for the life of a component. */
export function useCableLifecycle(handler: Listener<CableLifecycleEvent>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onCableLifecycle((event) => latest.current(event)), []);
}

/** The connection's status, re-rendering on change ('connecting' until the provider has started). */
export function useCableStatus(): CableStatus {
  return useSyncExternalStore(subscribeStatus, getCableStatus, getCableStatus);
}

export function getCableStatus(): CableStatus {
  return status;
}

/**
 * Sends `{action, ...payload}` on the account's RoomChannel subscription (e.g. `sendCable('update_presence')`).
 * False when not connected: the message is not queued.
 */
export function sendCable(action: string, payload: Record<string, unknown> = {}): boolean {
  return sender ? sender(action, payload) : false;
}

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

/** The provider's side of the bus: what its one CableClient reports. Not for features. */
export const cableBus = {
  emitEvent: (event: CableEvent) => notify(eventListeners, event),
  emitLifecycle: (event: CableLifecycleEvent) => notify(lifecycleListeners, event),
  setStatus(next: CableStatus) {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  },
  setSender(next: typeof sender) {
    sender = next;
  },
};
