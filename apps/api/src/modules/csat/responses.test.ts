import { eq as eqId } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@app/db';
import type { CustomRolePermission } from '@app/shared/constants';
import { CSAT_PAGE_SIZE, responseRate, satisfactionScore, type CsatMetrics } from '@app/shared/csat';
import { reportCsvFileName } from '@app/shared/reports';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { rebuildReports } from '../reporting-events/rebuild.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ RUN_WORKERS: 'false' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const DAY = 24 * 3600 * 1000;
const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * DAY);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

async function customRoleMember(accountId: number, permissions: CustomRolePermission[]) {
  const [role] = await t.db.insert(schema.customRoles).values({ accountId, name: `Role ${permissions.join(' ')} ${Math.random()}`, permissions }).returning();
  return createMember(t, accountId, 'agent', { customRoleId: role!.id });
}

type Seed = { inboxId: number; assigneeId?: number | null; teamId?: number | null; sentDaysAgo: number; rating?: number; feedback?: string; contactName?: string };

/** A conversation whose survey went out `sentDaysAgo` (an input_csat message) and, with a rating, was answered an hour later. */
async function surveyed(accountId: number, seed: Seed) {
  const conversation = await createConversation(t, accountId, seed.inboxId, { assigneeId: seed.assigneeId ?? null, teamId: seed.teamId ?? null, status: 'resolved' });
  if (seed.contactName) await t.db.update(schema.contacts).set({ name: seed.contactName }).where(eqId(schema.contacts.id, conversation.contactId));
  const sentAt = ago(seed.sentDaysAgo);
  const [message] = await t.db
    .insert(schema.messages)
    .values({ accountId, inboxId: seed.inboxId, conversationId: conversation.id, messageType: 'outgoing', contentType: 'input_csat', content: 'Rate us', createdAt: sentAt, updatedAt: sentAt })
    .returning();
  if (seed.rating !== undefined) {
    const answeredAt = new Date(sentAt.getTime() + 3600_000);
    await t.db.insert(schema.csatSurveyResponses).values({
      accountId,
      conversationId: conversation.id,
      messageId: message!.id,
      contactId: conversation.contactId,
      inboxId: seed.inboxId,
      teamId: seed.teamId ?? null,
      assignedAgentId: seed.assigneeId ?? null,
      rating: seed.rating,
      feedbackMessage: seed.feedback ?? null,
      createdAt: answeredAt,
      updatedAt: answeredAt,
    });
  }
  return conversation;
}

/**
 * Support (Ann is its agent) and Billing (no agents): c1 Ann/team 5, c2 admin 4, c3 Billing admin/team 1,
 * c4 Ann sent but unanswered, c5 answered 40 days ago (outside the last 30 days).
 */
async function setup() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann Agent' });
  const support = await createInbox(t, account.id, { name: 'Support', members: [ann.user.id] });
  const billing = await createInbox(t, account.id, { name: 'Billing' });
  const [team] = await t.db.insert(schema.teams).values({ accountId: account.id, name: `Tier 2 ${Math.random()}` }).returning();
  const c1 = await surveyed(account.id, { inboxId: support.id, assigneeId: ann.user.id, teamId: team!.id, sentDaysAgo: 2, rating: 5, feedback: '=HYPERLINK("x"), great', contactName: 'Zoe' });
  const c2 = await surveyed(account.id, { inboxId: support.id, assigneeId: admin.user.id, sentDaysAgo: 3, rating: 4 });
  const c3 = await surveyed(account.id, { inboxId: billing.id, assigneeId: admin.user.id, teamId: team!.id, sentDaysAgo: 5, rating: 1 });
  const c4 = await surveyed(account.id, { inboxId: support.id, assigneeId: ann.user.id, sentDaysAgo: 1 });
  const c5 = await surveyed(account.id, { inboxId: support.id, sentDaysAgo: 40, rating: 2 });
  const base = `/api/v1/accounts/${account.id}/csat_survey_responses`;
  const range = `since=${unix(ago(30))}&until=${unix(ago(0))}`;
  return { account, admin, ann, support, billing, team: team!, c1, c2, c3, c4, c5, base, range };
}

