import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { RollupMetric } from '@app/db/schema';
import { HEATMAP_DAYS, HEATMAP_STEP_SECONDS, REPORT_MAX_RANGE_DAYS, REPORTS_TIMEZONE_OFFSET } from '@app/shared/reports';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember, type Member } from '../../../test/factories.ts';
import { applyRollups, type RollupFact } from '../reporting-events/rollups.ts';
import { splitRange } from '../reporting-events/rollups.ts';
import { bucketStarts } from './service.ts';

let t: TestContext;
type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const unix = (iso: string) => Date.parse(iso) / 1000;

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

const METRICS: RollupMetric[] = [
  'conversation_created',
  'incoming_message',
  'outgoing_message',
  'first_response',
  'reply_time',
  'resolution',
  'bot_resolution',
  'bot_handoff',
  'bot_conversation',
  'bot_message',
];
const DURATIONS: RollupMetric[] = ['first_response', 'reply_time', 'resolution'];

/**
 * An account with two agents (Ann, Zed), a checker, a report_manage custom-role member, two inboxes, two teams
 * (one named to test CSV quoting), three labels (one a would-be formula), and 900 facts at random instants from
 * 2026-02-24 to 2026-03-24, written with applyRollups as the relay does. Another account has its own inbox and label.
 */
async function scenario() {
  const { account, admin } = await createAccountWithAdmin(t);
  const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
  const zed = await createMember(t, account.id, 'agent', { name: 'Zed' });
  const cid = await createMember(t, account.id, 'checker', { name: 'Cid' });
  const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: `Reports ${account.id}`, permissions: ['report_manage'] }).returning();
  const rita = await createMember(t, account.id, 'agent', { name: 'Rita', customRoleId: role!.id });
  const payouts = await createInbox(t, account.id, { name: 'Payouts' });
  const merchants = await createInbox(t, account.id, { name: 'Merchants' });
  const teams = await t.db
    .insert(schema.teams)
    .values([
      { accountId: account.id, name: 'Sales, "EU"' },
      { accountId: account.id, name: 'Support' },
    ])
    .returning();
  const labels = await t.db
    .insert(schema.labels)
    .values([
      { accountId: account.id, title: 'VIP' },
      { accountId: account.id, title: 'billing-eu' },
      { accountId: account.id, title: '=sum(a1)' },
    ])
    .returning();
  const other = await createAccountWithAdmin(t);
  const otherInbox = await createInbox(t, other.account.id, { name: 'Elsewhere' });
  const [otherLabel] = await t.db.insert(schema.labels).values({ accountId: other.account.id, title: 'vip' }).returning();

  const next = random(account.id * 7919 + 17);
  const start = Date.parse('2026-02-24T00:00:00Z');
  const facts: RollupFact[] = [];
  for (let i = 0; i < 900; i++) {
    const metric = pick(next, METRICS);
    const value = DURATIONS.includes(metric) ? 1 + Math.floor(next() * 20_000) : null;
    const labelTitles = labels.filter(() => next() < 0.4).map((l) => l.title.toLowerCase());
    facts.push({
      accountId: account.id,
      metric,
      at: new Date(start + Math.floor(next() * 29 * DAY)),
      value,
      valueBh: value === null ? null : Math.floor(value * next()),
      inboxId: pick(next, [payouts.id, merchants.id]),
      agentId: pick(next, [ann.user.id, zed.user.id, admin.user.id, null]),
      teamId: pick(next, [teams[0]!.id, teams[1]!.id, null]),
      labels: labelTitles,
    });
  }
  // the same facts in the other account must never show up here
  await applyRollups(t.db, facts.map((f) => ({ ...f, accountId: other.account.id, inboxId: otherInbox.id, agentId: other.admin.user.id, teamId: null })));
  for (let i = 0; i < facts.length; i += 300) await applyRollups(t.db, facts.slice(i, i + 300));
  return { account, admin, ann, zed, cid, rita, payouts, merchants, teams, labels, other, otherInbox, otherLabel: otherLabel!, facts };
}
type Scenario = Awaited<ReturnType<typeof scenario>>;

