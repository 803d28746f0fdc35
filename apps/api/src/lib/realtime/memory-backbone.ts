import { randomUUID } from 'node:crypto';
import { epochStart, replayFrom } from './replay.ts';
import { DEFAULT_BUFFER_LIMITS, type Backbone, type BufferLimits, type Envelope } from './types.ts';

/** One process, no Redis: the sequence, buffer and presence counts live here and delivery is direct. */
export function createMemoryBackbone(limits: BufferLimits = DEFAULT_BUFFER_LIMITS): Backbone {
  const origin = randomUUID();
  const seqs = new Map<number, number>();
  const buffers = new Map<number, Envelope[]>();
  const online = new Map<number, Map<number, number>>();
  const listeners: ((envelope: Envelope) => void)[] = [];

  return {
    origin,
    async publish(event, options) {
      const ephemeral = options?.ephemeral ?? false;
      // Like Redis's counter: a process that restarts starts above the seqs it handed out before (replay.ts).
      const current = seqs.get(event.accountId) ?? epochStart();
      const seq = ephemeral ? current : current + 1;
      const envelope: Envelope = { seq, at: Date.now(), origin, ephemeral, event };
      if (!ephemeral) {
        seqs.set(event.accountId, seq);
        const buffer = buffers.get(event.accountId) ?? [];
        buffer.push(envelope);
        const cutoff = envelope.at - limits.maxAgeMs;
        while (buffer.length > limits.maxEvents || (buffer[0] && buffer[0].at < cutoff)) buffer.shift();
        buffers.set(event.accountId, buffer);
      }
      for (const listener of listeners) listener(envelope);
    },
    onEnvelope(listener) {
      listeners.push(listener);
    },
    // delivery is a function call: never interrupted
    onReconnect() {},
    async replay(accountId, afterSeq) {
      return replayFrom(buffers.get(accountId) ?? [], seqs.get(accountId) ?? 0, afterSeq, Date.now(), limits.maxAgeMs);
    },
    async presence(accountId, userId, delta) {
      const counts = online.get(accountId) ?? new Map<number, number>();
      const next = (counts.get(userId) ?? 0) + delta;
      if (next > 0) counts.set(userId, next);
      else counts.delete(userId);
      online.set(accountId, counts);
    },
    async online(accountId) {
      return [...(online.get(accountId)?.keys() ?? [])];
    },
    // the counts live and die with this process
    onPresenceChanged() {},
    async close() {
      listeners.splice(0);
    },
  };
}
