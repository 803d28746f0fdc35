import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

export type RedisPresenceOptions = {
  redis: Redis;
  log: Logger;
  /** The process's id: its members are `<userId>:<origin>`, so processes never touch each other's. */
  origin: string;
  /** How long a process's entries outlive its last refresh; it refreshes them every third of this. */
  ttlMs: number;
  /**
   * A refresh changed who is online in the account: entries of a process that stopped refreshing expired, or
   * this process's came back (Redis lost them, or this process could not reach it for longer than the TTL).
   */
  onChanged: (accountId: number) => void;
};

export type RedisPresence = {
  change: (accountId: number, userId: number, delta: -1 | 1) => Promise<void>;
  online: (accountId: number) => Promise<number[]>;
  close: () => void;
};

/**
 * Presence shared through Redis that no process outlives by more than the TTL, even one killed without
 * a shutdown: each process counts its own subscriptions and keeps, per account, one sorted-set member per
 * user it has online, scored by when that entry expires. Reads skip expired members; each refresh also
 * removes them and reports the accounts that lost or regained some, so a live process announces the change.
 */
export function createRedisPresence(options: RedisPresenceOptions): RedisPresence {
  const { redis, log, origin, ttlMs } = options;
  const counts = new Map<number, Map<number, number>>();
  // Not `realtime:presence:*`: that name held the per-user hash counts of earlier versions.
  const key = (accountId: number) => `realtime:online:${accountId}`;
  const member = (userId: number) => `${userId}:${origin}`;

  const online = async (accountId: number) => {
    const members = await redis.zrangebyscore(key(accountId), Date.now(), '+inf');
    return [...new Set(members.map((m) => Number(m.slice(0, m.indexOf(':')))))];
  };

  const refresh = async () => {
    const now = Date.now();
    const accounts = [...counts.keys()];
    const pipeline = redis.pipeline();
    for (const accountId of accounts) {
      const entries = [...counts.get(accountId)!.keys()].flatMap((userId) => [now + ttlMs, member(userId)]);
      pipeline.zadd(key(accountId), ...entries);
      pipeline.zremrangebyscore(key(accountId), '-inf', `(${now}`);
      pipeline.pexpire(key(accountId), ttlMs);
    }
    const results = (await pipeline.exec()) ?? [];
    for (const [i, accountId] of accounts.entries()) {
      const [, added] = results[i * 3] ?? [];
      const [, removed] = results[i * 3 + 1] ?? [];
      if (Number(added) > 0 || Number(removed) > 0) options.onChanged(accountId);
    }
  };
  const timer = setInterval(() => {
    if (counts.size > 0) refresh().catch((err: unknown) => log.warn({ err }, 'realtime: presence refresh failed'));
  }, ttlMs / 3);
  timer.unref();

  return {
    online,
    async change(accountId, userId, delta) {
      const now = Date.now();
      const users = counts.get(accountId) ?? new Map<number, number>();
      const before = users.get(userId) ?? 0;
      const after = Math.max(0, before + delta);
      if (after > 0) users.set(userId, after);
      else users.delete(userId);
      if (users.size > 0) counts.set(accountId, users);
      else counts.delete(accountId);
      if (before === 0 && after > 0) await redis.multi().zadd(key(accountId), now + ttlMs, member(userId)).pexpire(key(accountId), ttlMs).exec();
      if (before > 0 && after === 0) await redis.zrem(key(accountId), member(userId));
    },
    close() {
      clearInterval(timer);
    },
  };
}