type Filter = (f: RollupFact) => boolean;
const everything: Filter = () => true;

/** Independent sums: the facts of a metric in [since, until) (seconds), filtered. */
function totalsOf(facts: readonly RollupFact[], metric: RollupMetric, since: number, until: number, filter: Filter = everything) {
  let count = 0;
  let sum = 0;
  let sumBh = 0;
  for (const f of facts) {
    const at = f.at.getTime() / 1000;
    if (f.metric !== metric || at < since || at >= until || !filter(f)) continue;
    count += 1;
    sum += f.value ?? 0;
    sumBh += f.valueBh ?? 0;
  }
  return { count, sum, sumBh };
}

/** The local bucket a fact falls in, computed from calendar strings (not from the service's arithmetic). */
function bucketOf(at: Date, groupBy: string, offsetHours: number): number {
  const offset = offsetHours * HOUR;
  const local = new Date(at.getTime() + offset).toISOString();
  let start: string;
  if (groupBy === 'hour') start = `${local.slice(0, 13)}:00:00Z`;
  else if (groupBy === 'day') start = `${local.slice(0, 10)}T00:00:00Z`;
  else if (groupBy === 'month') start = `${local.slice(0, 7)}-01T00:00:00Z`;
  else if (groupBy === 'year') start = `${local.slice(0, 4)}-01-01T00:00:00Z`;
  else {
    const day = new Date(`${local.slice(0, 10)}T00:00:00Z`);
    start = new Date(day.getTime() - day.getUTCDay() * DAY).toISOString();
  }
  return (Date.parse(start) - offset) / 1000;
}

function expectedSeries(facts: readonly RollupFact[], metric: RollupMetric, q: { since: number; until: number; groupBy: string; offset: number; bh?: boolean }, filter: Filter = everything) {
  const buckets = new Map<number, { count: number; sum: number }>();
  for (const f of facts) {
    const at = f.at.getTime() / 1000;
    if (f.metric !== metric || at < q.since || at >= q.until || !filter(f)) continue;
    const key = bucketOf(f.at, q.groupBy, q.offset);
    const b = buckets.get(key) ?? { count: 0, sum: 0 };
    b.count += 1;
    b.sum += (q.bh ? f.valueBh : f.value) ?? 0;
    buckets.set(key, b);
  }
  return buckets;
}