type Setup = Awaited<ReturnType<typeof setup>>;
let s: Setup;
beforeAll(async () => {
  s = await setup();
});

const metrics = async (query: string, headers: Headers = s.admin.headers) => {
  const res = await get(`${s.base}/metrics?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CsatMetrics;
};
const listIds = async (query: string, headers: Headers = s.admin.headers) => {
  const res = await get(`${s.base}?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payload as { conversation_id: number }[]).map((r) => r.conversation_id);
};

describe('csat_survey_responses', () => {
  it('S1-7.97 lists the responses newest first with contact, agent, inbox and the display id; meta counts all that match', async () => {
    const res = await get(`${s.base}?${s.range}`, s.admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ count: 3, current_page: 1 });
    expect(body.payload.map((r: { conversation_id: number }) => r.conversation_id)).toEqual([s.c1, s.c2, s.c3].map((c) => c.displayId));
    expect(body.payload[0]).toMatchObject({
      rating: 5,
      feedback_message: '=HYPERLINK("x"), great',
      account_id: s.account.id,
      conversation_id: s.c1.displayId,
      contact: { id: s.c1.contactId, name: 'Zoe' },
      assigned_agent: { id: s.ann.user.id, name: 'Ann Agent', email: s.ann.user.email },
      inbox: { id: s.support.id, name: 'Support' },
      created_at: unix(new Date(ago(2).getTime() + 3600_000)),
    });
    // without a range: every response of the account
    expect(await listIds('')).toHaveLength(4);
  });

  it('S1-7.100 sorts by created_at and rating either way, and pages by CSAT_PAGE_SIZE', async () => {
    expect(await listIds(`${s.range}&sort=created_at`)).toEqual([s.c3, s.c2, s.c1].map((c) => c.displayId));
    expect(await listIds(`${s.range}&sort=rating`)).toEqual([s.c3, s.c2, s.c1].map((c) => c.displayId));
    expect(await listIds(`${s.range}&sort=-rating`)).toEqual([s.c1, s.c2, s.c3].map((c) => c.displayId));

    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    for (let i = 0; i < CSAT_PAGE_SIZE + 2; i++) await surveyed(account.id, { inboxId: inbox.id, sentDaysAgo: 1 + i / 100, rating: (i % 5) + 1 });
    const page = (n: number) => get(`/api/v1/accounts/${account.id}/csat_survey_responses?page=${n}`, admin.headers).then((r) => r.json());
    const [first, second] = [await page(1), await page(2)];
    expect(first.payload).toHaveLength(CSAT_PAGE_SIZE);
    expect(second.payload).toHaveLength(2);
    expect(second.meta).toEqual({ count: CSAT_PAGE_SIZE + 2, current_page: 2 });
    const ids = [...first.payload, ...second.payload].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(CSAT_PAGE_SIZE + 2);
  });

  it('S1-7.100 filters by inbox, team, assigned agents (user_ids[] or comma-separated) and ratings', async () => {
    const { range, support, team, ann, admin } = s;
    expect(await listIds(`${range}&inbox_id=${support.id}`)).toEqual([s.c1, s.c2].map((c) => c.displayId));
    expect(await listIds(`${range}&team_id=${team.id}`)).toEqual([s.c1, s.c3].map((c) => c.displayId));
    expect(await listIds(`${range}&user_ids[]=${ann.user.id}`)).toEqual([s.c1.displayId]);
    expect(await listIds(`${range}&user_ids=${ann.user.id},${admin.user.id}`)).toHaveLength(3);
    expect(await listIds(`${range}&rating[]=4&rating[]=5`)).toEqual([s.c1, s.c2].map((c) => c.displayId));
    expect(await listIds(`${range}&rating=1`)).toEqual([s.c3.displayId]);
    // another account's inbox simply matches nothing
    const other = await createAccountWithAdmin(t);
    const theirs = await createInbox(t, other.account.id);
    expect(await listIds(`${range}&inbox_id=${theirs.id}`)).toEqual([]);
  });

  it('422 for a bad filter (rating 6, until before since, page 0)', async () => {
    for (const query of ['rating=6', 'rating=0', `since=${unix(ago(1))}&until=${unix(ago(2))}`, 'page=0', 'sort=name', 'inbox_id=abc']) {
      for (const path of ['', '/metrics', '/download']) {
        expect((await get(`${s.base}${path}?${query}`, s.admin.headers)).statusCode, `${path}?${query}`).toBe(422);
      }
    }
  });
});

