import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import type { CustomRolePermission } from '@app/shared/constants';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';
import { summaryWindow } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number, query = '') => `/api/v1/accounts/${accountId}/conversation_summaries${query}`;
const get = (path: string, headers: Headers | undefined) => t.app.inject({ method: 'GET', url: path, ...(headers ? { headers } : {}) });
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function customRoleMember(accountId: number, permissions: CustomRolePermission[]) {
  const [role] = await t.db.insert(schema.customRoles).values({ accountId, name: `Role ${permissions.join(' ')} ${Math.random()}`, permissions }).returning();
  return createMember(t, accountId, 'agent', { customRoleId: role!.id });
}

/**
 * Payouts (Ann and Zed are its agents, Cid checks it) and Merchants (only administrators), with
 * conversations of the last week in several states and one of two weeks ago that the default range leaves out.
 */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const zed = await createMember(t, account.id, 'agent', { name: 'Zed' });
  const cid = await createMember(t, account.id, 'checker', { name: 'Cid' });
  const payouts = await createInbox(t, account.id, { name: 'Payouts', members: [ann.user.id, zed.user.id, cid.user.id] });
  const merchants = await createInbox(t, account.id, { name: 'Merchants' });
  const make = (inboxId: number, status: 'open' | 'pending' | 'resolved' | 'snoozed', assigneeId: number | null, createdAt: Date) =>
    createConversation(t, account.id, inboxId, { status, assigneeId, createdAt });
  await make(payouts.id, 'open', ann.user.id, daysAgo(1));
  await make(payouts.id, 'open', ann.user.id, daysAgo(2));
  await make(payouts.id, 'resolved', ann.user.id, daysAgo(3));
  await make(payouts.id, 'pending', zed.user.id, daysAgo(1));
  await make(payouts.id, 'snoozed', null, daysAgo(6));
  await make(payouts.id, 'open', null, daysAgo(14));
  await make(merchants.id, 'resolved', zed.user.id, daysAgo(2));
  return { account, admin, ann, zed, cid, payouts, merchants };
}

const counts = (open: number, pending: number, resolved: number, snoozed: number) => ({ open, pending, resolved, snoozed, total: open + pending + resolved + snoozed });