const reportsUrl = (accountId: number, path: string, query: Record<string, string | number | boolean>) =>
  `/api/v2/accounts/${accountId}/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

let s: Scenario;
// the embedded database (PGlite) on a busy machine takes its time to build the app and write the scenario
beforeAll(async () => {
  t = await buildTestApp();
  s = await scenario();
}, 240_000);
afterAll(() => t.close());

describe('GET reports (time series)', () => {
  const cases = [
    { offset: 0, groupBy: 'day', since: '2026-03-03T13:15:00Z', until: '2026-03-17T07:45:00Z' },
    { offset: 5, groupBy: 'day', since: '2026-03-03T13:15:00Z', until: '2026-03-17T07:45:00Z' },
    { offset: 5.5, groupBy: 'week', since: '2026-02-25T09:30:00Z', until: '2026-03-21T22:00:00Z' },
    { offset: -3, groupBy: 'month', since: '2026-02-24T06:00:00Z', until: '2026-03-24T00:00:00Z' },
    { offset: 5.5, groupBy: 'hour', since: '2026-03-10T10:15:00Z', until: '2026-03-12T04:45:00Z' },
    { offset: -3, groupBy: 'year', since: '2026-02-24T00:00:00Z', until: '2026-03-24T00:00:00Z' },
  ];
  for (const c of cases) {
    it(`S1-7.118${c.offset === REPORTS_TIMEZONE_OFFSET ? ' S1-9.10' : ''} counts and averages per local ${c.groupBy} at offset ${c.offset}, with and without business hours`, async () => {
      const since = unix(c.since);
      const until = unix(c.until);
      for (const [metric, rollup, bh] of [
        ['conversations_count', 'conversation_created', false],
        ['avg_first_response_time', 'first_response', false],
        ['avg_resolution_time', 'resolution', true],
      ] as const) {
        const res = await get(reportsUrl(s.account.id, 'reports', { metric, since, until, group_by: c.groupBy, timezone_offset: c.offset, business_hours: bh }), s.admin.headers);
        expect(res.statusCode).toBe(200);
        const points: Array<{ value: string; timestamp: number; count: number }> = res.json();
        const expected = expectedSeries(s.facts, rollup, { since, until, groupBy: c.groupBy, offset: c.offset, bh });
        // one point per bucket: the first holds since, each next starts where a local bucket starts, the last holds until
        expect(points[0]!.timestamp).toBe(bucketOf(new Date(since * 1000), c.groupBy, c.offset));
        expect(points.at(-1)!.timestamp).toBe(bucketOf(new Date(until * 1000 - 1), c.groupBy, c.offset));
        for (let i = 1; i < points.length; i++) expect(points[i]!.timestamp).toBe(bucketOf(new Date(points[i]!.timestamp * 1000 + 1000), c.groupBy, c.offset));
        expect(new Set(points.map((p) => p.timestamp)).size).toBe(points.length);
        let seen = 0;
        for (const p of points) {
          const e = expected.get(p.timestamp);
          if (!e) {
            expect(p).toMatchObject({ value: '0', count: 0 });
            continue;
          }
          seen += 1;
          expect(p.count).toBe(e.count);
          expect(p.value).toBe(metric === 'conversations_count' ? String(e.count) : (e.sum / e.count).toFixed(2));
        }
        expect(seen).toBe(expected.size);
        expect(expected.size).toBeGreaterThan(0);
      }
    });
  }

  it('S1-9.15 S1-9.16 serves the heatmap as JSON: 7 days of 24 hourly points at the dashboard offset', async () => {
    const offset = REPORTS_TIMEZONE_OFFSET;
    // the web asks for the 7 local days ending today: local midnight 6 days before, to the next local midnight
    const until = unix('2026-03-16T00:00:00Z') - offset * 3600;
    const since = until - HEATMAP_DAYS * 86_400;
    const res = await get(reportsUrl(s.account.id, 'reports', { metric: 'conversations_count', group_by: 'hour', since, until, timezone_offset: offset }), s.admin.headers);
    const points: Array<{ value: string; timestamp: number; count: number }> = res.json();
    expect(points).toHaveLength(HEATMAP_DAYS * 24);
    expect(points.map((p) => p.timestamp)).toEqual(Array.from({ length: HEATMAP_DAYS * 24 }, (_, i) => since + i * HEATMAP_STEP_SECONDS));
    const expected = expectedSeries(s.facts, 'conversation_created', { since, until, groupBy: 'hour', offset });
    expect(points.map((p) => p.count)).toEqual(points.map((p) => expected.get(p.timestamp)?.count ?? 0));
  });

  it('reads the agent, inbox, team and label dimensions (a label by its id)', async () => {
    const since = unix('2026-03-01T12:00:00Z');
    const until = unix('2026-03-20T12:00:00Z');
    const vip = s.labels[0]!;
    const targets: Array<[string, number, Filter]> = [
      ['agent', s.ann.user.id, (f) => f.agentId === s.ann.user.id],
      ['inbox', s.merchants.id, (f) => f.inboxId === s.merchants.id],
      ['team', s.teams[0]!.id, (f) => f.teamId === s.teams[0]!.id],
      ['label', vip.id, (f) => f.labels!.includes('vip')],
    ];
    for (const [type, id, filter] of targets) {
      const res = await get(reportsUrl(s.account.id, 'reports', { metric: 'outgoing_messages_count', type, id, since, until, timezone_offset: 5 }), s.admin.headers);
      expect(res.statusCode).toBe(200);
      const expected = expectedSeries(s.facts, 'outgoing_message', { since, until, groupBy: 'day', offset: 5 }, filter);
      const points: Array<{ timestamp: number; count: number; value: string }> = res.json();
      expect(points.map((p) => [p.timestamp, p.value])).toEqual(points.map((p) => [p.timestamp, String(expected.get(p.timestamp)?.count ?? 0)]));
      expect(points.reduce((n, p) => n + p.count, 0)).toBe(totalsOf(s.facts, 'outgoing_message', since, until, filter).count);
    }
  });

  it("answers 404 for another account's inbox, label or agent, and 422 without an id", async () => {
    const q = { metric: 'conversations_count', since: unix('2026-03-01T00:00:00Z'), until: unix('2026-03-02T00:00:00Z') };
    expect((await get(reportsUrl(s.account.id, 'reports', { ...q, type: 'inbox', id: s.otherInbox.id }), s.admin.headers)).statusCode).toBe(404);
    expect((await get(reportsUrl(s.account.id, 'reports', { ...q, type: 'label', id: s.otherLabel.id }), s.admin.headers)).statusCode).toBe(404);
    expect((await get(reportsUrl(s.account.id, 'reports/summary', { ...q, type: 'agent', id: s.other.admin.user.id }), s.admin.headers)).statusCode).toBe(404);
    const missing = await get(reportsUrl(s.account.id, 'reports', { ...q, type: 'team' }), s.admin.headers);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().attributes).toEqual(['id']);
  });
});

describe('GET reports/summary, bot_summary, bot_metrics', () => {
  it('S1-7.119 gives the range’s figures and the previous equal-length range’s, edges mid-day', async () => {
    const since = unix('2026-03-08T10:30:00Z');
    const until = unix('2026-03-15T16:45:00Z');
    const prevSince = since - (until - since);
    for (const bh of [false, true]) {
      for (const [type, id, filter] of [
        ['account', undefined, everything],
        ['inbox', s.payouts.id, (f: RollupFact) => f.inboxId === s.payouts.id],
      ] as const) {
        const res = await get(reportsUrl(s.account.id, 'reports/summary', { since, until, type, business_hours: bh, ...(id ? { id } : {}) }), s.admin.headers);
        expect(res.statusCode).toBe(200);
        const figures = (from: number, to: number) => {
          const count = (m: RollupMetric) => totalsOf(s.facts, m, from, to, filter).count;
          const avg = (m: RollupMetric) => {
            const x = totalsOf(s.facts, m, from, to, filter);
            return x.count ? ((bh ? x.sumBh : x.sum) / x.count).toFixed(2) : null;
          };
          return {
            conversations_count: count('conversation_created'),
            incoming_messages_count: count('incoming_message'),
            outgoing_messages_count: count('outgoing_message'),
            avg_first_response_time: avg('first_response'),
            avg_resolution_time: avg('resolution'),
            reply_time: avg('reply_time'),
            resolutions_count: count('resolution'),
          };
        };
        expect(res.json()).toEqual({ ...figures(since, until), previous: figures(prevSince, since) });
        expect(res.json().conversations_count).toBeGreaterThan(0);
      }
    }
  });

  it('answers null averages and zero counts for a range without facts', async () => {
    const res = await get(reportsUrl(s.account.id, 'reports/summary', { since: unix('2025-01-01T00:00:00Z'), until: unix('2025-01-02T00:00:00Z') }), s.admin.headers);
    expect(res.json()).toMatchObject({ conversations_count: 0, avg_first_response_time: null, previous: { resolutions_count: 0, reply_time: null } });
  });

  it('S1-7.127 S1-7.126 counts bot resolutions and handoffs (with the previous range) and the bot rates in percent', async () => {
    const since = unix('2026-03-02T07:15:00Z');
    const until = unix('2026-03-19T18:00:00Z');
    const count = (m: RollupMetric, from = since, to = until) => totalsOf(s.facts, m, from, to).count;
    const summary = await get(reportsUrl(s.account.id, 'reports/bot_summary', { since, until }), s.admin.headers);
    const prev = since - (until - since);
    expect(summary.json()).toEqual({
      bot_resolutions_count: count('bot_resolution'),
      bot_handoffs_count: count('bot_handoff'),
      previous: { bot_resolutions_count: count('bot_resolution', prev, since), bot_handoffs_count: count('bot_handoff', prev, since) },
    });
    const metrics = (await get(reportsUrl(s.account.id, 'reports/bot_metrics', { since, until }), s.admin.headers)).json();
    const conversations = count('bot_conversation');
    expect(conversations).toBeGreaterThan(0);
    expect(metrics).toEqual({
      conversation_count: conversations,
      message_count: count('bot_message'),
      resolution_rate: Number(((count('bot_resolution') / conversations) * 100).toFixed(2)),
      handoff_rate: Number(((count('bot_handoff') / conversations) * 100).toFixed(2)),
    });
  });
});

describe('GET summary_reports', () => {
  it('lists every agent, inbox, team and label with its figures over the range (exact at mid-day edges), zeros included', async () => {
    const since = unix('2026-03-04T05:45:00Z');
    const until = unix('2026-03-18T20:30:00Z');
    const row = (id: number, filter: Filter, bh: boolean) => {
      const of = (m: RollupMetric) => totalsOf(s.facts, m, since, until, filter);
      const avg = (m: RollupMetric) => {
        const x = of(m);
        return x.count ? Math.round(((bh ? x.sumBh : x.sum) / x.count) * 100) / 100 : null;
      };
      return {
        id,
        conversations_count: of('conversation_created').count,
        resolved_conversations_count: of('resolution').count,
        avg_resolution_time: avg('resolution'),
        avg_first_response_time: avg('first_response'),
        avg_reply_time: avg('reply_time'),
      };
    };
    const zero = (id: number) => ({ id, conversations_count: 0, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: null, avg_reply_time: null });
    for (const bh of [false, true]) {
      const q = { since, until, business_hours: bh, timezone_offset: 5.5 };
      const agents = (await get(reportsUrl(s.account.id, 'summary_reports/agent', q), s.admin.headers)).json();
      // every member by name (the administrator is "Test User"); Cid and Rita never had a fact
      expect(agents).toEqual([
        row(s.ann.user.id, (f) => f.agentId === s.ann.user.id, bh),
        zero(s.cid.user.id),
        zero(s.rita.user.id),
        row(s.admin.user.id, (f) => f.agentId === s.admin.user.id, bh),
        row(s.zed.user.id, (f) => f.agentId === s.zed.user.id, bh),
      ]);
      const inboxes = (await get(reportsUrl(s.account.id, 'summary_reports/inbox', q), s.admin.headers)).json();
      expect(inboxes).toEqual([row(s.merchants.id, (f) => f.inboxId === s.merchants.id, bh), row(s.payouts.id, (f) => f.inboxId === s.payouts.id, bh)]);
      const teams = (await get(reportsUrl(s.account.id, 'summary_reports/team', q), s.admin.headers)).json();
      expect(teams).toEqual(s.teams.map((team) => row(team.id, (f) => f.teamId === team.id, bh)));
      const labels = (await get(reportsUrl(s.account.id, 'summary_reports/label', q), s.admin.headers)).json();
      expect(labels).toEqual(
        [...s.labels].sort((a, b) => (a.title < b.title ? -1 : 1)).map((label) => row(label.id, (f) => f.labels!.includes(label.title.toLowerCase()), bh)),
      );
    }
  });
});

describe('CSV downloads', () => {
  const today = (offset: number) => {
    const [y, m, d] = new Date(Date.now() + offset * HOUR).toISOString().slice(0, 10).split('-');
    return `${d}-${m}-${y}`;
  };
  const parse = (body: string) => body.split('\r\n').filter(Boolean);

  it('S1-7.121 S1-7.123 S1-7.124 S1-7.125 S1-9.17 S1-9.18 downloads the agents, labels, inboxes and teams reports as named, escaped CSV', async () => {
    const since = unix('2026-03-04T05:45:00Z');
    const until = unix('2026-03-18T20:30:00Z');
    for (const [path, type, title] of [
      ['agents', 'agent', 'Agent'],
      ['labels', 'label', 'Label'],
      ['inboxes', 'inbox', 'Inbox'],
      ['teams', 'team', 'Team'],
    ] as const) {
      for (const bh of [false, true]) {
        const res = await get(reportsUrl(s.account.id, `reports/${path}`, { since, until, business_hours: bh, timezone_offset: -3 }), s.admin.headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/csv');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${type}-report-${today(-3)}${bh ? '-business-hours' : ''}.csv"`);
        const rows = (await get(reportsUrl(s.account.id, `summary_reports/${type}`, { since, until, business_hours: bh }), s.admin.headers)).json();
        const lines = parse(res.body);
        expect(lines[0]).toBe(`${title},Conversations,Resolved conversations,Avg first response time (s),Avg resolution time (s),Avg reply time (s)`);
        expect(lines).toHaveLength(rows.length + 1);
        for (const [i, r] of rows.entries()) {
          expect(lines[i + 1]!.endsWith(`,${r.conversations_count},${r.resolved_conversations_count},${r.avg_first_response_time ?? ''},${r.avg_resolution_time ?? ''},${r.avg_reply_time ?? ''}`)).toBe(true);
        }
      }
    }
    const teams = parse((await get(reportsUrl(s.account.id, 'reports/teams', { since, until }), s.admin.headers)).body);
    expect(teams[1]!.startsWith('"Sales, ""EU""",')).toBe(true);
    const labels = parse((await get(reportsUrl(s.account.id, 'reports/labels', { since, until }), s.admin.headers)).body);
    expect(labels[1]!.startsWith("'=sum(a1),")).toBe(true);
  });

  it('S1-7.122 S1-9.15 S1-9.16 S1-9.10 downloads the conversation traffic: 7 local days by 24 hours at offset 5', async () => {
    const offset = REPORTS_TIMEZONE_OFFSET;
    // the range's last instant is 2026-03-15T20:00Z, local 2026-03-16 01:00: the heatmap ends with the local 16th
    const res = await get(reportsUrl(s.account.id, 'reports/conversation_traffic', { since: unix('2026-03-09T00:00:00Z'), until: unix('2026-03-15T20:00:01Z'), timezone_offset: offset }), s.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="conversation_traffic-report-${today(offset)}.csv"`);
    const lines = parse(res.body);
    expect(lines[0]).toBe(['Date', ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`)].join(','));
    expect(lines).toHaveLength(HEATMAP_DAYS + 1);
    const days = Array.from({ length: HEATMAP_DAYS }, (_, i) => new Date(Date.parse('2026-03-10T00:00:00Z') + i * DAY).toISOString().slice(0, 10));
    const grid = new Map<string, number>();
    for (const f of s.facts) {
      if (f.metric !== 'conversation_created') continue;
      const local = new Date(f.at.getTime() + offset * HOUR).toISOString();
      const cell = `${local.slice(0, 10)} ${Number(local.slice(11, 13))}`;
      grid.set(cell, (grid.get(cell) ?? 0) + 1);
    }
    expect(lines.slice(1)).toEqual(days.map((day) => [day, ...Array.from({ length: 24 }, (_, h) => grid.get(`${day} ${h}`) ?? 0)].join(',')));
    expect(lines.slice(1).some((l) => l.split(',').slice(1).some((n) => n !== '0'))).toBe(true);
  });
});

