import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { CustomRolePermission } from '@app/shared/constants';
import { buildTestApp, eventsDuring, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const url = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/withdraw_issues${rest}`;
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, headers: Headers | undefined, payload?: object) =>
  t.app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function customRoleMember(accountId: number, permissions: CustomRolePermission[]) {
  const [role] = await t.db.insert(schema.customRoles).values({ accountId, name: `Role ${permissions.join(' ')} ${Math.random()}`, permissions }).returning();
  return createMember(t, accountId, 'agent', { customRoleId: role!.id });
}

async function insertWithdraw(accountId: number, inboxId: number, orderId: string, values: Partial<typeof schema.paymentRecords.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(schema.paymentRecords)
    .values({ accountId, inboxId, kind: 'withdraw', orderId, amount: '5000.00', status: 'success', utr: '412345678901', ...values })
    .returning();
  return row!;
}

/**
 * An account with two inboxes: Payouts (Ann the agent and Cid the checker are members) and Merchants
 * (nobody but the administrator sees it), a conversation in each, and the withdraw WD-1 in Payouts.
 */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const bob = await createMember(t, account.id, 'agent', { name: 'Bob' });
  const cid = await createMember(t, account.id, 'checker', { name: 'Cid' });
  const payouts = await createInbox(t, account.id, { name: 'Payouts', members: [ann.user.id, cid.user.id] });
  const merchants = await createInbox(t, account.id, { name: 'Merchants' });
  const conversation = await createConversation(t, account.id, payouts.id);
  const hidden = await createConversation(t, account.id, merchants.id);
  const withdraw = await insertWithdraw(account.id, payouts.id, 'WD-1');
  const body = { order_id: 'WD-1', conversation_id: conversation.displayId, inbox_id: payouts.id, description: 'Customer says the payout never arrived' };
  return { account, admin, ann, bob, cid, payouts, merchants, conversation, hidden, withdraw, body };
}

const issueRows = (accountId: number) => t.db.select().from(schema.withdrawIssues).where(eq(schema.withdrawIssues.accountId, accountId));

describe('POST withdraw_issues', () => {
  it('S1-1.07 S1-7.33 creates an issue from a conversation, links the withdraw of that order, writes an audit row and publishes withdraw_issue.created', async () => {
    const { account, ann, payouts, conversation, withdraw, body } = await setup();
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      res = await call('POST', url(account.id), ann.headers, body);
    });
    expect(res!.statusCode).toBe(200);
    const issue = res!.json().payload;
    expect(issue).toMatchObject({
      account_id: account.id,
      inbox_id: payouts.id,
      inbox_name: 'Payouts',
      conversation_id: conversation.displayId,
      order_id: 'WD-1',
      description: body.description,
      status: 'open',
      created_by: { id: ann.user.id, name: 'Ann' },
      resolved_by: null,
      resolved_at: null,
      resolution_note: null,
    });
    expect(issue.withdraw).toMatchObject({
      id: withdraw.id,
      kind: 'withdraw',
      order_id: 'WD-1',
      amount: '5000.00',
      utr: '412345678901',
      inbox_name: 'Payouts',
      // the record now names the conversation the issue came from
      conversation_id: conversation.displayId,
    });
    const [row] = await issueRows(account.id);
    expect(row).toMatchObject({ id: issue.id, recordId: withdraw.id, conversationId: conversation.id, createdById: ann.user.id, status: 'open' });
    const [audit] = await t.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.accountId, account.id), eq(schema.auditLogs.auditableType, 'WithdrawIssue')));
    expect(audit).toMatchObject({ action: 'create', auditableId: issue.id, userId: ann.user.id });
    const created = events.filter((e) => e.name === 'withdraw_issue.created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ inboxId: payouts.id, data: { id: issue.id, order_id: 'WD-1' } });
    expect(events.filter((e) => e.name === 'payment_record.updated').map((e) => (e.data as { id: number }).id)).toEqual([withdraw.id]);
  });

  it('takes the body under withdraw_issue; an order without a withdraw gives an issue without one; a linked conversation is kept', async () => {
    const { account, cid, payouts, conversation, body } = await setup();
    const other = await createConversation(t, account.id, payouts.id);
    const linked = await insertWithdraw(account.id, payouts.id, 'WD-2', { conversationId: other.id });
    const wrapped = await call('POST', url(account.id), cid.headers, { withdraw_issue: { ...body, order_id: 'WD-2' } });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json().payload.withdraw).toMatchObject({ id: linked.id, conversation_id: other.displayId });
    const orphan = await call('POST', url(account.id), cid.headers, { ...body, order_id: 'WD-404' });
    expect(orphan.statusCode).toBe(200);
    expect(orphan.json().payload).toMatchObject({ order_id: 'WD-404', withdraw: null, conversation_id: conversation.displayId, created_by: { name: 'Cid' } });
  });

  it('S1-8.25 one open issue per order and inbox: a second answers 409 with the text under error; a resolved one does not count', async () => {
    const { account, admin, ann, body } = await setup();
    const first = await call('POST', url(account.id), ann.headers, body);
    expect(first.statusCode).toBe(200);
    const again = await call('POST', url(account.id), admin.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An open issue already exists for order WD-1' });
    expect(await issueRows(account.id)).toHaveLength(1);

    expect((await call('PATCH', url(account.id, `/${first.json().payload.id}`), admin.headers, { status: 'resolved' })).statusCode).toBe(200);
    expect((await call('POST', url(account.id), ann.headers, body)).statusCode).toBe(200);
    expect(await issueRows(account.id)).toHaveLength(2);
  });

  it('S1-8.25 concurrent creations of one order leave one open issue; the others answer 409 with the text', async () => {
    const { account, ann, body } = await setup();
    const results = await Promise.all([0, 1, 2].map(() => call('POST', url(account.id), ann.headers, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe('An open issue already exists for order WD-1');
    expect(await issueRows(account.id)).toHaveLength(1);
  });

  it('S1-8.25 answers 422 with the first message as error text (and the field errors) and writes nothing', async () => {
    const { account, ann, body } = await setup();
    const auditsBefore = await countRows(t, schema.auditLogs);
    const blank = await call('POST', url(account.id), ann.headers, { ...body, order_id: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ error: "Order id can't be blank", errors: { order_id: ["can't be blank"] } });
    const noDescription = await call('POST', url(account.id), ann.headers, { ...body, description: '' });
    expect(noDescription.json().error).toBe("Description can't be blank");
    const missing = await call('POST', url(account.id), ann.headers, {});
    expect(missing.statusCode).toBe(422);
    expect(typeof missing.json().error).toBe('string');
    expect(missing.json().error.length).toBeGreaterThan(0);
    expect(await issueRows(account.id)).toHaveLength(0);
    expect(await countRows(t, schema.auditLogs)).toBe(auditsBefore);
  });

  it('S1-8.25 a conversation of another inbox is a 422 with its text', async () => {
    const { account, admin, body, hidden } = await setup();
    const res = await call('POST', url(account.id), admin.headers, { ...body, conversation_id: hidden.displayId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Conversation id is not a conversation of this inbox');
    expect(await issueRows(account.id)).toHaveLength(0);
  });

  it("S1-8.26 a server fault, which has no text for the person, answers 'An unknown error occurred' and writes nothing", async () => {
    const { account, ann, body } = await setup();
    // the database refuses this order's issue: an unexpected failure inside the creation's transaction
    await t.db.execute(sql`
      create function refuse_wd_fault() returns trigger language plpgsql as $$
      begin if new.order_id = 'WD-FAULT' then raise exception 'disk full'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger refuse_wd_fault before insert on withdraw_issues for each row execute function refuse_wd_fault()`);
    try {
      const events = await eventsDuring(t, account.id, async () => {
        const res = await call('POST', url(account.id), ann.headers, { ...body, order_id: 'WD-FAULT' });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ error: 'An unknown error occurred', request_id: expect.any(String) });
        expect(res.body).not.toContain('disk full');
      });
      expect(events).toEqual([]);
      expect(await issueRows(account.id)).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_wd_fault on withdraw_issues`);
      await t.db.execute(sql`drop function refuse_wd_fault()`);
    }
  });

  it('S1-8.25 401, 403 and 404 answer their text under error too, and write nothing', async () => {
    const { account, ann, bob, cid, merchants, hidden, body } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const theirInbox = await createInbox(t, other.id);
    const theirConversation = await createConversation(t, other.id, theirInbox.id);
    const reporter = await customRoleMember(account.id, ['report_manage']);

    const cases: [Headers | undefined, object, number][] = [
      [undefined, body, 401],
      [reporter.headers, body, 403],
      // an inbox the caller is not a member of, or another account's inbox or conversation
      [bob.headers, body, 404],
      [ann.headers, { ...body, inbox_id: merchants.id, conversation_id: hidden.displayId }, 404],
      [cid.headers, { ...body, inbox_id: merchants.id, conversation_id: hidden.displayId }, 404],
      [ann.headers, { ...body, inbox_id: theirInbox.id }, 404],
      [ann.headers, { ...body, conversation_id: theirConversation.displayId + 1000 }, 404],
      [otherAdmin.headers, body, 404],
    ];
    for (const [headers, payload, status] of cases) {
      const res = await call('POST', url(account.id), headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().error.length).toBeGreaterThan(0);
    }
    expect(await issueRows(account.id)).toHaveLength(0);
    expect(await issueRows(other.id)).toHaveLength(0);
  });
});

