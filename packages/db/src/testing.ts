import { randomBytes } from 'node:crypto';
import { connect, type Database } from './client.ts';

/**
 * Test databases. On Postgres each test file gets a fresh database cloned from a migrated template
 * (CREATE DATABASE … TEMPLATE is a file copy, far faster than migrating); on PGlite an in-memory
 * database migrated from scratch.
 */
export const TEMPLATE_DATABASE = 'app_test_template';

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
export async function prepareTemplate(serverUrl: string): Promise<void> {
  await admin(serverUrl, async (query) => {
    await query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  });
  const database = await connect({ url: withDatabase(serverUrl, TEMPLATE_DATABASE), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export type TestDatabase = Database & { url: string | undefined };

export async function createTestDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await connect();
    await database.migrate();
    return { ...database, url: undefined };
  }
  const name = `app_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, (query) => query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
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

/** Drops test databases a killed run left behind. */
export async function dropStaleTestDatabases(serverUrl: string): Promise<void> {
  await admin(serverUrl, async (query) => {
    const result = (await query(
      `SELECT datname FROM pg_database WHERE datname LIKE 'app_test_%' AND datname <> '${TEMPLATE_DATABASE}'`,
    )) as { rows: { datname: string }[] };
    for (const { datname } of result.rows) await query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