describe('GET reports/conversations (live)', () => {
  it('S1-7.120 counts open, unattended, unassigned and pending conversations now, and per agent with availability', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const ann = await createMember(t, account.id, 'agent', { name: 'Ann' });
    const zed = await createMember(t, account.id, 'agent', { name: 'Zed' });
    await t.db.update(schema.accountUsers).set({ availability: 'busy' }).where(and(eq(schema.accountUsers.accountId, account.id), eq(schema.accountUsers.userId, zed.user.id)));
    const inbox = await createInbox(t, account.id);
    const replied = new Date('2026-03-01T10:00:00Z');
    const make = (status: 'open' | 'pending' | 'resolved' | 'snoozed', assigneeId: number | null, firstReplyCreatedAt: Date | null, waitingSince: Date | null) =>
      createConversation(t, account.id, inbox.id, { status, assigneeId, firstReplyCreatedAt, waitingSince });
    await make('open', ann.user.id, null, replied); // never answered: unattended
    await make('open', ann.user.id, replied, null); // answered, nothing waiting
    await make('open', ann.user.id, replied, replied); // answered once, a new message waits: unattended
    await make('open', null, null, replied); // unassigned and unattended
    await make('open', zed.user.id, replied, null);
    await make('pending', zed.user.id, null, null);
    await make('pending', null, null, null);
    await make('resolved', ann.user.id, null, null);
    await make('snoozed', null, null, replied);
    // another account's conversations never count
    const other = await createAccountWithAdmin(t);
    await createConversation(t, other.account.id, (await createInbox(t, other.account.id)).id, { status: 'open' });

    const live = await get(`/api/v2/accounts/${account.id}/reports/conversations?type=account`, admin.headers);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ open: 5, unattended: 3, unassigned: 1, pending: 2 });

    const agents = await get(`/api/v2/accounts/${account.id}/reports/conversations?type=agent`, admin.headers);
    expect(agents.json()).toEqual([
      { id: ann.user.id, name: 'Ann', email: ann.user.email, thumbnail: '', availability: 'online', metric: { open: 3, unattended: 2 } },
      { id: admin.user.id, name: admin.user.name, email: admin.user.email, thumbnail: '', availability: 'online', metric: { open: 0, unattended: 0 } },
      { id: zed.user.id, name: 'Zed', email: zed.user.email, thumbnail: '', availability: 'busy', metric: { open: 1, unattended: 0 } },
    ]);
    const one = await get(`/api/v2/accounts/${account.id}/reports/conversations?type=agent&user_id=${zed.user.id}`, admin.headers);
    expect(one.json().map((a: { id: number }) => a.id)).toEqual([zed.user.id]);
  });
});