describe('csat_survey_responses/metrics', () => {
  it('S1-7.99 S1-3.32 S1-3.33 counts responses by rating and the surveys sent in the range', async () => {
    expect(await metrics(s.range)).toEqual({ total_count: 3, ratings_count: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 1 }, total_sent_messages_count: 4 });
    // all time: c5 and its survey count too
    expect(await metrics('')).toEqual({ total_count: 4, ratings_count: { '1': 1, '2': 1, '3': 0, '4': 1, '5': 1 }, total_sent_messages_count: 5 });
  });

  it('S1-9.12 satisfaction score and response rate from the metrics, two decimals', async () => {
    const m = await metrics(s.range);
    // 4 and 5 over all answers: 2 of 3; answers over surveys sent: 3 of 4
    expect(satisfactionScore(m)).toBe(66.67);
    expect(responseRate(m)).toBe(75);
    const empty = await metrics(`since=${unix(ago(400))}&until=${unix(ago(300))}`);
    expect(empty).toEqual({ total_count: 0, ratings_count: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, total_sent_messages_count: 0 });
    expect(satisfactionScore(empty)).toBe(0);
  });

  it('S1-7.100 each filter narrows the responses and the surveys sent (rating the responses only)', async () => {
    const { range, support, team, ann } = s;
    expect(await metrics(`${range}&inbox_id=${support.id}`)).toMatchObject({ total_count: 2, total_sent_messages_count: 3 });
    expect(await metrics(`${range}&team_id=${team.id}`)).toMatchObject({ total_count: 2, total_sent_messages_count: 2 });
    expect(await metrics(`${range}&user_ids[]=${ann.user.id}`)).toMatchObject({ total_count: 1, ratings_count: { '5': 1 }, total_sent_messages_count: 2 });
    expect(await metrics(`${range}&rating[]=4&rating[]=5`)).toMatchObject({ total_count: 2, total_sent_messages_count: 4 });
  });
});

describe('csat_survey_responses/download', () => {
  it('S1-7.98 answers the filtered responses as CSV named csat-report-dd-MM-yyyy.csv, cells escaped', async () => {
    const res = await get(`${s.base}/download?${s.range}&inbox_id=${s.support.id}`, s.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reportCsvFileName('csat', new Date(), false)}"`);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Contact name,Contact email,Contact phone number,Assigned agent,Assigned agent email,Inbox,Rating,Feedback,Conversation,Answered at');
    expect(lines).toHaveLength(3);
    // a formula gets an apostrophe; quotes and the comma keep the cell whole
    expect(lines[1]).toContain(`Zoe,,,Ann Agent,${s.ann.user.email},Support,5,"'=HYPERLINK(""x""), great",${s.c1.displayId},`);
    expect(lines[2]).toContain(`,4,,${s.c2.displayId},`);
  });
});

