import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { Redis } from 'ioredis';
import { Hub } from '../lib/realtime/hub.ts';
import { createMemoryBackbone } from '../lib/realtime/memory-backbone.ts';
import { createRedisBackbone } from '../lib/realtime/redis-backbone.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The /cable hub of this process (sockets, scoping, replay, typing expiry). */
    realtime: Hub;
  }
}

export type RealtimeOptions = {
  /** The app's Redis client (its keyPrefix namespaces realtime keys); else one is opened from REDIS_URL. */
  redis?: Redis | undefined;
  typingTimeoutMs?: number | undefined;
};

/**
 * `/cable` in ActionCable's wire format. With Redis, events fan out through pub/sub and the sequence
 * and replay buffer live in Redis, so any number of processes serve sockets; without it, in process.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const ownRedis = !options.redis && app.config.redisUrl ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
    const redis = options.redis ?? ownRedis;
    const backbone = redis ? await createRedisBackbone({ redis, log: app.log, presenceTtlMs: app.config.realtime.presenceTtlMs }) : createMemoryBackbone();
    const hub = new Hub({ db: app.db, bus: app.bus, backbone, log: app.log, typingTimeoutMs: options.typingTimeoutMs });
    app.decorate('realtime', hub);

    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.get('/cable', { websocket: true, config: { auth: 'none' }, schema: { hide: true } }, (socket, request) => hub.attach(socket, request.raw.socket));

    // The hub terminates its own sockets and gives back presence; @fastify/websocket closes its server.
    app.addHook('onClose', async () => {
      await hub.close();
      await backbone.close();
      ownRedis?.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