describe('access', () => {
  const since = unix('2026-03-01T00:00:00Z');
  const until = unix('2026-03-08T00:00:00Z');
  const q = { since, until };
  const everyReport = (id: number) => [
    reportsUrl(id, 'reports', { ...q, metric: 'conversations_count' }),
    reportsUrl(id, 'reports/summary', q),
    reportsUrl(id, 'reports/bot_summary', q),
    reportsUrl(id, 'reports/bot_metrics', q),
    reportsUrl(id, 'reports/conversations', { type: 'account' }),
    reportsUrl(id, 'reports/conversations', { type: 'agent' }),
    reportsUrl(id, 'summary_reports/agent', q),
    reportsUrl(id, 'summary_reports/inbox', q),
    reportsUrl(id, 'summary_reports/team', q),
    reportsUrl(id, 'summary_reports/label', q),
    reportsUrl(id, 'reports/agents', q),
    reportsUrl(id, 'reports/inboxes', q),
    reportsUrl(id, 'reports/labels', q),
    reportsUrl(id, 'reports/teams', q),
    reportsUrl(id, 'reports/conversation_traffic', q),
  ];
  const statuses = async (member: Member | undefined, urls: string[]) => Promise.all(urls.map(async (url) => (await get(url, member?.headers)).statusCode));

  it('S1-6.15 administrators and report_manage read every report; agents only the agent reports of their own id; checkers none', async () => {
    const all = everyReport(s.account.id);
    expect(await statuses(s.admin, all)).toEqual(all.map(() => 200));
    expect(await statuses(s.rita, all)).toEqual(all.map(() => 200));
    expect(await statuses(s.cid, all)).toEqual(all.map(() => 403));
    // an agent: the overview, bot, inbox, team and label reports and the CSVs are closed
    const agentStatuses = await statuses(s.ann, all);
    expect(agentStatuses).toEqual(all.map((url) => (url.includes('summary_reports/agent') ? 200 : 403)));

    const own = { ...q, type: 'agent', id: s.ann.user.id };
    const theirs = { ...q, type: 'agent', id: s.zed.user.id };
    expect((await get(reportsUrl(s.account.id, 'reports', { ...own, metric: 'conversations_count' }), s.ann.headers)).statusCode).toBe(200);
    expect((await get(reportsUrl(s.account.id, 'reports/summary', own), s.ann.headers)).statusCode).toBe(200);
    // another agent's figures: 403 (members of an account see each other; their figures are not theirs to read)
    expect((await get(reportsUrl(s.account.id, 'reports', { ...theirs, metric: 'conversations_count' }), s.ann.headers)).statusCode).toBe(403);
    expect((await get(reportsUrl(s.account.id, 'reports/summary', theirs), s.ann.headers)).statusCode).toBe(403);
    // the agent summary table holds the agent's own row only
    const rows = (await get(reportsUrl(s.account.id, 'summary_reports/agent', q), s.ann.headers)).json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([s.ann.user.id]);
    // administrators and report_manage read any agent's figures
    expect((await get(reportsUrl(s.account.id, 'reports/summary', theirs), s.rita.headers)).statusCode).toBe(200);
  });

  it("answers 404 in another account and 401 without a session", async () => {
    const all = everyReport(s.account.id);
    expect(await statuses(s.other.admin, all)).toEqual(all.map(() => 404));
    expect(await statuses(undefined, all)).toEqual(all.map(() => 401));
  });
});

