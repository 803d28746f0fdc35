import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect } from '@app/db';
import '../../test/infrastructure.ts';

const databaseUrl = inject('infrastructure').databaseUrl;

describe('closing the database', () => {
  it.skipIf(!databaseUrl)('lets queries still running when the server stops finish instead of failing on an ended pool', async () => {
    const database = await connect({ url: databaseUrl!, poolSize: 2 });
    // a request mid-way: one query running, the next one following it
    const request = (async () => {
      await database.db.execute(sql`select pg_sleep(0.2)`);
      const result = (await database.db.execute(sql`select 42 as answer`)) as unknown as { rows: { answer: number }[] };
      return result.rows[0]!.answer;
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = database.close();
    expect(await request).toBe(42);
    await closing;
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
