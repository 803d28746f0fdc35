import net from 'node:net';

/**
 * Which Postgres and Redis the tests use, decided once by global-setup and passed to the workers:
 * the ones named by TEST_DATABASE_URL/DATABASE_URL and REDIS_URL, else the ones on localhost, else
 * (Docker present) testcontainers, else PGlite and no Redis. TEST_DB=pglite forces the embedded path.
 */
export type Infrastructure = {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The runner's pid: names this run's test databases. */
  runId: number;
  /** On PGlite: a dump of a migrated database that each test file's database is loaded from. */
  pgliteTemplate?: string | undefined;
  describe: string[];
};

declare module 'vitest' {
  export interface ProvidedContext {
    infrastructure: Infrastructure;
  }
}

export function reachable(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

