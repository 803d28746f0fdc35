import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { WorkingHour } from '@app/db/schema';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createInbox, createMember, type Member } from '../../../test/factories.ts';
import type { Services } from '../../lib/context.ts';
import { drainOutbox } from '../../jobs/outbox-relay.ts';
import { OUTBOX_CONSUMERS } from '../../jobs/processors.ts';
import { recordReportFacts } from './consumer.ts';
import { rebuildReports } from './rebuild.ts';

const { reportingEvents, reportRollups, reportDailyRollups, outboxEvents, messages, conversations } = schema;
const H = 3600;
const at = (iso: string) => new Date(iso);

/** Monday to Friday 9:00–17:00 (America/New_York in the scenario), weekends closed. */
const OFFICE: WorkingHour[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day_of_week: day,
  closed_all_day: day === 0 || day === 6,
  open_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
}));

describe('reporting events and rollups from the outbox relay', () => {
  let t: TestContext;
  let services: Services;
  beforeAll(async () => {
    t = await buildTestApp({ RUN_WORKERS: 'false' });
    services = { db: t.app.db, config: t.app.config, log: t.app.log, mailer: t.app.mailer, storage: t.app.storage, bus: t.app.bus };
  });
  afterAll(() => t.close());

  const drain = async () => (await drainOutbox(services, 'default', OUTBOX_CONSUMERS)) + (await drainOutbox(services, 'inbound', OUTBOX_CONSUMERS));

  /**
   * A scenario through the real API with the clock rewritten afterwards: each step's rows (the conversation,
   * its messages, its outbox rows) get the step's time before the relay reads them.
   */
  async function scenario() {
    const { account, admin } = await createAccountWithAdmin(t);
    const accountId = account.id;
    const agent1 = await createMember(t, accountId, 'agent');
    const agent2 = await createMember(t, accountId, 'agent');
    const members = [admin.user.id, agent1.user.id, agent2.user.id];
    const office = await createInbox(t, accountId, { members });
    await t.db.update(schema.inboxes).set({ workingHoursEnabled: true, workingHours: OFFICE, timezone: 'America/New_York' }).where(eq(schema.inboxes.id, office.id));
    const botInbox = await createInbox(t, accountId, { members });
    const [bot] = await t.db.insert(schema.agentBots).values({ accountId, name: 'Helper', outgoingUrl: 'http://127.0.0.1:9/bot' }).returning();
    await t.db.update(schema.inboxes).set({ agentBotId: bot!.id }).where(eq(schema.inboxes.id, botInbox.id));
    const [team] = await t.db.insert(schema.teams).values({ accountId, name: 'Billing' }).returning();

    let lastOutbox = (await t.db.select({ id: sql<number>`coalesce(max(${outboxEvents.id}), 0)` }).from(outboxEvents))[0]!.id;
    let lastMessage = (await t.db.select({ id: sql<number>`coalesce(max(${messages.id}), 0)` }).from(messages))[0]!.id;
    /** Gives the rows the last step wrote the time `iso`. */
    const stamp = async (iso: string, conversationId?: number) => {
      const when = at(iso);
      await t.db.update(outboxEvents).set({ createdAt: when }).where(and(eq(outboxEvents.accountId, accountId), gt(outboxEvents.id, lastOutbox)));
      await t.db.update(messages).set({ createdAt: when }).where(and(eq(messages.accountId, accountId), gt(messages.id, lastMessage)));
      if (conversationId) await t.db.update(conversations).set({ createdAt: when }).where(eq(conversations.id, conversationId));
      lastOutbox = (await t.db.select({ id: sql<number>`coalesce(max(${outboxEvents.id}), 0)` }).from(outboxEvents))[0]!.id;
      lastMessage = (await t.db.select({ id: sql<number>`coalesce(max(${messages.id}), 0)` }).from(messages))[0]!.id;
    };
    const api = (who: Member, path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/accounts/${accountId}${path}`, headers: who.headers, payload }).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Record<string, unknown>;
      });
    const open = async (inboxId: number, values: object, iso: string) => {
      const contact = await createContact(t, accountId);
      const created = await api(admin, '/conversations', { inbox_id: inboxId, contact_id: contact.id, ...values });
      const [row] = await t.db.select().from(conversations).where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, created.id as number)));
      await stamp(iso, row!.id);
      return row!;
    };
    const say = async (who: Member, displayId: number, payload: object, iso: string) => {
      await api(who, `/conversations/${displayId}/messages`, payload);
      await stamp(iso);
    };
    const status = async (displayId: number, value: string, iso: string) => {
      await api(admin, `/conversations/${displayId}/toggle_status`, { status: value });
      await stamp(iso);
    };

    // A: New York office hours (EDT, UTC-4), agent1's, team Billing, labels billing + vip
    const a = await open(office.id, { assignee_id: agent1.user.id, team_id: team!.id }, '2026-03-09T12:00:00Z'); // Mon 08:00 NY
    await t.db.update(conversations).set({ labels: ['billing', 'vip'] }).where(eq(conversations.id, a.id));
    await say(admin, a.displayId, { content: 'hello?', message_type: 'incoming' }, '2026-03-09T12:10:00Z');
    await say(admin, a.displayId, { content: 'anyone?', message_type: 'incoming' }, '2026-03-09T12:20:00Z');
    await say(agent1, a.displayId, { content: 'Hi!' }, '2026-03-09T14:00:00Z'); // Mon 10:00 NY
    await say(agent1, a.displayId, { content: 'a note', private: true }, '2026-03-09T14:05:00Z');
    await say(agent1, a.displayId, { content: 'and more' }, '2026-03-09T14:06:00Z'); // nobody waiting
    await say(admin, a.displayId, { content: 'one more thing', message_type: 'incoming' }, '2026-03-09T20:30:00Z'); // Mon 16:30 NY
    await say(agent2, a.displayId, { content: 'Sure' }, '2026-03-10T13:30:00Z'); // Tue 09:30 NY
    await status(a.displayId, 'resolved', '2026-03-10T15:00:00Z'); // Tue 11:00 NY
    await say(admin, a.displayId, { content: 'it broke again', message_type: 'incoming' }, '2026-03-11T12:00:00Z'); // reopens it
    await status(a.displayId, 'resolved', '2026-03-11T18:00:00Z');

    // B: a bot's inbox (no business hours), handed off to a human
    const b = await open(botInbox.id, {}, '2026-03-09T10:00:00Z');
    await say(admin, b.displayId, { content: 'help', message_type: 'incoming' }, '2026-03-09T10:01:00Z');
    await status(b.displayId, 'open', '2026-03-09T10:30:00Z'); // pending → open: the handoff
    await say(agent2, b.displayId, { content: 'I am here' }, '2026-03-09T10:45:00Z');

    // C: a bot's inbox, resolved without an agent's reply
    const c = await open(botInbox.id, {}, '2026-03-09T11:00:00Z');
    await say(admin, c.displayId, { content: 'thanks bot', message_type: 'incoming' }, '2026-03-09T11:02:00Z');
    await status(c.displayId, 'resolved', '2026-03-09T11:05:00Z');

    return { accountId, admin, agent1, agent2, team: team!, office, botInbox, a, b, c, members, open, say };
  }

  const eventsOf = (accountId: number) =>
    t.db
      .select({
        name: reportingEvents.name,
        conversationId: reportingEvents.conversationId,
        userId: reportingEvents.userId,
        value: reportingEvents.value,
        valueBh: reportingEvents.valueInBusinessHours,
        at: reportingEvents.createdAt,
        dedupeKey: reportingEvents.dedupeKey,
      })
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, accountId), isNotNull(reportingEvents.dedupeKey)))
      .orderBy(asc(reportingEvents.dedupeKey));
  const quarters = (accountId: number) =>
    t.db
      .select({ dimension: reportRollups.dimension, key: reportRollups.key, metric: reportRollups.metric, bucket: reportRollups.bucket, count: reportRollups.count, sum: reportRollups.sum, sumBh: reportRollups.sumBh })
      .from(reportRollups)
      .where(eq(reportRollups.accountId, accountId))
      .orderBy(asc(reportRollups.dimension), asc(reportRollups.key), asc(reportRollups.metric), asc(reportRollups.bucket));
  const days = (accountId: number) =>
    t.db
      .select({ dimension: reportDailyRollups.dimension, key: reportDailyRollups.key, metric: reportDailyRollups.metric, day: reportDailyRollups.day, count: reportDailyRollups.count, sum: reportDailyRollups.sum, sumBh: reportDailyRollups.sumBh })
      .from(reportDailyRollups)
      .where(eq(reportDailyRollups.accountId, accountId))
      .orderBy(asc(reportDailyRollups.dimension), asc(reportDailyRollups.key), asc(reportDailyRollups.metric), asc(reportDailyRollups.day));
  /** Totals of one metric in one dimension key over all days. */
  const total = async (accountId: number, dimension: string, key: string, metric: string) => {
    const rows = (await days(accountId)).filter((r) => r.dimension === dimension && r.key === key && r.metric === metric);
    return { count: rows.reduce((n, r) => n + r.count, 0), sum: rows.reduce((n, r) => n + r.sum, 0), sumBh: rows.reduce((n, r) => n + r.sumBh, 0) };
  };

  let s: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => {
    s = await scenario();
    await drain();
  });

  it('records each reporting event with its value in seconds and in business hours', async () => {
    const events = await eventsOf(s.accountId);
    const named = (name: string, conversationId: number) => events.filter((e) => e.name === name && e.conversationId === conversationId);
    const { a, b, c, agent1, agent2 } = s;

    // A: created Mon 12:00 UTC (08:00 NY); first reply Mon 14:00 UTC: 2 h, of which 9:00–10:00 NY in office hours
    expect(named('first_response', a.id)).toMatchObject([{ value: 2 * H, valueBh: 1 * H, userId: agent1.user.id, at: at('2026-03-09T14:00:00Z') }]);
    // reply times: Mon 12:10 → 14:00 UTC (110 min; 13:00–14:00 UTC in hours), then Mon 20:30 → Tue 13:30 UTC
    // (17 h; Mon 16:30–17:00 and Tue 9:00–9:30 NY in hours); the second reply at 14:06 answered nobody waiting
    expect(named('reply_time', a.id).map((e) => [e.value, e.valueBh, e.userId])).toEqual([
      [110 * 60, 1 * H, agent1.user.id],
      [17 * H, 1 * H, agent2.user.id],
    ]);
    // resolved Tue 15:00 UTC: 27 h since created, Mon 9–17 + Tue 9–11 NY = 10 h in hours; reopened Wed 12:00 by the
    // customer's message, resolved again Wed 18:00: 6 h since the reopen, Wed 9:00–14:00 NY = 5 h in hours
    expect(named('conversation_resolved', a.id).map((e) => [e.value, e.valueBh, e.userId])).toEqual([
      [27 * H, 10 * H, agent1.user.id],
      [6 * H, 5 * H, agent1.user.id],
    ]);
    expect(named('conversation_reopened', a.id).map((e) => e.at)).toEqual([at('2026-03-11T12:00:00Z')]);
    expect(named('incoming_message', a.id)).toHaveLength(4);
    // outgoing: the three public replies, not the private note, not the activity messages of the status changes
    const byId = (x: number | null, y: number | null) => x! - y!;
    expect(named('outgoing_message', a.id).map((e) => e.userId).sort(byId)).toEqual([agent1.user.id, agent1.user.id, agent2.user.id].sort(byId));
    expect(named('bot_conversation', a.id)).toHaveLength(0);

    // B: the handoff 30 min after creation; the first response 15 min after the handoff (not since creation);
    // the customer had waited since 10:01 (44 min); no business hours on this inbox: all seconds count
    expect(named('conversation_bot_handoff', b.id)).toMatchObject([{ value: 30 * 60, valueBh: 30 * 60 }]);
    expect(named('first_response', b.id)).toMatchObject([{ value: 15 * 60, valueBh: 15 * 60, userId: agent2.user.id }]);
    expect(named('reply_time', b.id)).toMatchObject([{ value: 44 * 60, valueBh: 44 * 60 }]);
    expect(named('bot_conversation', b.id)).toHaveLength(1);
    expect(named('bot_resolution', b.id)).toHaveLength(0);

    // C: resolved by nobody but the bot, 5 minutes after creation
    expect(named('conversation_resolved', c.id)).toMatchObject([{ value: 5 * 60, valueBh: 5 * 60 }]);
    expect(named('bot_resolution', c.id)).toHaveLength(1);
    expect(named('first_response', c.id)).toHaveLength(0);
  });

  it('adds every fact to the rollups of its account, inbox, agent, team and labels', async () => {
    const { accountId, agent1, agent2, team, office, botInbox } = s;
    expect(await total(accountId, 'account', '', 'conversation_created')).toEqual({ count: 3, sum: 0, sumBh: 0 });
    expect(await total(accountId, 'account', '', 'first_response')).toEqual({ count: 2, sum: 2 * H + 15 * 60, sumBh: 1 * H + 15 * 60 });
    expect(await total(accountId, 'account', '', 'reply_time')).toEqual({ count: 3, sum: 110 * 60 + 17 * H + 44 * 60, sumBh: 2 * H + 44 * 60 });
    expect(await total(accountId, 'account', '', 'resolution')).toEqual({ count: 3, sum: 27 * H + 6 * H + 5 * 60, sumBh: 15 * H + 5 * 60 });
    expect(await total(accountId, 'account', '', 'incoming_message')).toEqual({ count: 6, sum: 0, sumBh: 0 });
    expect(await total(accountId, 'account', '', 'outgoing_message')).toEqual({ count: 4, sum: 0, sumBh: 0 });
    expect(await total(accountId, 'account', '', 'bot_handoff')).toMatchObject({ count: 1, sum: 30 * 60 });
    expect(await total(accountId, 'account', '', 'bot_resolution')).toMatchObject({ count: 1 });
    expect(await total(accountId, 'account', '', 'bot_conversation')).toMatchObject({ count: 2 });
    expect(await total(accountId, 'account', '', 'conversation_reopened')).toMatchObject({ count: 1 });

    expect(await total(accountId, 'inbox', String(office.id), 'resolution')).toEqual({ count: 2, sum: 33 * H, sumBh: 15 * H });
    expect(await total(accountId, 'inbox', String(botInbox.id), 'resolution')).toEqual({ count: 1, sum: 5 * 60, sumBh: 5 * 60 });
    // agents: the replying agent's replies, the assignee's resolutions
    expect(await total(accountId, 'agent', String(agent1.user.id), 'reply_time')).toEqual({ count: 1, sum: 110 * 60, sumBh: 1 * H });
    expect(await total(accountId, 'agent', String(agent2.user.id), 'reply_time')).toEqual({ count: 2, sum: 17 * H + 44 * 60, sumBh: 1 * H + 44 * 60 });
    expect(await total(accountId, 'agent', String(agent1.user.id), 'resolution')).toMatchObject({ count: 2, sum: 33 * H });
    expect(await total(accountId, 'agent', String(agent2.user.id), 'outgoing_message')).toMatchObject({ count: 2 });
    expect(await total(accountId, 'team', String(team.id), 'conversation_created')).toMatchObject({ count: 1 });
    expect(await total(accountId, 'label', 'vip', 'resolution')).toEqual({ count: 2, sum: 33 * H, sumBh: 15 * H });
    expect(await total(accountId, 'label', 'billing', 'incoming_message')).toMatchObject({ count: 4 });

    // the quarter-hour grain: A's first reply at Mon 14:00 UTC in the 14:00 bucket, B's at 10:45 in 10:45
    const firsts = (await quarters(accountId)).filter((r) => r.dimension === 'account' && r.metric === 'first_response');
    expect(firsts.map((r) => [r.bucket.toISOString(), r.count, r.sum])).toEqual([
      ['2026-03-09T10:45:00.000Z', 1, 15 * 60],
      ['2026-03-09T14:00:00.000Z', 1, 2 * H],
    ]);
    // the daily grain: Monday's incoming messages (A: 3, B: 1, C: 1), Wednesday's (A's reopening one)
    const incoming = (await days(accountId)).filter((r) => r.dimension === 'account' && r.metric === 'incoming_message');
    expect(incoming.map((r) => [r.day, r.count])).toEqual([
      ['2026-03-09', 5],
      ['2026-03-11', 1],
    ]);
  });

  it('the reports API answers what the scenario did: summary, business hours, agent rows and local days', async () => {
    const { accountId, admin, agent1, agent2 } = s;
    const get = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/accounts/${accountId}/${path}`, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Sun 8 March 00:00 UTC to Thu 12 March: the whole scenario
    const range = `since=${at('2026-03-08T00:00:00Z').getTime() / 1000}&until=${at('2026-03-12T00:00:00Z').getTime() / 1000}`;
    const summary = await get(`reports/summary?${range}`);
    expect(summary).toMatchObject({
      conversations_count: 3,
      incoming_messages_count: 6,
      outgoing_messages_count: 4,
      resolutions_count: 3,
      avg_first_response_time: ((2 * H + 15 * 60) / 2).toFixed(2),
      avg_resolution_time: ((33 * H + 5 * 60) / 3).toFixed(2),
      reply_time: ((110 * 60 + 17 * H + 44 * 60) / 3).toFixed(2),
      previous: { conversations_count: 0, incoming_messages_count: 0, avg_first_response_time: null },
    });
    const inHours = await get(`reports/summary?${range}&business_hours=true`);
    expect(inHours).toMatchObject({
      avg_first_response_time: ((1 * H + 15 * 60) / 2).toFixed(2),
      avg_resolution_time: ((15 * H + 5 * 60) / 3).toFixed(2),
      reply_time: ((2 * H + 44 * 60) / 3).toFixed(2),
    });
    const agents = (await get(`summary_reports/agent?${range}`)) as Array<{ id: number; resolved_conversations_count: number; avg_reply_time: number | null }>;
    expect(agents.find((r) => r.id === agent1.user.id)).toMatchObject({ resolved_conversations_count: 2, avg_reply_time: 110 * 60 });
    expect(agents.find((r) => r.id === agent2.user.id)).toMatchObject({ resolved_conversations_count: 0, avg_reply_time: (17 * H + 44 * 60) / 2 });
    // New York's local days (UTC-4 in March after the switch): Monday's five incoming messages, Wednesday's one
    const series = (await get(`reports?metric=incoming_messages_count&group_by=day&timezone_offset=-4&${range}`)) as Array<{ value: string; timestamp: number }>;
    const nonZero = series.filter((p) => p.value !== '0').map((p) => [new Date(p.timestamp * 1000).toISOString(), p.value]);
    expect(nonZero).toEqual([
      ['2026-03-09T04:00:00.000Z', '5'],
      ['2026-03-11T04:00:00.000Z', '1'],
    ]);
  });

  it('counts an event once however often it is relayed: replayed rows, relays running at once', async () => {
    const before = { events: await eventsOf(s.accountId), quarters: await quarters(s.accountId), days: await days(s.accountId) };
    // replay: every dispatched row of the account relayed again, by three relays at once
    await t.db.update(outboxEvents).set({ dispatchedAt: null }).where(eq(outboxEvents.accountId, s.accountId));
    await Promise.all([1, 2, 3].map(() => drain()));
    // and every row handed to the consumer once more directly, one by one and then as one batch
    const rows = await t.db.select().from(outboxEvents).where(eq(outboxEvents.accountId, s.accountId));
    const relayed = rows.map((row) => ({ event: { name: 'conversation.updated', accountId: row.accountId, inboxId: 0, data: {} } as never, resend: false, row }));
    await t.db.transaction(async (tx) => {
      for (const one of relayed) await recordReportFacts(tx, services, [one]);
      await recordReportFacts(tx, services, relayed);
    });
    expect(await eventsOf(s.accountId)).toEqual(before.events);
    expect(await quarters(s.accountId)).toEqual(before.quarters);
    expect(await days(s.accountId)).toEqual(before.days);
  });

  it('a rebuild reproduces exactly what the relay wrote', async () => {
    const before = { events: await eventsOf(s.accountId), quarters: await quarters(s.accountId), days: await days(s.accountId) };
    expect(before.quarters.length).toBeGreaterThan(20);
    const summary = await rebuildReports(t.db, s.accountId);
    expect(summary).toMatchObject({ accountId: s.accountId, conversations: 3 });
    expect(await eventsOf(s.accountId)).toEqual(before.events);
    expect(await quarters(s.accountId)).toEqual(before.quarters);
    expect(await days(s.accountId)).toEqual(before.days);
    // and twice in a row changes nothing
    await rebuildReports(t.db, s.accountId);
    expect(await days(s.accountId)).toEqual(before.days);
  });

  it('a rebuild counts conversations inserted without the relay (a resolved one gets its resolution)', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const inbox = await createInbox(t, account.id);
    const contact = await createContact(t, account.id);
    const [row] = await t.db
      .insert(conversations)
      .values({ accountId: account.id, inboxId: inbox.id, contactId: contact.id, displayId: 1, status: 'resolved', createdAt: at('2026-02-02T10:00:00Z'), updatedAt: at('2026-02-02T12:30:00Z') })
      .returning();
    await t.db.insert(messages).values([
      { accountId: account.id, inboxId: inbox.id, conversationId: row!.id, messageType: 'incoming', senderType: 'Contact', senderId: contact.id, content: 'hi', createdAt: at('2026-02-02T10:00:00Z') },
      { accountId: account.id, inboxId: inbox.id, conversationId: row!.id, messageType: 'outgoing', senderType: 'User', senderId: admin.user.id, content: 'yo', createdAt: at('2026-02-02T10:20:00Z') },
    ]);
    const summary = await rebuildReports(t.db, account.id);
    expect(summary).toMatchObject({ conversations: 1, events: 6 });
    expect(await total(account.id, 'account', '', 'first_response')).toEqual({ count: 1, sum: 20 * 60, sumBh: 20 * 60 });
    expect(await total(account.id, 'account', '', 'reply_time')).toEqual({ count: 1, sum: 20 * 60, sumBh: 20 * 60 });
    expect(await total(account.id, 'account', '', 'resolution')).toEqual({ count: 1, sum: 2.5 * H, sumBh: 2.5 * H });
  });

  // last: it adds a conversation to the scenario's account, which the totals above do not count
  it('a reply answers what came in since the previous reply, not since the first one', async () => {
    const plain = await createInbox(t, s.accountId, { members: s.members });
    const d = await s.open(plain.id, { assignee_id: s.agent1.user.id }, '2026-03-16T10:00:00Z');
    await s.say(s.admin, d.displayId, { content: 'first question', message_type: 'incoming' }, '2026-03-16T10:00:00Z');
    await s.say(s.agent1, d.displayId, { content: 'first answer' }, '2026-03-16T10:10:00Z');
    await s.say(s.admin, d.displayId, { content: 'second question', message_type: 'incoming' }, '2026-03-16T10:20:00Z');
    await s.say(s.agent1, d.displayId, { content: 'second answer' }, '2026-03-16T10:30:00Z');
    await s.say(s.admin, d.displayId, { content: 'third question', message_type: 'incoming' }, '2026-03-16T10:40:00Z');
    await s.say(s.agent1, d.displayId, { content: 'third answer' }, '2026-03-16T10:45:00Z');
    await drain();
    const replies = (await eventsOf(s.accountId)).filter((e) => e.name === 'reply_time' && e.conversationId === d.id);
    // the third answer waited from 10:40 (after the second answer), not from 10:20 (after the first)
    expect(replies.map((e) => e.value).sort((x, y) => x! - y!)).toEqual([5 * 60, 10 * 60, 10 * 60]);
  });
});
