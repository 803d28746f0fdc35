import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BotMetricsSchema,
  BotSummarySchema,
  LiveAgentCountsSchema,
  LiveConversationCountsSchema,
  ReportPointSchema,
  ReportQuerySchema,
  ReportSeriesQuerySchema,
  ReportSummarySchema,
  SummaryRowSchema,
} from '@app/shared/reports';
import type { RouteName } from '@app/shared/permissions';
import { accountCtx } from '../../plugins/access.ts';
import {
  botMetrics,
  botSummary,
  liveAgents,
  liveConversations,
  reportSeries,
  reportSummary,
  summaryCsv,
  summaryRows,
  trafficCsv,
  type EntityKind,
} from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const tags = ['reports'];
const base = '/api/v2/accounts/:accountId';
const csv = 'text/csv; charset=utf-8';
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
const all: { access: RouteName } = { access: 'api:reports.index' };
const agentReports: { access: RouteName } = { access: 'api:reports.agent' };
const range =
  '`since`/`until` unix seconds ([since, until), at most REPORT_MAX_RANGE_DAYS), `timezone_offset` hours east of UTC, `business_hours` for durations counted within business hours.';

const LiveQuerySchema = z.object({
  type: z.enum(['account', 'agent']).default('account'),
  user_id: z.coerce.number().int().positive().optional(),
});

/** Reports v2 (docs/reports-api.md): every figure from the rollups, never a scan of messages. */
export const reportsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/reports`,
    {
      config: agentReports,
      schema: {
        tags,
        summary: 'A metric as a time series',
        description: `One point per local hour/day/week (from Sunday)/month/year of the offset that the range touches; empty buckets have value "0". Durations are averages in seconds. type=agent is open to agents for their own id (another id: 403); the other types need report access. ${range}`,
        params,
        querystring: ReportSeriesQuerySchema,
        response: { 200: z.array(ReportPointSchema) },
      },
    },
    (request) => reportSeries(accountCtx(request), request.query),
  );

  app.get(
    `${base}/reports/summary`,
    {
      config: agentReports,
      schema: {
        tags,
        summary: "The range's figures and the previous range's",
        description: `\`previous\` covers the range of equal length just before. Access as for GET reports. ${range}`,
        params,
        querystring: ReportQuerySchema,
        response: { 200: ReportSummarySchema },
      },
    },
    (request) => reportSummary(accountCtx(request), request.query),
  );

  app.get(
    `${base}/reports/bot_summary`,
    { config: all, schema: { tags, summary: 'Bot resolutions and handoffs, with the previous range', params, querystring: ReportQuerySchema, response: { 200: BotSummarySchema } } },
    (request) => botSummary(accountCtx(request), request.query),
  );

  app.get(
    `${base}/reports/bot_metrics`,
    {
      config: all,
      schema: { tags, summary: 'Bot conversations and messages, resolution and handoff rates (percent, two decimals)', params, querystring: ReportQuerySchema, response: { 200: BotMetricsSchema } },
    },
    (request) => botMetrics(accountCtx(request), request.query),
  );

  app.get(
    `${base}/reports/conversations`,
    {
      config: all,
      schema: {
        tags,
        summary: 'Live conversation counts (now)',
        description:
          'type=account: open, unattended (open and waiting for an agent reply: never replied to, or a contact message unanswered since), unassigned (open without assignee) and pending. type=agent: every member with availability and open/unattended conversations assigned to them (`user_id` narrows to one).',
        params,
        querystring: LiveQuerySchema,
        response: { 200: z.union([LiveConversationCountsSchema, z.array(LiveAgentCountsSchema)]) },
      },
    },
    (request) => (request.query.type === 'agent' ? liveAgents(accountCtx(request), request.query.user_id) : liveConversations(accountCtx(request))),
  );

  const kinds: Array<[EntityKind, string]> = [
    ['agent', 'agents'],
    ['inbox', 'inboxes'],
    ['team', 'teams'],
    ['label', 'labels'],
  ];
  for (const [kind, plural] of kinds) {
    app.get(
      `${base}/summary_reports/${kind}`,
      {
        config: kind === 'agent' ? agentReports : all,
        schema: {
          tags,
          summary: `Conversations, resolutions and average times per ${kind} over the range`,
          description: `A row for every ${kind} of the account (zeros when nothing happened).${kind === 'agent' ? ' An agent gets their own row only.' : ''} Durations in seconds, null when nothing was measured. ${range}`,
          params,
          querystring: ReportQuerySchema,
          response: { 200: z.array(SummaryRowSchema) },
        },
      },
      (request) => summaryRows(accountCtx(request), kind, request.query),
    );

    app.get(
      `${base}/reports/${plural}`,
      {
        config: all,
        schema: {
          tags,
          summary: `The ${kind} report as CSV (${kind}-report-dd-MM-yyyy[-business-hours].csv)`,
          description: `The rows of GET summary_reports/${kind} with names; cells a spreadsheet would run as a formula get a leading apostrophe. ${range}`,
          params,
          querystring: ReportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { fileName, body } = await summaryCsv(accountCtx(request), kind, request.query);
        return reply.header('Content-Type', csv).header('Content-Disposition', attachment(fileName)).send(body);
      },
    );
  }

  app.get(
    `${base}/reports/conversation_traffic`,
    {
      config: all,
      schema: {
        tags,
        summary: 'The conversation-traffic heatmap as CSV (conversation_traffic-report-dd-MM-yyyy.csv)',
        description:
          'Conversations created per local hour (HEATMAP_STEP_SECONDS) over the HEATMAP_DAYS local days ending with the day of the range’s last instant: a row per day, a column per hour.',
        params,
        querystring: ReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, body } = await trafficCsv(accountCtx(request), request.query);
      return reply.header('Content-Type', csv).header('Content-Disposition', attachment(fileName)).send(body);
    },
  );
};