describe('422', () => {
  it('refuses a bad since, until, metric, type, group_by or offset, until <= since and a range over the limit', async () => {
    const ok = { metric: 'conversations_count', since: unix('2026-03-01T00:00:00Z'), until: unix('2026-03-02T00:00:00Z') };
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ since: 'yesterday' }, 'since'],
      [{ until: -5 }, 'until'],
      [{ metric: 'messages' }, 'metric'],
      [{ type: 'contact' }, 'type'],
      [{ group_by: 'minute' }, 'group_by'],
      [{ timezone_offset: 5.3 }, 'timezone_offset'],
      [{ timezone_offset: 15 }, 'timezone_offset'],
      [{ until: ok.since }, 'until'],
      [{ until: ok.since - 60 }, 'until'],
      [{ until: ok.since + (REPORT_MAX_RANGE_DAYS + 1) * 86_400 }, 'until'],
    ];
    for (const [change, field] of cases) {
      const res = await get(reportsUrl(s.account.id, 'reports', { ...ok, ...change }), s.admin.headers);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().attributes).toContain(field);
    }
    expect((await get(reportsUrl(s.account.id, 'reports', { ...ok, until: ok.since + REPORT_MAX_RANGE_DAYS * 86_400 }), s.admin.headers)).statusCode).toBe(200);
    const summary = await get(reportsUrl(s.account.id, 'reports/summary', { since: ok.until, until: ok.since }), s.admin.headers);
    expect(summary.statusCode).toBe(422);
    const csv = await get(reportsUrl(s.account.id, 'reports/agents', { since: ok.since }), s.admin.headers);
    expect(csv.statusCode).toBe(422);
    expect(csv.json().attributes).toContain('until');
  });
});

