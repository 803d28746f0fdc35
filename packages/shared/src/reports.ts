import { z } from 'zod';

// Reports v2 (docs/reports.md): every figure comes from the rollups (packages/db/src/schema/reports.ts),
// never from a scan of messages. Shapes follow Chatwoot's reports API (`/api/v2/accounts/{id}/reports...`).

/** 001 section 9: the dashboard sends this timezone offset (hours) with every report call. */
export const REPORTS_TIMEZONE_OFFSET = 5;
/** 001 section 9: the conversation-traffic heatmap has one cell per hour over the last 7 days. */
export const HEATMAP_STEP_SECONDS = 3600;
export const HEATMAP_DAYS = 7;
/** The longest range one report covers; longer asks answer 422. */
export const REPORT_MAX_RANGE_DAYS = 366 * 2;

export const REPORT_TYPES = ['account', 'agent', 'inbox', 'label', 'team'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** `hour` is the heatmap's step; the dashboard's group-by switch offers the other four. */
export const REPORT_GROUP_BY = ['hour', 'day', 'week', 'month', 'year'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BY)[number];

/** GET reports?metric=: the time series. Durations are seconds (averages per bucket); the rest counts. */
export const REPORT_METRICS = [
  'conversations_count',
  'incoming_messages_count',
  'outgoing_messages_count',
  'avg_first_response_time',
  'avg_resolution_time',
  'reply_time',
  'resolutions_count',
  'bot_resolutions_count',
  'bot_handoffs_count',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
/** The metrics whose value is a duration in seconds (an average), the others are counts. */
export const REPORT_DURATION_METRICS = ['avg_first_response_time', 'avg_resolution_time', 'reply_time'] as const satisfies readonly ReportMetric[];

const unixSeconds = z.coerce.number({ error: 'must be a unix time in seconds' }).int('must be a unix time in seconds').min(0).max(4_102_444_800);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .default(false);

/**
 * The query every report takes. `since`/`until` are unix seconds ([since, until)); `timezone_offset` hours east
 * of UTC (quarter hours allowed: 5.5, 5.75, -3.5); `id` picks the agent, inbox, label or team when `type` is not
 * account. The service answers 422 when until <= since or the range exceeds REPORT_MAX_RANGE_DAYS.
 */
export const ReportQuerySchema = z.object({
  since: unixSeconds,
  until: unixSeconds,
  type: z.enum(REPORT_TYPES).default('account'),
  id: z.coerce.number().int().positive().optional(),
  group_by: z.enum(REPORT_GROUP_BY).default('day'),
  business_hours: flag,
  timezone_offset: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(-12)
    .max(14)
    .refine((h) => Number.isInteger(h * 4), 'must be a whole number of quarter hours')
    .default(0),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportSeriesQuerySchema = ReportQuerySchema.extend({ metric: z.enum(REPORT_METRICS) });

/** One point of GET reports: the bucket's start (unix seconds), the value as text (Chatwoot's shape), facts counted. */
export const ReportPointSchema = z.object({ value: z.string(), timestamp: z.number().int(), count: z.number().int() });
export type ReportPoint = z.infer<typeof ReportPointSchema>;

const SummaryFiguresSchema = z.object({
  conversations_count: z.number().int(),
  incoming_messages_count: z.number().int(),
  outgoing_messages_count: z.number().int(),
  /** Seconds as text (two decimals), null when nothing was measured in the range. */
  avg_first_response_time: z.string().nullable(),
  avg_resolution_time: z.string().nullable(),
  reply_time: z.string().nullable(),
  resolutions_count: z.number().int(),
});
/** GET reports/summary: the range's figures and the same for the previous range of equal length. */
export const ReportSummarySchema = SummaryFiguresSchema.extend({ previous: SummaryFiguresSchema });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

const BotFiguresSchema = z.object({ bot_resolutions_count: z.number().int(), bot_handoffs_count: z.number().int() });
/** GET reports/bot_summary. */
export const BotSummarySchema = BotFiguresSchema.extend({ previous: BotFiguresSchema });
/** GET reports/bot_metrics: rates are percents with two decimals. */
export const BotMetricsSchema = z.object({
  conversation_count: z.number().int(),
  message_count: z.number().int(),
  resolution_rate: z.number(),
  handoff_rate: z.number(),
});

/** GET reports/conversations?type=account: the live overview (now, not a range). */
export const LiveConversationCountsSchema = z.object({
  open: z.number().int(),
  unattended: z.number().int().describe('Open and waiting for an agent reply.'),
  unassigned: z.number().int(),
  pending: z.number().int(),
});
/** GET reports/conversations?type=agent: each agent's open and unattended conversations, with their availability. */
export const LiveAgentCountsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  thumbnail: z.string(),
  availability: z.enum(['online', 'busy', 'offline']),
  metric: z.object({ open: z.number().int(), unattended: z.number().int() }),
});

/**
 * GET summary_reports/agent|inbox|team|label: one row per agent, inbox, team or label over the range (the report
 * tables). Durations are seconds, null when nothing was measured.
 */
export const SummaryRowSchema = z.object({
  id: z.number().int(),
  conversations_count: z.number().int(),
  resolved_conversations_count: z.number().int(),
  avg_resolution_time: z.number().nullable(),
  avg_first_response_time: z.number().nullable(),
  avg_reply_time: z.number().nullable(),
});
export type SummaryRow = z.infer<typeof SummaryRowSchema>;

/**
 * 001 section 9: a CSV download is named `type-report-dd-MM-yyyy.csv`, with `-business-hours` before `.csv`
 * when business hours are on. `date` is the day of the download, in the viewer's calendar.
 */
export function reportCsvFileName(type: string, date: Date, businessHours: boolean): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${type}-report-${dd}-${mm}-${date.getFullYear()}${businessHours ? '-business-hours' : ''}.csv`;
}

/** Percent with two decimals (001 section 9); 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}
