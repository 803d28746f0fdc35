import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, preparedFor, type Executor } from '@app/db';
import '../../test/infrastructure.ts';

const databaseUrl = inject('infrastructure').databaseUrl;

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof connect>>['db']['transaction']>[0]>[0];

/** A statement with one parameter, run as the app runs its queries. */
const probe = (tx: Tx, n: number) => tx.execute(sql`select ${n}::integer + 1 as probe_answer`);

/** A drizzle query with a placeholder, as the hot queries are built for preparedFor. */
const placeholderProbe = (db: Executor) => db.select({ answer: sql<number>`${sql.placeholder('n')}::integer + 2`.as('helper_answer') }).from(sql`(select 1) one`);

/** The statements this session holds under a name. */
async function preparedNamed(db: Executor, name: string) {
  const result = (await db.execute(sql`select name from pg_prepared_statements where name = ${name}`)) as unknown as { rows: { name: string }[] };
  return result.rows;
}

/** The statements this session prepared for the probe. */
async function preparedProbes(tx: Tx) {
  const result = (await tx.execute(sql`select name from pg_prepared_statements where statement like 'select $1::integer + 1 as probe_answer'`)) as unknown as { rows: { name: string }[] };
  return result.rows;
}

describe.skipIf(!databaseUrl)('prepared statements (Postgres)', () => {
  it('a statement with parameters is prepared once per connection under a name, then executed by it', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await probe(tx, n);
        const prepared = await preparedProbes(tx);
        expect(prepared).toHaveLength(1);
        expect(prepared[0]!.name).toMatch(/^q_/);
      });
      // a statement without parameters may hold several commands: it is never prepared
      await database.db.execute(sql.raw('select 1; select 2'));
    } finally {
      await database.close();
    }
  });

  it('DB_PREPARED_STATEMENTS=false (prepare: false) leaves every statement unnamed, for poolers that drop them', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1, prepare: false });
    try {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2]) await probe(tx, n);
        expect(await preparedProbes(tx)).toHaveLength(0);
      });
    } finally {
      await database.close();
    }
  });

  it('preparedFor builds a query once per database and runs it under its name; in a transaction it builds on the transaction', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      let builds = 0;
      const build = (db: Executor) => {
        builds++;
        return placeholderProbe(db);
      };
      for (const n of [1, 2, 3]) expect(await preparedFor(database.db, 'test_helper_probe', build).execute({ n })).toEqual([{ answer: n + 2 }]);
      expect(builds).toBe(1);
      expect(await preparedNamed(database.db, 'test_helper_probe')).toHaveLength(1);
      await database.db.transaction(async (tx) => {
        // the transaction's own connection and snapshot: built on it, each time
        expect(await preparedFor(tx, 'test_helper_probe', build).execute({ n: 5 })).toEqual([{ answer: 7 }]);
        expect(await preparedFor(tx, 'test_helper_probe', build).execute({ n: 6 })).toEqual([{ answer: 8 }]);
      });
      expect(builds).toBe(3);
    } finally {
      await database.close();
    }
  });

  it('with prepare: false the statements preparedFor names run unnamed too (a pooler would lose them)', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1, prepare: false });
    try {
      for (const n of [1, 2]) expect(await preparedFor(database.db, 'test_helper_unnamed', placeholderProbe).execute({ n })).toEqual([{ answer: n + 2 }]);
      expect(await preparedNamed(database.db, 'test_helper_unnamed')).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