describe('GET withdraw_issues', () => {
  it('lists the issues of the inboxes the caller sees, newest first, with filters and 25 a page', async () => {
    const { account, admin, ann, bob, cid, payouts, merchants, conversation, hidden, body } = await setup();
    for (let i = 0; i < 27; i++) await call('POST', url(account.id), admin.headers, { ...body, order_id: `WD-${100 + i}` });
    const merchantIssue = await call('POST', url(account.id), admin.headers, { ...body, inbox_id: merchants.id, conversation_id: hidden.displayId, order_id: 'M-1' });
    expect(merchantIssue.statusCode).toBe(200);

    const all = (await call('GET', url(account.id), admin.headers)).json();
    expect(all.meta).toEqual({ current_page: 1, per_page: 25, count: 28 });
    expect(all.payload).toHaveLength(25);
    expect(all.payload[0].order_id).toBe('M-1');
    expect(all.payload[1].order_id).toBe('WD-126');
    const page2 = (await call('GET', url(account.id, '?page=2'), admin.headers)).json();
    expect(page2.payload.map((i: { order_id: string }) => i.order_id)).toEqual(['WD-102', 'WD-101', 'WD-100']);

    // the agent and the checker see Payouts only; an agent of no inbox sees nothing
    for (const caller of [ann, cid]) {
      const mine = (await call('GET', url(account.id), caller.headers)).json();
      expect(mine.meta.count).toBe(27);
      expect(mine.payload.every((i: { inbox_id: number }) => i.inbox_id === payouts.id)).toBe(true);
    }
    expect((await call('GET', url(account.id), bob.headers)).json()).toEqual({ meta: { current_page: 1, per_page: 25, count: 0 }, payload: [] });

    const one = (await call('GET', url(account.id, '?order_id=WD-105'), ann.headers)).json();
    expect(one.payload).toHaveLength(1);
    expect(one.payload[0]).toMatchObject({ order_id: 'WD-105', conversation_id: conversation.displayId, withdraw: null });
    expect((await call('GET', url(account.id, `?inbox_id=${merchants.id}`), admin.headers)).json().meta.count).toBe(1);
    expect((await call('GET', url(account.id, '?status=resolved'), admin.headers)).json().meta.count).toBe(0);
    expect((await call('GET', url(account.id, '?status=open'), admin.headers)).json().meta.count).toBe(28);
  });

  it("answers 404 for an inbox_id the caller does not see or of another account, 422 for bad filters, 401 and 403", async () => {
    const { account, admin, ann, cid, merchants } = await setup();
    const { account: other } = await createAccountWithAdmin(t);
    const theirInbox = await createInbox(t, other.id);
    const summaries = await customRoleMember(account.id, ['conversation_summary_manage']);
    expect((await call('GET', url(account.id, `?inbox_id=${merchants.id}`), ann.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `?inbox_id=${merchants.id}`), cid.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, `?inbox_id=${theirInbox.id}`), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(other.id), admin.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, '?status=closed'), admin.headers)).statusCode).toBe(422);
    expect((await call('GET', url(account.id, '?page=0'), admin.headers)).statusCode).toBe(422);
    expect((await call('GET', url(account.id), undefined)).statusCode).toBe(401);
    expect((await call('GET', url(account.id), summaries.headers)).statusCode).toBe(403);
  });

  it('a custom role with checker_view_manage lists the issues of its member inboxes', async () => {
    const { account, admin, payouts, body } = await setup();
    const checkerRole = await customRoleMember(account.id, ['checker_view_manage']);
    await t.db.insert(schema.inboxMembers).values({ accountId: account.id, inboxId: payouts.id, userId: checkerRole.user.id });
    await call('POST', url(account.id), admin.headers, body);
    const res = await call('GET', url(account.id), checkerRole.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.map((i: { order_id: string }) => i.order_id)).toEqual(['WD-1']);
  });
});