describe('access', () => {
  it('administrators and report_manage roles see every response; agents those of their conversations; checkers 403; signed-out 401; other accounts 404', async () => {
    const manager = await customRoleMember(s.account.id, ['report_manage']);
    expect((await metrics(s.range, manager.headers)).total_count).toBe(3);
    // Ann is an agent of Support: c1 and c2 (and c4's survey) but nothing of Billing
    expect(await listIds(s.range, s.ann.headers)).toEqual([s.c1, s.c2].map((c) => c.displayId));
    expect(await metrics(s.range, s.ann.headers)).toMatchObject({ total_count: 2, total_sent_messages_count: 3 });
    const download = await get(`${s.base}/download?${s.range}`, s.ann.headers);
    expect(download.body.split('\r\n').filter(Boolean)).toHaveLength(3);

    const checker = await createMember(t, s.account.id, 'checker');
    const contactsOnly = await customRoleMember(s.account.id, ['contact_manage']);
    for (const path of ['', '/metrics', '/download']) {
      expect((await get(`${s.base}${path}`, checker.headers)).statusCode).toBe(403);
      expect((await get(`${s.base}${path}`, contactsOnly.headers)).statusCode).toBe(403);
      expect((await get(`${s.base}${path}`)).statusCode).toBe(401);
    }
    const other = await createAccountWithAdmin(t);
    expect((await get(`${s.base}?${s.range}`, other.admin.headers)).statusCode).toBe(404);
    // their own account has none of ours
    expect((await get(`/api/v1/accounts/${other.account.id}/csat_survey_responses`, other.admin.headers)).json().meta.count).toBe(0);
  });
});

describe('csat_survey_responses/metrics from the rollups', () => {
  const QUARTER = 15 * 60;
  // The dashboard's ranges start and end on quarter hours: the last 30 days widened to them, up to a quarter hour
  // past now (answers given during the test count). One second later, the same span is counted from the rows.
  const since = () => Math.floor(unix(ago(30)) / QUARTER) * QUARTER;
  const until = () => Math.ceil(Date.now() / 1000 / QUARTER) * QUARTER + QUARTER;
  const aligned = () => `since=${since()}&until=${until()}`;
  const toTheSecond = () => `since=${since() + 1}&until=${until()}`;
  const FILTERS = (): string[] => ['', `&inbox_id=${s.support.id}`, `&team_id=${s.team.id}`, `&user_ids[]=${s.ann.user.id}`, '&rating[]=4&rating[]=5', `&inbox_id=${s.billing.id}&rating[]=1`];
  const rollupsAgreeWithRows = async () => {
    for (const filter of FILTERS()) expect(await metrics(`${aligned()}${filter}`), filter || 'no filter').toEqual(await metrics(`${toTheSecond()}${filter}`));
  };

  it('a range on quarter hours is read from the rollups: rows inserted directly count only after a rebuild, then as the rows do', async () => {
    // the scenario inserted its surveys and responses directly, not through the survey and the answer
    expect(await metrics(aligned())).toEqual({ total_count: 0, ratings_count: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, total_sent_messages_count: 0 });
    await rebuildReports(t.db, s.account.id);
    expect(await metrics(aligned())).toEqual({ total_count: 3, ratings_count: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 1 }, total_sent_messages_count: 4 });
    await rollupsAgreeWithRows();
    // an agent reads the rows of the conversations they see (Support's) whatever the range
    expect(await metrics(aligned(), s.ann.headers)).toMatchObject({ total_count: 2, ratings_count: { '4': 1, '5': 1 } });
  });

  it('an answer and a changed answer move the rollups with the rows', async () => {
    const answer = (uuid: string, rating: number) => t.app.inject({ method: 'PUT', url: `/public/api/v1/csat_survey/${uuid}`, payload: { message: { submitted_values: { csat_survey_response: { rating } } } } });
    expect((await answer(s.c4.uuid, 2)).statusCode).toBe(200);
    expect((await answer(s.c1.uuid, 3)).statusCode).toBe(200);
    expect(await metrics(aligned())).toEqual({ total_count: 4, ratings_count: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 0 }, total_sent_messages_count: 4 });
    await rollupsAgreeWithRows();
  });
});
