import type { Envelope, ReplayResult } from './types.ts';

/**
 * Where a new per-account counter starts: the time x1000. A counter that is lost (Redis without its data,
 * a restarted process without Redis) so restarts above every seq it handed out before, unless it took
 * more than a thousand events a millisecond on average: a client's older last_seq then falls before
 * the new buffer and gets a resync, never the new counter's events as if they were the ones it missed.
 */
export const epochStart = (now = Date.now()) => now * 1000;

/**
 * What a client that last saw `afterSeq` is missing, given the buffered entries (oldest first) and the
 * account's current seq: the entries after it when the buffer still reaches back that far, else a resync.
 */
export function replayFrom(entries: Envelope[], current: number, afterSeq: number, now: number, maxAgeMs: number): ReplayResult {
  if (afterSeq === current) return { kind: 'events', envelopes: [] };
  // A seq from the future means the server's counter was reset: the client's state cannot be patched.
  if (afterSeq > current) return { kind: 'resync', seq: current };
  const fresh = entries.filter((e) => now - e.at <= maxAgeMs);
  const oldest = fresh[0];
  if (!oldest || oldest.seq > afterSeq + 1) return { kind: 'resync', seq: current };
  return { kind: 'events', envelopes: fresh.filter((e) => e.seq > afterSeq) };
}