describe('buckets and ranges', () => {
  it('starts weeks on Sunday in local time and months on the 1st', () => {
    // 2026-03-04 is a Wednesday; at +5.5 the local week starts Sunday 2026-03-01 00:00 = 2026-02-28T18:30Z
    expect(bucketStarts(new Date('2026-03-04T12:00:00Z'), new Date('2026-03-09T00:00:00Z'), 'week', 330).map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-02-28T18:30:00.000Z',
      '2026-03-07T18:30:00.000Z',
    ]);
    expect(bucketStarts(new Date('2026-01-31T23:00:00Z'), new Date('2026-03-01T04:00:00Z'), 'month', -180).map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-01-01T03:00:00.000Z',
      '2026-02-01T03:00:00.000Z',
      '2026-03-01T03:00:00.000Z',
    ]);
  });

  it('splits a range into whole UTC days and the quarter hours at either end', () => {
    const r = splitRange(new Date('2026-03-01T10:15:00Z'), new Date('2026-03-04T06:00:00Z'));
    expect(r.days).toEqual(['2026-03-02', '2026-03-04']);
    expect(r.quarters.map(([a, b]) => [a.toISOString(), b.toISOString()])).toEqual([
      ['2026-03-01T10:15:00.000Z', '2026-03-02T00:00:00.000Z'],
      ['2026-03-04T00:00:00.000Z', '2026-03-04T06:00:00.000Z'],
    ]);
    expect(splitRange(new Date('2026-03-01T10:15:00Z'), new Date('2026-03-01T23:00:00Z')).days).toBeNull();
  });
});
