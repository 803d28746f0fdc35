import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
type Store = {
  incr: (key: string, cb: Callback, timeWindow: number, max: number) => void;
  read?: (key: string, cb: Callback, timeWindow: number, max?: number) => void;
  child: (routeOptions: RouteOptions) => Store;
};
type RouteOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number; routeInfo: { method: string; url: string } };
type GlobalParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };

// The plugin's own stores (untyped CommonJS), so the fallback counts exactly as the shared counters do.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding?: boolean, exponentialBackoff?: boolean) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

/** How long a request waits on the shared counter before it is counted in process instead. */
const REDIS_WAIT_MS = 250;

/**
 * A rate-limit store that counts in Redis (shared by every process) and, while Redis cannot answer,
 * in this process: an outage loosens the limits to one window per process, it never fails a request
 * (the plugin's Redis store alone answers 500, after ioredis's retries: up to ~2 s).
 * `new (redisFallbackStore(redis, log))(params)` is what `@fastify/rate-limit`'s `store` option calls.
 */
export function redisFallbackStore(redis: Redis, log: Logger, nameSpace = 'rate-limit:'): FastifyRateLimitStoreCtor {
  class RedisFallbackStore {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: GlobalParams, children?: { shared: Store; local: Store }) {
      this.shared = children?.shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = children?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.counted('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.counted('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteOptions) {
      return new RedisFallbackStore({}, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }

    private counted(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      // Not connected: do not queue behind ioredis's reconnects.
      if (redis.status !== 'ready') return local();
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        log.warn({ key }, 'rate limit: redis too slow, counting in process');
        local();
      }, REDIS_WAIT_MS);
      this.shared[method]!(
        key,
        (err, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (!err) return cb(null, result);
          log.warn({ err }, 'rate limit: redis failed, counting in process');
          local();
        },
        timeWindow,
        max,
      );
    }
  }
  // The plugin's typings declare child() with fastify's route options; it passes its merged route
  // parameters (with routeInfo), which is what its own stores read.
  return RedisFallbackStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Requests a client address may make per minute on the public endpoints (the client API, the CSAT survey page):
 * generous for a chat UI, a ceiling for scripted abuse.
 */
export const PUBLIC_API_RATE_LIMIT = 600;
