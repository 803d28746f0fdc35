import type { z } from 'zod';
import type { RollupDimension, RollupMetric } from '@app/db/schema';
import { canAccess } from '@app/shared/permissions';
import {
  HEATMAP_DAYS,
  HEATMAP_STEP_SECONDS,
  percent,
  REPORT_DURATION_METRICS,
  REPORT_MAX_RANGE_DAYS,
  reportCsvFileName,
  type ReportGroupBy,
  type ReportMetric,
  type ReportPoint,
  type ReportQuerySchema,
  type ReportSeriesQuerySchema,
  type ReportType,
  type SummaryRow,
} from '@app/shared/reports';
import { forbidden, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { csvLine } from '../../lib/csv.ts';
import { accountEntities, accountMembers, liveCounts, liveCountsByAgent, rangeTotals, seriesRows, type Totals } from './queries.ts';

export type ReportQuery = z.infer<typeof ReportQuerySchema>;
export type SeriesQuery = z.infer<typeof ReportSeriesQuerySchema>;
export type EntityKind = 'agent' | 'inbox' | 'team' | 'label';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Which rollup each report metric reads; durations are averaged (sum / count), the rest are counts. */
const ROLLUP_OF: Record<ReportMetric, RollupMetric> = {
  conversations_count: 'conversation_created',
  incoming_messages_count: 'incoming_message',
  outgoing_messages_count: 'outgoing_message',
  avg_first_response_time: 'first_response',
  avg_resolution_time: 'resolution',
  reply_time: 'reply_time',
  resolutions_count: 'resolution',
  bot_resolutions_count: 'bot_resolution',
  bot_handoffs_count: 'bot_handoff',
};
const isDuration = (metric: ReportMetric) => (REPORT_DURATION_METRICS as readonly ReportMetric[]).includes(metric);

/** [since, until) as dates; 422 when until is not after since or the range is longer than REPORT_MAX_RANGE_DAYS. */
export function reportRange(query: Pick<ReportQuery, 'since' | 'until'>): { since: Date; until: Date } {
  if (query.until <= query.since) throw invalid('until', 'must be after since');
  if (query.until - query.since > REPORT_MAX_RANGE_DAYS * 86_400) throw invalid('until', `must be at most ${REPORT_MAX_RANGE_DAYS} days after since`);
  return { since: new Date(query.since * 1000), until: new Date(query.until * 1000) };
}

const offsetMinutesOf = (query: Pick<ReportQuery, 'timezone_offset'>) => Math.round(query.timezone_offset * 60);

/** Administrators and report_manage read every report; an agent reads the agent reports of their own id only (403 otherwise). */
const readsAllReports = (ctx: AccountCtx) => canAccess(ctx.membership.permissions, 'api:reports.index');

function checkReportAccess(ctx: AccountCtx, type: ReportType, id: number | undefined) {
  if (readsAllReports(ctx)) return;
  if (type !== 'agent' || (id !== undefined && id !== ctx.actor.id)) throw forbidden();
}

/** The dimension and key a report reads; 422 without `id` for a non-account type, 404 for an id not of the account. */
async function reportTarget(ctx: AccountCtx, type: ReportType, id: number | undefined): Promise<{ dimension: RollupDimension; key: string }> {
  if (type === 'account') return { dimension: 'account', key: '' };
  if (id === undefined) throw invalid('id', `is required when type is ${type}`);
  if (type === 'agent') {
    if ((await accountMembers(ctx.db, ctx.accountId, id)).length === 0) throw notFound();
    return { dimension: 'agent', key: String(id) };
  }
  const [entity] = await accountEntities(ctx.db, ctx.accountId, type, id);
  if (!entity) throw notFound();
  return { dimension: type, key: entity.key };
}

// --- local calendar buckets (the offset's hours, days, Sunday weeks, months and years), in "local ms"

function truncateLocal(localMs: number, groupBy: ReportGroupBy): number {
  const d = new Date(localMs);
  switch (groupBy) {
    case 'hour':
      return Math.floor(localMs / HOUR_MS) * HOUR_MS;
    case 'day':
      return Math.floor(localMs / DAY_MS) * DAY_MS;
    case 'week':
      return Math.floor(localMs / DAY_MS) * DAY_MS - d.getUTCDay() * DAY_MS;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

function nextLocal(localMs: number, groupBy: ReportGroupBy): number {
  const d = new Date(localMs);
  switch (groupBy) {
    case 'hour':
      return localMs + HOUR_MS;
    case 'day':
      return localMs + DAY_MS;
    case 'week':
      return localMs + 7 * DAY_MS;
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case 'year':
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

/** The starts (UTC ms) of every local bucket that [since, until) touches: the first may begin before since. */
export function bucketStarts(since: Date, until: Date, groupBy: ReportGroupBy, offsetMinutes: number): number[] {
  const offset = offsetMinutes * 60_000;
  const out: number[] = [];
  for (let b = truncateLocal(since.getTime() + offset, groupBy); b < until.getTime() + offset; b = nextLocal(b, groupBy)) out.push(b - offset);
  return out;
}

const average = (totals: Totals, businessHours: boolean) => (totals.count > 0 ? (businessHours ? totals.sumBh : totals.sum) / totals.count : null);
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** GET reports: one point per local bucket, empty buckets "0" with count 0. */
export async function reportSeries(ctx: AccountCtx, query: SeriesQuery): Promise<ReportPoint[]> {
  checkReportAccess(ctx, query.type, query.id);
  const { since, until } = reportRange(query);
  const target = await reportTarget(ctx, query.type, query.id);
  const offsetMinutes = offsetMinutesOf(query);
  const rows = await seriesRows(ctx.db, { accountId: ctx.accountId, ...target, metric: ROLLUP_OF[query.metric], since, until, groupBy: query.group_by, offsetMinutes });
  const byStart = new Map(rows.map((r) => [Math.round(r.timestamp), r]));
  return bucketStarts(since, until, query.group_by, offsetMinutes).map((start) => {
    const timestamp = start / 1000;
    const totals = byStart.get(timestamp);
    if (!totals) return { value: '0', timestamp, count: 0 };
    if (!isDuration(query.metric)) return { value: String(totals.count), timestamp, count: totals.count };
    return { value: (average(totals, query.business_hours) ?? 0).toFixed(2), timestamp, count: totals.count };
  });
}

const SUMMARY_METRICS: RollupMetric[] = ['conversation_created', 'incoming_message', 'outgoing_message', 'first_response', 'resolution', 'reply_time'];
const NONE: Totals = { count: 0, sum: 0, sumBh: 0 };

/** The same range moved back by its own length. */
const previousRange = ({ since, until }: { since: Date; until: Date }) => ({ since: new Date(2 * since.getTime() - until.getTime()), until: since });

function summaryFigures(totals: Map<RollupMetric, Totals> | undefined, businessHours: boolean) {
  const of = (metric: RollupMetric) => totals?.get(metric) ?? NONE;
  const avg = (metric: RollupMetric) => {
    const value = average(of(metric), businessHours);
    return value === null ? null : value.toFixed(2);
  };
  return {
    conversations_count: of('conversation_created').count,
    incoming_messages_count: of('incoming_message').count,
    outgoing_messages_count: of('outgoing_message').count,
    avg_first_response_time: avg('first_response'),
    avg_resolution_time: avg('resolution'),
    reply_time: avg('reply_time'),
    resolutions_count: of('resolution').count,
  };
}

/** Totals of one target over a range and over the previous range of equal length (two statements, run together). */
async function withPrevious(ctx: AccountCtx, query: ReportQuery, metrics: RollupMetric[]) {
  const range = reportRange(query);
  const target = await reportTarget(ctx, query.type, query.id);
  const totals = (r: { since: Date; until: Date }) =>
    rangeTotals(ctx.db, { accountId: ctx.accountId, dimension: target.dimension, keys: [target.key], metrics, ...r }).then((m) => m.get(target.key));
  return Promise.all([totals(range), totals(previousRange(range))]);
}

/** GET reports/summary. */
export async function reportSummary(ctx: AccountCtx, query: ReportQuery) {
  checkReportAccess(ctx, query.type, query.id);
  const [current, previous] = await withPrevious(ctx, query, SUMMARY_METRICS);
  return { ...summaryFigures(current, query.business_hours), previous: summaryFigures(previous, query.business_hours) };
}

/** GET reports/bot_summary. */
export async function botSummary(ctx: AccountCtx, query: ReportQuery) {
  const [current, previous] = await withPrevious(ctx, query, ['bot_resolution', 'bot_handoff']);
  const figures = (totals: Map<RollupMetric, Totals> | undefined) => ({
    bot_resolutions_count: totals?.get('bot_resolution')?.count ?? 0,
    bot_handoffs_count: totals?.get('bot_handoff')?.count ?? 0,
  });
  return { ...figures(current), previous: figures(previous) };
}

/** GET reports/bot_metrics: conversations in bot inboxes, bot messages, and the resolved and handed-off shares of those conversations. */
export async function botMetrics(ctx: AccountCtx, query: ReportQuery) {
  const range = reportRange(query);
  const target = await reportTarget(ctx, query.type, query.id);
  const totals = (await rangeTotals(ctx.db, { accountId: ctx.accountId, ...target, keys: [target.key], metrics: ['bot_conversation', 'bot_message', 'bot_resolution', 'bot_handoff'], ...range })).get(target.key);
  const count = (metric: RollupMetric) => totals?.get(metric)?.count ?? 0;
  const conversations = count('bot_conversation');
  return {
    conversation_count: conversations,
    message_count: count('bot_message'),
    resolution_rate: percent(count('bot_resolution'), conversations),
    handoff_rate: percent(count('bot_handoff'), conversations),
  };
}

/** GET reports/conversations?type=account: the live counts. */
export function liveConversations(ctx: AccountCtx) {
  return liveCounts(ctx.db, ctx.accountId);
}

/** GET reports/conversations?type=agent: every member with their availability and open/unattended conversations. */
export async function liveAgents(ctx: AccountCtx, userId?: number) {
  const [members, counts] = await Promise.all([accountMembers(ctx.db, ctx.accountId, userId), liveCountsByAgent(ctx.db, ctx.accountId)]);
  return members.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    thumbnail: m.avatarKey ? ctx.storage.url(m.avatarKey) : '',
    availability: m.availability,
    metric: counts.get(m.id) ?? { open: 0, unattended: 0 },
  }));
}

type Entity = { id: number; name: string; key: string };

/** Every agent (an agent: only themselves), inbox, team or label of the account, with the key their rollups use. */
async function entitiesOf(ctx: AccountCtx, kind: EntityKind): Promise<Entity[]> {
  if (kind !== 'agent') return accountEntities(ctx.db, ctx.accountId, kind);
  const members = await accountMembers(ctx.db, ctx.accountId, readsAllReports(ctx) ? undefined : ctx.actor.id);
  return members.map((m) => ({ id: m.id, name: m.name, key: String(m.id) }));
}

const ROW_METRICS: RollupMetric[] = ['conversation_created', 'resolution', 'first_response', 'reply_time'];

async function summaryRowsWithNames(ctx: AccountCtx, kind: EntityKind, query: ReportQuery): Promise<Array<SummaryRow & { name: string }>> {
  const range = reportRange(query);
  const entities = await entitiesOf(ctx, kind);
  const totals = await rangeTotals(ctx.db, { accountId: ctx.accountId, dimension: kind, keys: entities.map((e) => e.key), metrics: ROW_METRICS, ...range });
  return entities.map((entity) => {
    const of = (metric: RollupMetric) => totals.get(entity.key)?.get(metric) ?? NONE;
    const avg = (metric: RollupMetric) => {
      const value = average(of(metric), query.business_hours);
      return value === null ? null : twoDecimals(value);
    };
    return {
      id: entity.id,
      name: entity.name,
      conversations_count: of('conversation_created').count,
      resolved_conversations_count: of('resolution').count,
      avg_resolution_time: avg('resolution'),
      avg_first_response_time: avg('first_response'),
      avg_reply_time: avg('reply_time'),
    };
  });
}

/** GET summary_reports/agent|inbox|team|label: a row for every one of the account's (zeros when nothing happened). */
export async function summaryRows(ctx: AccountCtx, kind: EntityKind, query: ReportQuery): Promise<SummaryRow[]> {
  return (await summaryRowsWithNames(ctx, kind, query)).map(({ name: _name, ...row }) => row);
}

/** The day of the download in the viewer's calendar (the offset's), as a Date whose local fields read that day. */
function viewerDay(offsetMinutes: number, now: Date): Date {
  const local = new Date(now.getTime() + offsetMinutes * 60_000);
  return new Date(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

const CSV_TITLES: Record<EntityKind, string> = { agent: 'Agent', inbox: 'Inbox', team: 'Team', label: 'Label' };

/** GET reports/agents|inboxes|labels|teams: the summary rows as CSV, one line per agent, inbox, team or label. */
export async function summaryCsv(ctx: AccountCtx, kind: EntityKind, query: ReportQuery, now = new Date()) {
  const rows = await summaryRowsWithNames(ctx, kind, query);
  const lines = [
    csvLine([CSV_TITLES[kind], 'Conversations', 'Resolved conversations', 'Avg first response time (s)', 'Avg resolution time (s)', 'Avg reply time (s)']),
    ...rows.map((r) => csvLine([r.name, r.conversations_count, r.resolved_conversations_count, r.avg_first_response_time, r.avg_resolution_time, r.avg_reply_time])),
  ];
  return { fileName: reportCsvFileName(kind, viewerDay(offsetMinutesOf(query), now), query.business_hours), body: lines.join('') };
}

/**
 * The conversation-traffic heatmap: conversations created per local hour over the HEATMAP_DAYS local days that
 * end with the one holding the range's last instant; a row per day, a column per HEATMAP_STEP_SECONDS.
 */
export async function trafficHeatmap(ctx: AccountCtx, query: ReportQuery) {
  const range = reportRange(query);
  const offsetMinutes = offsetMinutesOf(query);
  const offset = offsetMinutes * 60_000;
  const lastDay = truncateLocal(range.until.getTime() - 1 + offset, 'day');
  const firstDay = lastDay - (HEATMAP_DAYS - 1) * DAY_MS;
  const since = new Date(firstDay - offset);
  const until = new Date(lastDay + DAY_MS - offset);
  const rows = await seriesRows(ctx.db, { accountId: ctx.accountId, dimension: 'account', key: '', metric: 'conversation_created', since, until, groupBy: 'hour', offsetMinutes });
  const counts = new Map(rows.map((r) => [Math.round(r.timestamp) * 1000, r.count]));
  const steps = DAY_MS / (HEATMAP_STEP_SECONDS * 1000);
  return Array.from({ length: HEATMAP_DAYS }, (_, day) => {
    const dayStart = firstDay + day * DAY_MS;
    return {
      date: new Date(dayStart).toISOString().slice(0, 10),
      counts: Array.from({ length: steps }, (_, step) => counts.get(dayStart - offset + step * HEATMAP_STEP_SECONDS * 1000) ?? 0),
    };
  });
}

/** GET reports/conversation_traffic: the heatmap as CSV. */
export async function trafficCsv(ctx: AccountCtx, query: ReportQuery, now = new Date()) {
  const days = await trafficHeatmap(ctx, query);
  const hours = Array.from({ length: days[0]?.counts.length ?? 0 }, (_, i) => `${String(Math.floor((i * HEATMAP_STEP_SECONDS) / 3600)).padStart(2, '0')}:00`);
  const lines = [csvLine(['Date', ...hours]), ...days.map((d) => csvLine([d.date, ...d.counts]))];
  return { fileName: reportCsvFileName('conversation_traffic', viewerDay(offsetMinutesOf(query), now), query.business_hours), body: lines.join('') };
}