describe('GET conversation_summaries', () => {
  it('counts the conversations created in the last 7 days per inbox, by status and by agent (unassigned last)', async () => {
    const { account, admin, ann, zed, payouts, merchants } = await setup();
    const res = await get(url(account.id), admin.headers);
    expect(res.statusCode).toBe(200);
    const { meta, payload } = res.json();
    expect(Date.parse(meta.until) - Date.parse(meta.since)).toBe(7 * DAY);
    expect(Math.abs(Date.parse(meta.until) - Date.now())).toBeLessThan(60_000);
    // inboxes by name
    expect(payload).toEqual([
      { inbox_id: merchants.id, inbox_name: 'Merchants', ...counts(0, 0, 1, 0), agents: [{ agent_id: zed.user.id, name: 'Zed', ...counts(0, 0, 1, 0) }] },
      {
        inbox_id: payouts.id,
        inbox_name: 'Payouts',
        ...counts(2, 1, 1, 1),
        agents: [
          { agent_id: ann.user.id, name: 'Ann', ...counts(2, 0, 1, 0) },
          { agent_id: zed.user.id, name: 'Zed', ...counts(0, 1, 0, 0) },
          { agent_id: null, name: null, ...counts(0, 0, 0, 1) },
        ],
      },
    ]);
  });

  it('takes a range: since inclusive, until exclusive, a date meaning that whole day; an inbox without conversations shows zeros', async () => {
    const { account, admin, payouts } = await setup();
    const quiet = await createInbox(t, account.id, { name: 'Quiet' });
    const since = daysAgo(20).toISOString();
    const wide = (await get(url(account.id, `?since=${since}&inbox_id=${payouts.id}`), admin.headers)).json();
    expect(wide.payload).toHaveLength(1);
    expect(wide.payload[0]).toMatchObject({ inbox_id: payouts.id, ...counts(3, 1, 1, 1) });

    const exact = await createConversation(t, account.id, payouts.id, { createdAt: new Date('2026-01-10T00:00:00Z') });
    await createConversation(t, account.id, payouts.id, { createdAt: new Date('2026-01-11T00:00:00Z') });
    const day = (await get(url(account.id, '?since=2026-01-10&until=2026-01-10'), admin.headers)).json();
    expect(day.meta).toEqual({ since: '2026-01-10T00:00:00.000Z', until: '2026-01-11T00:00:00.000Z' });
    const byInbox = new Map(day.payload.map((s: { inbox_id: number; total: number }) => [s.inbox_id, s.total]));
    expect(byInbox.get(payouts.id)).toBe(1);
    expect(byInbox.get(quiet.id)).toBe(0);
    expect(day.payload.find((s: { inbox_id: number }) => s.inbox_id === quiet.id).agents).toEqual([]);
    expect(exact.status).toBe('open');
  });

  it('checkers and custom roles with conversation_summary_manage see their member inboxes only; another inbox_id is a 404', async () => {
    const { account, cid, payouts, merchants } = await setup();
    const summarizer = await customRoleMember(account.id, ['conversation_summary_manage']);
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: merchants.id, userId: summarizer.user.id });
    const checker = (await get(url(account.id), cid.headers)).json();
    expect(checker.payload.map((s: { inbox_id: number }) => s.inbox_id)).toEqual([payouts.id]);
    expect(checker.payload[0].total).toBe(5);
    const custom = (await get(url(account.id), summarizer.headers)).json();
    expect(custom.payload.map((s: { inbox_id: number }) => s.inbox_id)).toEqual([merchants.id]);
    expect((await get(url(account.id, `?inbox_id=${merchants.id}`), cid.headers)).statusCode).toBe(404);
    expect((await get(url(account.id, `?inbox_id=${payouts.id}`), summarizer.headers)).statusCode).toBe(404);
    // a checker of no inbox sees an empty list
    const idle = await createMember(t, account.id, 'checker');
    expect((await get(url(account.id), idle.headers)).json().payload).toEqual([]);
  });

  it("answers 401, 403 for roles without the permission, 404 for another account's inbox or account, 422 for a bad range", async () => {
    const { account, admin, ann } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirInbox = await createInbox(t, other.id);
    const checkerView = await customRoleMember(account.id, ['checker_view_manage']);
    expect((await get(url(account.id), undefined)).statusCode).toBe(401);
    expect((await get(url(account.id), ann.headers)).statusCode).toBe(403);
    expect((await get(url(account.id), checkerView.headers)).statusCode).toBe(403);
    expect((await get(url(account.id, `?inbox_id=${theirInbox.id}`), admin.headers)).statusCode).toBe(404);
    expect((await get(url(account.id), otherAdmin.headers)).statusCode).toBe(404);
    expect((await get(url(account.id, '?since=yesterday'), admin.headers)).statusCode).toBe(422);
    expect((await get(url(account.id, '?since=2026-01-10&until=2026-01-09'), admin.headers)).statusCode).toBe(422);
    expect((await get(url(account.id, '?inbox_id=0'), admin.headers)).statusCode).toBe(422);
  });
});

describe('summaryWindow', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('defaults to the 7 days before now, or before until; a date until is the end of that day', () => {
    expect(summaryWindow({}, now)).toEqual({ since: new Date('2026-11-18T12:00:00Z'), until: now });
    expect(summaryWindow({ until: '2026-11-20' }, now)).toEqual({ since: new Date('2026-11-14T00:00:00Z'), until: new Date('2026-11-21T00:00:00Z') });
    expect(summaryWindow({ since: '2026-11-01T08:00:00+02:00' }, now)).toEqual({ since: new Date('2026-11-01T06:00:00Z'), until: now });
  });
});

describe('OpenAPI', () => {
  it('documents GET conversation_summaries with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/v1/accounts/{accountId}/conversation_summaries'].get;
    expect(route).toMatchObject({ tags: ['conversation summaries'], summary: expect.any(String), description: expect.any(String) });
    expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['inbox_id', 'since', 'until']));
  });
});