describe('PATCH withdraw_issues/:id', () => {
  it('resolves with a note and reopens; audits each change and publishes withdraw_issue.updated', async () => {
    const { account, ann, cid, payouts, body } = await setup();
    const id = (await call('POST', url(account.id), ann.headers, body)).json().payload.id as number;
    let resolved: Awaited<ReturnType<typeof call>> | undefined;
    const events = await eventsDuring(t, account.id, async () => {
      resolved = await call('PATCH', url(account.id, `/${id}`), cid.headers, { withdraw_issue: { status: 'resolved', resolution_note: 'Bank credited it late' } });
    });
    expect(resolved!.statusCode).toBe(200);
    expect(resolved!.json().payload).toMatchObject({ id, status: 'resolved', resolved_by: { id: cid.user.id, name: 'Cid' }, resolution_note: 'Bank credited it late' });
    expect(Date.parse(resolved!.json().payload.resolved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(events.filter((e) => e.name === 'withdraw_issue.updated')).toEqual([
      expect.objectContaining({ inboxId: payouts.id, data: expect.objectContaining({ id, status: 'resolved' }) }),
    ]);

    const reopened = await call('PATCH', url(account.id, `/${id}`), ann.headers, { status: 'open' });
    expect(reopened.json().payload).toMatchObject({ status: 'open', resolved_by: null, resolved_at: null, resolution_note: null });
    const audits = await t.db
      .select({ action: schema.auditLogs.action, changes: schema.auditLogs.auditedChanges })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.auditableType, 'WithdrawIssue'), eq(schema.auditLogs.auditableId, id)));
    expect(audits.map((a) => [a.action, (a.changes as { status: unknown }).status])).toEqual([
      ['create', [null, 'open']],
      ['update', ['open', 'resolved']],
      ['update', ['resolved', 'open']],
    ]);
  });

  it('answers 409 for the same status and for reopening while another issue of the order is open, writing nothing', async () => {
    const { account, admin, body } = await setup();
    const first = (await call('POST', url(account.id), admin.headers, body)).json().payload.id as number;
    const same = await call('PATCH', url(account.id, `/${first}`), admin.headers, { status: 'open' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('The issue is already open');
    await call('PATCH', url(account.id, `/${first}`), admin.headers, { status: 'resolved' });
    const second = (await call('POST', url(account.id), admin.headers, body)).json().payload.id as number;
    const reopen = await call('PATCH', url(account.id, `/${first}`), admin.headers, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe('An open issue already exists for order WD-1');
    const rows = await issueRows(account.id);
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual([[first, 'resolved'], [second, 'open']].sort());
  });

  it("answers 422 on bad input, 401, 403 and 404 for invisible, other accounts' and malformed ids, changing nothing", async () => {
    const { account, admin, ann, bob, cid, merchants, hidden, body } = await setup();
    const { account: other, admin: otherAdmin } = await createAccountWithAdmin(t);
    const mine = (await call('POST', url(account.id), admin.headers, body)).json().payload.id as number;
    const merchantIssue = (
      await call('POST', url(account.id), admin.headers, { ...body, inbox_id: merchants.id, conversation_id: hidden.displayId })
    ).json().payload.id as number;
    const reporter = await customRoleMember(account.id, ['report_manage']);
    expect((await call('PATCH', url(account.id, `/${mine}`), admin.headers, { status: 'done' })).statusCode).toBe(422);
    expect((await call('PATCH', url(account.id, `/${mine}`), admin.headers, {})).statusCode).toBe(422);
    expect((await call('PATCH', url(account.id, `/${mine}`), undefined, { status: 'resolved' })).statusCode).toBe(401);
    expect((await call('PATCH', url(account.id, `/${mine}`), reporter.headers, { status: 'resolved' })).statusCode).toBe(403);
    expect((await call('PATCH', url(account.id, `/${mine}`), bob.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, `/${merchantIssue}`), ann.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, `/${merchantIssue}`), cid.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call('PATCH', url(other.id, `/${mine}`), otherAdmin.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, '/abc'), admin.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await call('PATCH', url(account.id, '/99999999999'), admin.headers, { status: 'resolved' })).statusCode).toBe(404);
    expect((await issueRows(account.id)).every((r) => r.status === 'open' && r.resolvedById === null)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the three routes with a tag, a summary, a description and their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = '/api/v1/accounts/{accountId}/withdraw_issues';
    for (const [method, at] of [['get', path], ['post', path], ['patch', `${path}/{id}`]] as const) {
      const route = doc.paths[at]?.[method];
      expect(route, `${method} ${at}`).toMatchObject({ tags: ['withdraw issues'], summary: expect.any(String), description: expect.any(String) });
    }
    expect(doc.paths[path].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(doc.paths[path].post.description).toContain('{error}');
  });
});
