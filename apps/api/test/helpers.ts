import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { connect } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/plugins/config.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import type { DomainEvent } from '@app/shared/events';
import type { Db } from '@app/db';
import type { AccountCtx } from '../src/lib/context.ts';
import './infrastructure.ts';

/** A Mailer that keeps what was sent, so tests can follow the links in it. */
export type CapturingMailer = Mailer & { sent: Mail[]; last: (to?: string) => Mail | undefined; clear: () => void };

export function capturingMailer(): CapturingMailer {
  const sent: Mail[] = [];
  return {
    transport: 'outbox',
    sent,
    async send(mail) {
      sent.push(mail);
    },
    last: (to) => [...sent].reverse().find((m) => !to || m.to === to),
    clear: () => void sent.splice(0),
  };
}

export type TestContext = {
  app: App;
  database: TestDatabase;
  db: TestDatabase['db'];
  config: Config;
  mailer: CapturingMailer;
  redis: Redis | undefined;
  close: () => Promise<void>;
};

/**
 * A second API process on the test's database and Redis (its own pool and Redis connection, the same key prefix),
 * as another `api serve` would be; undefined on the embedded setup (PGlite, no Redis), one process by construction.
 */
export async function secondProcess(t: TestContext): Promise<{ app: App; close: () => Promise<void> } | undefined> {
  const redisUrl = inject('infrastructure').redisUrl;
  if (usingPglite() || !t.redis || !t.database.url || !redisUrl) return undefined;
  const database = await connect({ url: t.database.url, poolSize: 2 });
  const redis = new Redis(redisUrl, { keyPrefix: t.redis.options.keyPrefix, maxRetriesPerRequest: 2 });
  const app = await buildApp({ config: t.config, database, mailer: t.mailer, redis, logger: false });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      redis.disconnect();
    },
  };
}

/** Builds the app against a fresh database (and real Redis when there is one) for one test file. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const infrastructure = inject('infrastructure');
  const database = await createTestDatabase(infrastructure.databaseUrl, infrastructure.runId, infrastructure.pgliteTemplate);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY_BASE: 'test-secret-key-base-that-is-long-enough-0123456789',
    FRONTEND_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Hot routes are written both ways and must agree, so every API test checks the compiled serializer too.
    RESPONSE_SERIALIZER: 'checked',
    ...(infrastructure.databaseUrl ? { DATABASE_URL: database.url! } : {}),
    ...(infrastructure.redisUrl ? { REDIS_URL: infrastructure.redisUrl } : {}),
    ...env,
  });
  // Each file gets its own key prefix so parallel files never share counters. An env REDIS_URL (a Redis the
  // test starts and stops itself) replaces the shared one.
  const redisUrl = env.REDIS_URL ?? infrastructure.redisUrl;
  const redis = redisUrl
    ? new Redis(redisUrl, { keyPrefix: `test:${path.basename(dataDir)}:`, maxRetriesPerRequest: 2 })
    : undefined;
  const mailer = capturingMailer();
  // With SMTP_URL the app builds its real SMTP mailer (for tests of mail delivery and its failures).
  const app = await buildApp({ config, database, mailer: env.SMTP_URL ? undefined : mailer, redis, logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    mailer,
    redis,
    async close() {
      await app.close();
      await database.close();
      redis?.disconnect();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const usingPglite = () => inject('infrastructure').databaseUrl === undefined;

/** A file part of a multipart request. */
export type FilePart = { data: Uint8Array; filename: string; type: string };

/** A real 1x1 PNG, for upload tests. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * A multipart body built with the platform's FormData, as a browser sends it. Fields as an object, or as
 * pairs when a name repeats (`attachments[]`).
 */
export async function multipartBody(fields: Record<string, string | FilePart> | [string, string | FilePart][]) {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** Sends a multipart request through the app, with the caller's headers. */
export async function injectMultipart(
  app: App,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  headers: Record<string, string>,
  fields: Parameters<typeof multipartBody>[0],
) {
  const { payload, contentType } = await multipartBody(fields);
  return app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });
}

/** The bus events of one account published while `work` runs. */
export async function eventsDuring(t: Pick<TestContext, 'app'>, accountId: number, work: () => Promise<unknown>): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((e) => void (e.accountId === accountId && events.push(e)));
  await work();
  await new Promise((r) => setTimeout(r, 10));
  unsubscribe();
  return events;
}

/** A service context of an account administrator, as a dashboard request of theirs builds it (on `db`, t.db by default). */
export function administratorCtx(
  t: Pick<TestContext, 'db' | 'config' | 'app' | 'mailer'>,
  member: { user: { id: number; name: string; email: string }; accountId: number },
  db: Db = t.db,
): AccountCtx {
  return {
    db,
    config: t.config,
    log: t.app.log,
    mailer: t.mailer,
    storage: t.app.storage,
    bus: t.app.bus,
    meta: { ip: null, requestId: null, userAgent: null },
    actor: { id: member.user.id, name: member.user.name, email: member.user.email },
    accountId: member.accountId,
    membership: { role: 'administrator', customRoleId: null, permissions: ['administrator'] },
  };
}
