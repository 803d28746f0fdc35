import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropStaleTestDatabases, dropTemplate, preparePgliteTemplate, prepareTemplate } from '@app/db/testing';
import type { TestProject } from 'vitest/node';
import { reachable, type Infrastructure } from './infrastructure.ts';

type Stoppable = { stop: () => Promise<unknown> };
const containers: Stoppable[] = [];
const cleanup: (() => Promise<void>)[] = [];

function dockerAvailable(): boolean {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

async function pickDatabase(notes: string[]): Promise<string | undefined> {
  if (process.env.TEST_DB === 'pglite') {
    notes.push('database: PGlite (TEST_DB=pglite)');
    return undefined;
  }
  const named = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (named) {
    notes.push(`database: Postgres from the environment (${new URL(named).host})`);
    return named;
  }
  if (await reachable('127.0.0.1', 5432)) {
    notes.push('database: Postgres on 127.0.0.1:5432');
    return 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  if (dockerAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    containers.push(container);
    notes.push('database: Postgres in a testcontainer');
    return container.getConnectionUri();
  }
  notes.push('database: PGlite (no Postgres found and no Docker; set TEST_DATABASE_URL to use one)');
  return undefined;
}

async function pickRedis(notes: string[]): Promise<string | undefined> {
  if (process.env.TEST_REDIS === 'none') {
    notes.push('redis: none, in-process (TEST_REDIS=none)');
    return undefined;
  }
  if (process.env.REDIS_URL) {
    notes.push(`redis: from the environment (${new URL(process.env.REDIS_URL).host})`);
    return process.env.REDIS_URL;
  }
  if (await reachable('127.0.0.1', 6379)) {
    notes.push('redis: 127.0.0.1:6379');
    return 'redis://127.0.0.1:6379';
  }
  if (dockerAvailable()) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').start();
    containers.push(container);
    notes.push('redis: in a testcontainer');
    return container.getConnectionUrl();
  }
  notes.push('redis: none found, in-process (skipped: Redis-backed rate-limit counters)');
  return undefined;
}

export async function setup(project: TestProject) {
  const notes: string[] = [];
  const databaseUrl = await pickDatabase(notes);
  const redisUrl = await pickRedis(notes);
  const runId = process.pid;
  let pgliteTemplate: string | undefined;
  if (databaseUrl) {
    await dropStaleTestDatabases(databaseUrl);
    await prepareTemplate(databaseUrl, runId);
    cleanup.push(() => dropTemplate(databaseUrl, runId));
  } else {
    // Migrated once here; each file's PGlite starts from this dump instead of initdb plus every migration.
    const dir = mkdtempSync(path.join(tmpdir(), 'app-test-pglite-'));
    pgliteTemplate = path.join(dir, 'migrated.tar');
    await preparePgliteTemplate(pgliteTemplate);
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
  }
  const infrastructure: Infrastructure = { databaseUrl, redisUrl, runId, pgliteTemplate, describe: notes };
  project.provide('infrastructure', infrastructure);
  process.stdout.write(`\n[api tests] ${notes.join('; ')}\n`);
  // `pnpm test` names the run after the database it used (scripts/test.ts).
  if (process.env.TEST_INFRA_FILE) writeFileSync(process.env.TEST_INFRA_FILE, notes.join('; '));
}

export async function teardown() {
  for (const step of cleanup) await step();
  await Promise.all(containers.map((c) => c.stop()));
}
