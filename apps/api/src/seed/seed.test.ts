import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { loadConfig } from '../plugins/config.ts';
import { seedFirstStart } from './first-start.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const total = async (table: typeof schema.users | typeof schema.accounts | typeof schema.accountUsers) =>
  (await t.db.select({ value: count() }).from(table))[0]!.value;

describe('first-start seed', () => {
  it('creates one account and administrator once, even when several processes race, and the password signs in', async () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, SECRET_KEY_BASE: t.config.secretKeyBase, SEED_ADMIN_EMAIL: 'Owner@Example.com' });
    const results = await Promise.all([seedFirstStart(t.db, config), seedFirstStart(t.db, config), seedFirstStart(t.db, config)]);
    const seeded = results.filter((r) => r !== null);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({ email: 'owner@example.com', generated: true });
    expect(await total(schema.users)).toBe(1);
    expect(await total(schema.accounts)).toBe(1);
    expect(await seedFirstStart(t.db, config)).toBeNull();

    const res = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'owner@example.com', password: seeded[0]!.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'administrator', confirmed: true, accounts: [{ name: 'Acme Support' }] });
  });

  it('loads the demo data set once; running it again changes nothing', async () => {
    const demo = await seedDemo(t.db, t.config);
    expect(demo.accounts).toEqual(['Northwind Support', 'Globex Payments']);
    const counts = [await total(schema.users), await total(schema.accounts), await total(schema.accountUsers)];
    await seedDemo(t.db, t.config);
    expect([await total(schema.users), await total(schema.accounts), await total(schema.accountUsers)]).toEqual(counts);

    const res = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'maya@northwind.example', password: DEMO_PASSWORD } });
    const { data } = res.json();
    expect(data.accounts.map((a: { name: string }) => a.name).sort()).toEqual(['Globex Payments', 'Northwind Support']);
    const amara = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'amara@northwind.example', password: DEMO_PASSWORD } });
    expect(amara.json().data.accounts[0]).toMatchObject({ role: 'agent', custom_role: { name: 'Knowledge editor' }, permissions: ['custom_role', 'knowledge_base_manage'] });
  });
});
