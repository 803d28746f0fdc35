import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { servicesOf } from '../app.ts';
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

  it('loads the demo data set once, a lived-in workspace in each account; running it again changes nothing', async () => {
    const demo = await seedDemo(servicesOf(t.app));
    expect(demo.accounts).toEqual(['Northwind Support', 'Globex Payments']);
    expect(demo.conversations).toBeGreaterThanOrEqual(50);
    expect(demo.paymentRecords).toBe(360);
    const tables = [
      schema.users,
      schema.accounts,
      schema.accountUsers,
      schema.inboxes,
      schema.contacts,
      schema.conversations,
      schema.messages,
      schema.labels,
      schema.teams,
      schema.cannedResponses,
      schema.paymentRecords,
      schema.paymentStatusChanges,
    ] as const;
    const counts = async () => Promise.all(tables.map(async (table) => (await t.db.select({ value: count() }).from(table))[0]!.value));
    const before = await counts();
    expect(await seedDemo(servicesOf(t.app))).toMatchObject({ conversations: 0, paymentRecords: 0 });
    expect(await counts()).toEqual(before);

    const res = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'maya@northwind.example', password: DEMO_PASSWORD } });
    const { data } = res.json();
    expect(data.accounts.map((a: { name: string }) => a.name).sort()).toEqual(['Acme Support', 'Globex Payments', 'Northwind Support']);
    const amara = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'amara@northwind.example', password: DEMO_PASSWORD } });
    expect(amara.json().data.accounts[0]).toMatchObject({ role: 'agent', custom_role: { name: 'Knowledge editor' }, permissions: ['custom_role', 'knowledge_base_manage'] });
    // every demo user lands in the lived-in workspace, not in the payments account or Globex they also belong to
    for (const email of ['maya@northwind.example', 'daniel@northwind.example', 'priya@northwind.example', 'amara@northwind.example']) {
      const user = (await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: DEMO_PASSWORD } })).json().data;
      expect(user.accounts.find((a: { id: number }) => a.id === user.account_id)?.name, email).toBe('Northwind Support');
    }
    // the knowledge editor's role opens no conversation: none is assigned to her and no note mentions her
    const amaraId = amara.json().data.id as number;
    expect((await t.db.select({ value: count() }).from(schema.conversations).where(eq(schema.conversations.assigneeId, amaraId)))[0]!.value).toBe(0);
    expect((await t.db.select({ value: count() }).from(schema.mentions).where(eq(schema.mentions.userId, amaraId)))[0]!.value).toBe(0);

    // What the administrator sees in Northwind: several channels, every status, replies, notes and labels.
    const headers = { 'access-token': res.headers['access-token'] as string, client: res.headers.client as string, uid: res.headers.uid as string, 'token-type': 'Bearer' };
    const northwind = data.accounts.find((a: { name: string }) => a.name === 'Northwind Support').id as number;
    const get = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${northwind}/${path}`, headers })).json();
    const inboxes = (await get('inboxes')).payload as { channel_type: string }[];
    expect(new Set(inboxes.map((i) => i.channel_type))).toEqual(new Set(['Channel::WebWidget', 'Channel::Api', 'Channel::Email']));
    const all = await get('conversations?status=all');
    expect(all.data.meta.all_count).toBeGreaterThanOrEqual(40);
    for (const status of ['open', 'pending', 'resolved', 'snoozed']) expect((await get(`conversations/meta?status=${status}`)).meta.all_count, status).toBeGreaterThan(0);
    expect((await get('conversations/meta?status=open')).meta.unassigned_count).toBeGreaterThan(0);
    expect((await get('labels')).payload.length).toBeGreaterThanOrEqual(6);
    expect((await get('teams')).length).toBe(3);
    expect((await get('canned_responses')).length).toBeGreaterThanOrEqual(5);
    const messages = await t.db.select({ type: schema.messages.messageType, private: schema.messages.private, createdAt: schema.messages.createdAt }).from(schema.messages);
    expect(messages.filter((m) => m.type === 'incoming').length).toBeGreaterThan(50);
    expect(messages.filter((m) => m.type === 'outgoing' && !m.private).length).toBeGreaterThan(30);
    expect(messages.filter((m) => m.private).length).toBeGreaterThan(5);
    // spread over the last days, not all written in the same second
    const days = new Set(messages.map((m) => m.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(4);

    // Globex's withdrawal conversations raised withdraw issues: one open, one resolved
    const issues = await t.db.select().from(schema.withdrawIssues);
    expect(issues.map((i) => [i.orderId, i.status]).sort()).toEqual([['WD-77120', 'open'], ['WD-77344', 'resolved']]);
    expect(issues.every((i) => i.conversationId !== null && i.createdById !== null)).toBe(true);
  }, 120_000); // two seeds and a reports rebuild of both demo accounts: past 30 s on PGlite when the machine is busy

  it('gives the demo checker withdraw and recharge records of her inbox in the payments account, with history', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'priya@northwind.example', password: DEMO_PASSWORD } });
    const headers = { 'access-token': signIn.headers['access-token'] as string, client: signIn.headers.client as string, uid: signIn.headers.uid as string, 'token-type': 'Bearer' };
    const payments = t.config.paymentsAccountId;
    expect(signIn.json().data.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ id: payments, role: 'checker' })]));
    const get = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${payments}/${path}`, headers })).json();
    const recharges = await get('recharges?per_page=100');
    expect(recharges.meta.count).toBe(90);
    expect(new Set(recharges.payload.map((r: { inbox_name: string }) => r.inbox_name))).toEqual(new Set(['Acme Payouts']));
    expect(new Set(recharges.payload.map((r: { status: string }) => r.status))).toEqual(new Set(['pending', 'success', 'failed', 'expired']));
    const undelivered = await get('withdraws?status=undelivered');
    expect(undelivered.meta.count).toBe(6);
    const detail = await get(`withdraws/${undelivered.payload[0].id}`);
    expect(detail.payload.history.map((h: { to_status: string }) => h.to_status)).toEqual(['success', 'undelivered']);
    expect(detail.payload.history[1].actor.name).toBe('Priya Raman');
    expect(detail.payload.customer_name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });
});
