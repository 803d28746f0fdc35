import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@app/shared/session';
import type { Db } from '@app/db';
import { Hub, type CableSession } from '../lib/realtime/hub.ts';
import { findSession } from '../modules/auth/principal.ts';
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
 * The dashboard session whose cookie came with the handshake (ActionCable subscribes with the pubsub token only;
 * the session decides which sockets a password change or token reset leaves open).
 */
async function cookieSession(db: Db, request: FastifyRequest): Promise<CableSession | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  let headers: Record<string, unknown>;
  try {
    headers = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { 'access-token': token, client, uid } = headers;
  if (typeof token !== 'string' || typeof client !== 'string' || typeof uid !== 'string') return null;
  const found = await findSession(db, { token, client, uid });
  return found?.sessionId ? { id: found.sessionId, userId: found.user.id } : null;
}

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
    // Other processes' domain events reach this one's observers (the caches of counts) as they reach its sockets.
    backbone.onEnvelope(({ origin, event }) => {
      if (origin !== backbone.origin && event.name !== 'presence.update' && event.name !== 'resync.required') app.bus.receive(event);
    });

    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    // resolved before the upgrade, so the socket is attached (and welcomed) at once
    const sessions = new WeakMap<FastifyRequest, CableSession | null>();
    app.get(
      '/cable',
      {
        websocket: true,
        config: { auth: 'none' },
        schema: { hide: true },
        preHandler: async (request) => {
          // Postgres down: the socket still opens, bound to no session (a logout then ends it like a session-less one)
          const session = await cookieSession(app.db, request).catch((err: unknown) => {
            request.log.warn({ err }, 'realtime: session cookie not checked');
            return null;
          });
          sessions.set(request, session);
        },
      },
      (socket, request) => hub.attach(socket, request.raw.socket, sessions.get(request) ?? null),
    );

    // The hub terminates its own sockets and gives back presence; @fastify/websocket closes its server.
    app.addHook('onClose', async () => {
      await hub.close();
      await backbone.close();
      ownRedis?.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
