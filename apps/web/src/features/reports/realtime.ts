import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCableEvent, useCableLifecycle } from '../../lib/realtime/index.ts';
import { reportKeys } from './api.ts';

/** The live overview refetches at most this often, however many events come (a busy account sends many a second). */
export const LIVE_REFRESH_MS = 5_000;

/** The events that change the live counts: conversations opening, moving or being assigned, agents' availability. */
export const LIVE_EVENTS: ReadonlySet<string> = new Set(['conversation.created', 'conversation.updated', 'conversation.status_changed', 'assignee.changed', 'presence.update']);

/**
 * A throttle: the first event refreshes at once, the ones within `intervalMs` after it gather into one refresh at
 * the end of the interval. `stop` drops a refresh still waiting.
 */
export function throttledRefresh(refresh: () => void, intervalMs = LIVE_REFRESH_MS) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    refresh();
  };
  return {
    request() {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Keeps the live overview current: a throttled refetch on conversation, assignee and presence events and on reconnect. */
export function useLiveReportsRealtime(accountId: number): void {
  const client = useQueryClient();
  const refresher = useMemo(() => throttledRefresh(() => void client.invalidateQueries({ queryKey: reportKeys.live(accountId) })), [client, accountId]);
  useEffect(() => () => refresher.stop(), [refresher]);
  useCableEvent(({ event }) => {
    if (LIVE_EVENTS.has(event)) refresher.request();
  });
  useCableLifecycle((change) => {
    if (change.type === 'reconnected') refresher.request();
  });
}
