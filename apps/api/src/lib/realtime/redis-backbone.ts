import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { createRedisPresence } from './redis-presence.ts';
import { replayFrom } from './replay.ts';
import { DEFAULT_BUFFER_LIMITS, type Backbone, type BufferLimits, type Envelope } from './types.ts';

// Stamps, keeps and publishes in one step, so the buffer and the channel see events in seq order.
// A missing counter (a new account, or a Redis that lost its data) starts at the stamp time x1000, above
// every seq handed out before it, so a client's older last_seq gets a resync rather than the new
// counter's events (replay.ts). string.format: Lua would print a 16-digit number as 1.7e+15.
const PUBLISH_SCRIPT = `
local ephemeral = ARGV[4] == '1'
if not redis.call('GET', KEYS[1]) then
  redis.call('SET', KEYS[1], ARGV[2] .. '000')
end
local seq
if ephemeral then
  seq = tonumber(redis.call('GET', KEYS[1]))
else
  seq = redis.call('INCR', KEYS[1])
end
local entry = '{"seq":' .. string.format('%d', seq) .. ',"at":' .. ARGV[2] .. ',"origin":"' .. ARGV[3] .. '","ephemeral":' .. (ephemeral and 'true' or 'false') .. ',"event":' .. ARGV[1] .. '}'
if not ephemeral then
  redis.call('RPUSH', KEYS[2], entry)
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[5]), -1)
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
redis.call('PUBLISH', ARGV[7], entry)
return seq
`;

const PUBLISH_COMMAND = 'realtimePublish';

export type RedisBackboneOptions = {
  /** Commands (INCR, lists, hashes); its keyPrefix namespaces every key and the channel. */
  redis: Redis;
  log: Logger;
  limits?: BufferLimits;
  /** How long a killed process's users stay online (redis-presence.ts). */
  presenceTtlMs?: number;
};

/** A process that dies without closing leaves its users online for at most this long (docs/realtime.md). */
export const DEFAULT_PRESENCE_TTL_MS = 30_000;

/**
 * Several processes on one Redis: a seq counter and a capped list per account (any process can replay),
 * one pub/sub channel every process listens to. Each process delivers only what arrives on the channel,
 * its own events included, so nothing is delivered twice and every process sees one order.
 */
export async function createRedisBackbone(options: RedisBackboneOptions): Promise<Backbone> {
  const { redis, log } = options;
  const limits = options.limits ?? DEFAULT_BUFFER_LIMITS;
  const origin = randomUUID();
  // Channels are not keys: ioredis does not prefix them, so the prefix is added here.
  const channel = `${redis.options.keyPrefix ?? ''}realtime:events`;
  const subscriber = redis.duplicate();
  const listeners: ((envelope: Envelope) => void)[] = [];
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable envelope dropped');
      return;
    }
    for (const listener of listeners) listener(envelope);
  });
  subscriber.on('error', (err) => log.warn({ err }, 'realtime: redis subscriber error'));
  // After a reconnect: what was published while the connection was down never arrived. Subscribed again
  // (ioredis resubscribes too; awaiting our own SUBSCRIBE says when it holds), the listeners catch up.
  const reconnectListeners: (() => void)[] = [];
  let connected = false;
  subscriber.on('ready', () => {
    if (!connected) {
      connected = true;
      return;
    }
    subscriber
      .subscribe(channel)
      .then(() => {
        for (const listener of reconnectListeners) listener();
      })
      .catch((err: unknown) => log.warn({ err }, 'realtime: resubscribe failed'));
  });
  await subscriber.subscribe(channel);

  // EVALSHA: ioredis sends the script's text once per connection (and again after a NOSCRIPT), then only its
  // digest, not ~900 bytes for Redis to hash on every event.
  redis.defineCommand(PUBLISH_COMMAND, { lua: PUBLISH_SCRIPT, numberOfKeys: 2 });
  const publishScript = (redis as unknown as Record<typeof PUBLISH_COMMAND, (...args: string[]) => Promise<number>>)[PUBLISH_COMMAND];

  const seqKey = (accountId: number) => `realtime:seq:${accountId}`;
  const bufferKey = (accountId: number) => `realtime:buffer:${accountId}`;
  const presenceListeners: ((accountId: number) => void)[] = [];
  const presence = createRedisPresence({
    redis,
    log,
    origin,
    ttlMs: options.presenceTtlMs ?? DEFAULT_PRESENCE_TTL_MS,
    onChanged: (accountId) => {
      for (const listener of presenceListeners) listener(accountId);
    },
  });

  return {
    origin,
    async publish(event, opts) {
      await publishScript.call(
        redis,
        seqKey(event.accountId),
        bufferKey(event.accountId),
        JSON.stringify(event),
        String(Date.now()),
        origin,
        opts?.ephemeral ? '1' : '0',
        String(limits.maxEvents),
        String(limits.maxAgeMs),
        channel,
      );
    },
    onEnvelope(listener) {
      listeners.push(listener);
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    async replay(accountId, afterSeq) {
      const [seq, list] = await Promise.all([redis.get(seqKey(accountId)), redis.lrange(bufferKey(accountId), 0, -1)]);
      const entries = list.map((raw) => JSON.parse(raw) as Envelope);
      return replayFrom(entries, Number(seq ?? 0), afterSeq, Date.now(), limits.maxAgeMs);
    },
    presence: presence.change,
    online: presence.online,
    onPresenceChanged(listener) {
      presenceListeners.push(listener);
    },
    async close() {
      listeners.splice(0);
      reconnectListeners.splice(0);
      presenceListeners.splice(0);
      presence.close();
      subscriber.disconnect();
    },
  };
}
