import { randomBytes } from 'node:crypto';
import { openAsBlob, writeFileSync } from 'node:fs';
import { connect, processAlive, type Database } from './client.ts';

/**
 * Test databases. On Postgres each test file gets a fresh database cloned from a migrated template
 * (CREATE DATABASE … TEMPLATE is a file copy, far faster than migrating); on PGlite an in-memory
 * database loaded from a dump of a migrated one (preparePgliteTemplate), which skips PGlite's initdb and
 * the migrations: about 0.6 s a file instead of 4-5 s. Names carry the test run's id (the runner's pid), so runs on one
 * server never touch each other's databases and leftovers of dead runs can be recognised.
 */
const templateName = (runId: number) => `app_test_${runId}_template`;
const NAME = /^app_test_(\d+)_/;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (query: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** Creates (or recreates) the migrated template database; run once per test run. */
export async function prepareTemplate(serverUrl: string, runId: number): Promise<void> {
  const template = templateName(runId);
  await admin(serverUrl, async (query) => {
    await query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await query(`CREATE DATABASE ${template}`);
  });
  const database = await connect({ url: withDatabase(serverUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/**
 * Migrates an in-memory PGlite database once and writes its data dir to `file` (an uncompressed tarball,
 * ~45 MB), for createTestDatabase to start each test file's database from; run once per test run.
 */
export async function preparePgliteTemplate(file: string): Promise<void> {
  const database = await connect();
  try {
    await database.migrate();
    writeFileSync(file, new Uint8Array(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

export type TestDatabase = Database & { url: string | undefined };

/**
 * A fresh, migrated database for one test file: on Postgres (serverUrl) a clone of the run's template, on
 * PGlite a load of `pgliteTemplate` (a file written by preparePgliteTemplate) or, without one, an empty
 * database migrated from scratch.
 */
export async function createTestDatabase(serverUrl: string | undefined, runId: number, pgliteTemplate?: string): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await connect(pgliteTemplate ? { loadDataDir: await openAsBlob(pgliteTemplate) } : {});
    // Applies nothing when the template is current; migrates from scratch without one.
    await database.migrate();
    return { ...database, url: undefined };
  }
  const name = `app_test_${runId}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (query) => query(`CREATE DATABASE ${name} TEMPLATE ${templateName(runId)}`));
  const url = withDatabase(serverUrl, name);
  const database = await connect({ url, poolSize: 4 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await admin(serverUrl, (query) => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Drops the databases of test runs whose runner is gone (a killed run leaves them behind). */
export async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  await admin(serverUrl, async (query) => {
    const result = (await query(`SELECT datname FROM pg_database WHERE datname LIKE 'app_test_%'`)) as { rows: { datname: string }[] };
    for (const { datname } of result.rows) {
      const runId = Number(NAME.exec(datname)?.[1]);
      if (!runId || !processAlive(runId)) await query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

/** Drops this run's template at the end of the run. */
export async function dropTemplate(serverUrl: string, runId: number): Promise<void> {
  await admin(serverUrl, (query) => query(`DROP DATABASE IF EXISTS ${templateName(runId)} WITH (FORCE)`));
}
