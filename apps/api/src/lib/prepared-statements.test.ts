import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { anyInteger, connect, constantText, executeArrays, parseTimestamptz, plannedForItsValues, preparedFor, readsBeside, schema, sqlInteger, type Executor } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { selectConversationRows } from '../modules/conversations/queries.ts';
import { sortOrder } from '../modules/conversations/list.ts';
import { presentConversationsByIds } from '../modules/conversations/present.ts';
import { findMessagesByIds } from '../modules/messages/queries/rows.ts';
import '../../test/infrastructure.ts';

const { databaseUrl, runId } = inject('infrastructure');

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

  // A search's candidates (search/queries.ts boundedIds): a named statement's generic plan walked or scanned the whole
  // table for a rare word; unnamed, Postgres plans it for each word.
  it('a statement plannedForItsValues is never prepared under a name, whatever its parameters', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3, 4, 5, 6, 7]) {
          const answer = (await tx.execute(plannedForItsValues(sql`select ${n}::integer + 3 as planned_answer`))) as unknown as { rows: unknown[] };
          expect(answer.rows).toEqual([{ planned_answer: n + 3 }]);
        }
        const named = (await tx.execute(sql`select name from pg_prepared_statements where statement like '%planned_answer%'`)) as unknown as { rows: unknown[] };
        expect(named.rows).toEqual([]);
        // the same text without the mark is named
        await tx.execute(sql`select ${1}::integer + 3 as planned_answer`);
        expect(((await tx.execute(sql`select name from pg_prepared_statements where statement like '%planned_answer%'`)) as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      });
    } finally {
      await database.close();
    }
  });

  const settings = async (db: Executor) =>
    ((await db.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`)) as unknown as { rows: { mode: string; jit: string }[] }).rows[0]!;

  // The relay reads by short id lists there, which Postgres otherwise plans on every execution (docs/benchmarks.md,
  // "Fourteenth session"); the main pool keeps Postgres's choice, which the list's label and search pages rely on. No
  // JIT on either: compiling cost more than running a desk's statements (client.ts NO_JIT).
  it('the pool beside transactions (the relay\'s reads) plans generically; the main pool decides per statement; neither compiles with JIT', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      expect(await settings(readsBeside(database.db)!)).toEqual({ mode: 'force_generic_plan', jit: 'off' });
      expect(await settings(database.db)).toEqual({ mode: 'auto', jit: 'off' });
      // a transaction checks its own connection out of the main pool
      expect(await database.db.transaction((tx) => settings(tx))).toEqual({ mode: 'auto', jit: 'off' });
    } finally {
      await database.close();
    }
  });

  // PgBouncer 1.20+ refuses an `options` startup parameter it does not track (docs/operations.md advises it in front of
  // large installs): a local proxy plays it, refusing such a startup and passing every other connection to Postgres.
  it('behind a pooler that refuses the startup options, queries, transactions and the relay\'s reads go on without them instead of failing', async () => {
    let refused = 0;
    const proxy = net.createServer((client) => {
      client.once('data', (startup) => {
        if (startup.includes('options\0')) {
          refused += 1;
          const fields = Buffer.from('SFATAL\0VFATAL\0C08P01\0Munsupported startup parameter in options: plan_cache_mode\0\0');
          const length = Buffer.alloc(4);
          length.writeInt32BE(fields.length + 4);
          client.end(Buffer.concat([Buffer.from('E'), length, fields]));
          return;
        }
        const upstream = net.connect(Number(new URL(databaseUrl!).port || 5432), new URL(databaseUrl!).hostname, () => {
          upstream.write(startup);
          client.pipe(upstream).pipe(client);
        });
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(databaseUrl!);
    url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    const database = await connect({ url: url.toString(), poolSize: 1 });
    try {
      // each pool asks once, is refused once, and goes on with the server's settings: a transaction's checkout first
      const server = await database.db.transaction((tx) => settings(tx));
      expect(refused).toBe(1);
      expect(server.mode).toBe('auto');
      expect(await settings(database.db)).toEqual(server);
      expect(await settings(readsBeside(database.db)!)).toEqual(server);
      expect(await settings(readsBeside(database.db)!)).toEqual(server);
      expect(refused).toBe(2);
    } finally {
      await database.close();
      proxy.close();
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

  it('the conversation page is planned once per connection and kept (a generic plan), not planned on every request', async () => {
    const database = await createTestDatabase(databaseUrl, runId);
    try {
      const where = sql`${schema.conversations.accountId} = ${2_000_000_000} and ${schema.conversations.status} = ${'open'}`;
      // one connection (the transaction's): the plans counted are of the statement this connection prepared
      const plans = await database.db.transaction(async (tx) => {
        for (let i = 0; i < 12; i++) expect(await selectConversationRows(tx, where, sortOrder('latest'), 25, 0)).toEqual([]);
        const result = (await tx.execute(
          sql`select generic_plans, custom_plans from pg_prepared_statements where statement like '%as c_id,%'`,
        )) as unknown as { rows: { generic_plans: number; custom_plans: number }[] };
        return result.rows;
      });
      expect(plans).toHaveLength(1);
      // Postgres tries five custom plans, then keeps the generic one when it costs no more
      expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
    } finally {
      await database.close();
    }
  });

  it('conversations and messages by ids are one statement whatever the number of ids (anyInteger, not an IN list)', async () => {
    const database = await createTestDatabase(databaseUrl, runId);
    try {
      const prepared = await database.db.transaction(async (tx) => {
        const ctx = { db: tx, accountId: 2_000_000_000, storage: { url: (key: string) => key } } as unknown as Parameters<typeof presentConversationsByIds>[0];
        for (const ids of [[1], [1, 2], [1, 2, 3], [4, 5, 6, 7]]) {
          expect((await presentConversationsByIds(ctx, ids)).size).toBe(0);
          expect(await findMessagesByIds(tx, 2_000_000_000, ids)).toEqual([]);
        }
        const result = (await tx.execute(sql`select statement from pg_prepared_statements where statement like '%= any(%'`)) as unknown as { rows: { statement: string }[] };
        return result.rows.map((r) => r.statement);
      });
      expect(prepared.filter((text) => text.includes('as c_id,'))).toHaveLength(1);
      expect(prepared.filter((text) => text.includes('"messages"') && !text.includes('as c_id,'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('anyInteger matches nothing for an empty list', async () => {
    const database = await createTestDatabase(databaseUrl, runId);
    try {
      expect(await database.db.select({ id: schema.accounts.id }).from(schema.accounts).where(anyInteger(schema.accounts.id, []))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('constantText writes a constant piece once, as drizzle writes it, and refuses a piece with a parameter', async () => {
    const database = await createTestDatabase(databaseUrl, runId);
    try {
      const { db } = database;
      let builds = 0;
      const piece = constantText(() => {
        builds++;
        return sql`select ${schema.accounts.id} as id, ${schema.accounts.name} as name from ${schema.accounts}`;
      });
      expect(piece(db)).toBe('select "accounts"."id" as id, "accounts"."name" as name from "accounts"');
      expect(piece(db)).toBe(piece(db));
      expect(builds).toBe(1);
      // it runs, in a template and as a statement's fixed text: an account made here is read through both
      const [account] = await db.insert(schema.accounts).values({ name: 'Constant piece' }).returning();
      const templated = (await db.execute(sql`${sql.raw(piece(db))} where ${schema.accounts.id} = ${account!.id}`)) as unknown as { rows: { id: number; name: string }[] };
      expect(templated.rows).toEqual([{ id: account!.id, name: 'Constant piece' }]);
      expect(await executeArrays(db, { sql: `${piece(db)} where "accounts"."id" = any($1::integer[])`, params: [[account!.id]] })).toEqual([[account!.id, 'Constant piece']]);
      // a parameter inside would lose its value: refused when first written
      const withParameter = constantText(() => sql`select ${schema.accounts.id} from ${schema.accounts} where ${schema.accounts.id} = ${1}`);
      expect(() => withParameter(db)).toThrow(/parameter/);
    } finally {
      await database.close();
    }
  });

  it('sqlInteger writes a non-negative safe integer into the text and refuses anything else', () => {
    expect(sqlInteger(25).queryChunks).toHaveLength(1);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60, '1; drop table users' as unknown as number]) expect(() => sqlInteger(bad)).toThrow(RangeError);
  });
});

describe.skipIf(!databaseUrl)('timestamptz text (Postgres)', () => {
  it('parseTimestamptz reads Postgres\'s own text of a timestamp as the instant Postgres means, to the millisecond', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      // Whole seconds, every fraction length (Postgres drops trailing zeros), leap day, far years, and zones
      // the fast path leaves to new Date.
      const result = (await database.db.execute(sql`
        with instants(t) as (
          select timestamptz '2026-11-27 12:45:13+00' union all
          select timestamptz '2026-11-27 12:45:13.1+00' union all
          select timestamptz '2026-11-27 12:45:13.12+00' union all
          select timestamptz '2026-11-27 12:45:13.123+00' union all
          select timestamptz '2026-11-27 12:45:13.1239+00' union all
          select timestamptz '2026-11-27 12:45:13.999999+00' union all
          select timestamptz '2024-02-29 23:59:59.5+00' union all
          select timestamptz '1970-01-01 00:00:00+00' union all
          select timestamptz '1969-12-31 23:59:59.001+00' union all
          select timestamptz '1000-01-01 00:00:00+00' union all
          select timestamptz '9999-12-31 23:59:59.999+00' union all
          select to_timestamp(n * 7919.123457) from generate_series(1, 200) n
        )
        select (t at time zone 'UTC')::text || '+00' as text_utc, floor(extract(epoch from t) * 1000)::float8 as epoch_ms from instants
      `)) as unknown as { rows: { text_utc: string; epoch_ms: number }[] };
      expect(result.rows.length).toBe(211);
      for (const row of result.rows) expect([row.text_utc, parseTimestamptz(row.text_utc).getTime()]).toEqual([row.text_utc, row.epoch_ms]);
    } finally {
      await database.close();
    }
  });

  it('parseTimestamptz hands any other shape to new Date (other zones, BC, years past 9999, infinity, years below 100)', () => {
    for (const text of ['2026-11-27 12:45:13+05:30', '2026-11-27 07:45:13-05', '0044-03-15 12:00:00+00 BC', '12026-01-01 00:00:00+00', 'infinity', '0099-01-01 00:00:00+00', '2026-11-27T12:45:13.123Z']) {
      expect([text, parseTimestamptz(text).getTime()]).toEqual([text, new Date(text).getTime()]);
    }
  });
});

/** The node-postgres pool under a Postgres database (drizzle's `$client`). */
type RawClient = { query: (config: unknown, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>; release: () => void };
const poolOf = (database: Awaited<ReturnType<typeof connect>>) => (database.db as unknown as { $client: { connect: () => Promise<RawClient> } }).$client;

describe.skipIf(!databaseUrl)('the pg driver as patched (patches/pg@8.23.1.patch)', () => {
  it('object rows keep every column, in order, as own properties of a plain object; a column named __proto__ is a column, not a prototype', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      const client = await poolOf(database).connect();
      try {
        const wide = await client.query(`select ${Array.from({ length: 60 }, (_, i) => `${i} as c${i}`).join(', ')}, null::text as nothing, 'x' as "constructor"`);
        expect(Object.keys(wide.rows[0]!)).toEqual([...Array.from({ length: 60 }, (_, i) => `c${i}`), 'nothing', 'constructor']);
        expect(wide.rows[0]).toMatchObject({ c0: 0, c59: 59, nothing: null, constructor: 'x' });
        expect(Object.getPrototypeOf(wide.rows[0])).toBe(Object.prototype);
        const proto = await client.query(`select 1 as a, 'p' as "__proto__"`);
        expect(Object.getOwnPropertyDescriptor(proto.rows[0], '__proto__')?.value).toBe('p');
        expect(proto.rows[0]!.a).toBe(1);
        const arrays = await client.query({ text: 'select 1 as a, 2 as b', rowMode: 'array' });
        expect(arrays.rows).toEqual([[1, 2]]);
      } finally {
        client.release();
      }
    } finally {
      await database.close();
    }
  });

  it('a query config object is read, never changed, and can be run again (named, with values, and with a prototype of its own)', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 1 });
    try {
      const client = await poolOf(database).connect();
      try {
        const config = { name: 'patched_probe', text: 'select $1::integer * 2 as doubled' };
        expect((await client.query(config, [2])).rows).toEqual([{ doubled: 4 }]);
        expect((await client.query(config, [3])).rows).toEqual([{ doubled: 6 }]);
        expect(config).toEqual({ name: 'patched_probe', text: 'select $1::integer * 2 as doubled' });
        // a config whose text is inherited (a class instance) still runs
        class Inherited {
          get text() {
            return 'select 7 as seven';
          }
        }
        expect((await client.query(new Inherited() as { text: string })).rows).toEqual([{ seven: 7 }]);
      } finally {
        client.release();
      }
    } finally {
      await database.close();
    }
  });
});
