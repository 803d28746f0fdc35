import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as csatShapes from '@app/shared/csat';
import type { CsatMetrics, CsatResponse } from '@app/shared/csat';
import type { z } from 'zod';
import * as reportShapes from '@app/shared/reports';
import type { BotMetricsSchema, BotSummarySchema, ReportMetric, ReportPoint, ReportSummary, ReportType, SummaryRow } from '@app/shared/reports';
import { api, arrayOf } from '../../lib/api-client.ts';
import { fetchCsv, saveBlob } from '../../lib/download.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';
import { reportParams, unixRange, type ReportParamsInput } from './utils/range.ts';

/** The report types with a table of their own (summary_reports/{type}) and a CSV (reports/{plural}). */
export const ENTITY_TYPES = ['agent', 'label', 'inbox', 'team'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
const CSV_PATHS: Record<EntityType | 'conversation', string> = {
  agent: 'agents',
  label: 'labels',
  inbox: 'inboxes',
  team: 'teams',
  conversation: 'conversation_traffic',
};

const v2 = (accountId: number) => `/api/v2/accounts/${accountId}`;
const v1 = (accountId: number) => `/api/v1/accounts/${accountId}`;
// Every report screen is a lazy chunk already: the shapes come with it.
const reports = async () => reportShapes;
const csat = async () => csatShapes;

export const reportKeys = {
  all: (accountId: number) => ['reports', accountId] as const,
  live: (accountId: number) => [...reportKeys.all(accountId), 'live'] as const,
  query: (accountId: number, name: string, params: URLSearchParams) => [...reportKeys.all(accountId), name, params.toString()] as const,
};

/** Range reports keep showing the last answer while the next range loads (no blank flash), and retry server errors once. */
const rangeQuery = { staleTime: 60_000, retry: retryUnlessClientError, placeholderData: keepPreviousData } as const;

/** GET reports?metric=: one metric's time series. */
export function useReportSeries(accountId: number, input: ReportParamsInput & { metric: ReportMetric }, enabled = true) {
  const params = reportParams(input);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'series', params),
    queryFn: ({ signal }): Promise<ReportPoint[]> => api(`${v2(accountId)}/reports?${params}`, { schema: arrayOf(() => reports().then((m) => m.ReportPointSchema)), signal }),
    enabled,
    ...rangeQuery,
  });
}

/** GET reports/summary: the range's figures and the previous range's. */
export function useReportSummary(accountId: number, input: ReportParamsInput, enabled = true) {
  const params = reportParams(input);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'summary', params),
    queryFn: ({ signal }): Promise<ReportSummary> => api(`${v2(accountId)}/reports/summary?${params}`, { schema: () => reports().then((m) => m.ReportSummarySchema), signal }),
    enabled,
    ...rangeQuery,
  });
}

/** GET summary_reports/{type}: the table's rows. */
export function useSummaryRows(accountId: number, type: EntityType, input: ReportParamsInput) {
  const params = reportParams(input);
  return useQuery({
    queryKey: reportKeys.query(accountId, `summary-rows-${type}`, params),
    queryFn: ({ signal }): Promise<SummaryRow[]> => api(`${v2(accountId)}/summary_reports/${type}?${params}`, { schema: arrayOf(() => reports().then((m) => m.SummaryRowSchema)), signal }),
    ...rangeQuery,
  });
}

export function useBotMetrics(accountId: number, input: ReportParamsInput) {
  const params = reportParams(input);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'bot-metrics', params),
    queryFn: ({ signal }): Promise<z.infer<typeof BotMetricsSchema>> => api(`${v2(accountId)}/reports/bot_metrics?${params}`, { schema: () => reports().then((m) => m.BotMetricsSchema), signal }),
    ...rangeQuery,
  });
}

export function useBotSummary(accountId: number, input: ReportParamsInput) {
  const params = reportParams(input);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'bot-summary', params),
    queryFn: ({ signal }): Promise<z.infer<typeof BotSummarySchema>> => api(`${v2(accountId)}/reports/bot_summary?${params}`, { schema: () => reports().then((m) => m.BotSummarySchema), signal }),
    ...rangeQuery,
  });
}

/** The live overview polls this slowly besides the realtime refreshes (a missed event heals within a minute). */
export const LIVE_POLL_MS = 60_000;

/** GET reports/conversations?type=account|agent: now, not a range (the range only keeps the common query shape). */
export function useLiveCounts(accountId: number, input: ReportParamsInput) {
  const params = reportParams({ ...input, type: 'account' });
  return useQuery({
    queryKey: [...reportKeys.live(accountId), 'account'],
    queryFn: ({ signal }) => api(`${v2(accountId)}/reports/conversations?${params}`, { schema: () => reports().then((m) => m.LiveConversationCountsSchema), signal }),
    refetchInterval: LIVE_POLL_MS,
    retry: retryUnlessClientError,
  });
}

export function useLiveAgents(accountId: number, input: ReportParamsInput) {
  const params = reportParams({ ...input, type: 'agent' });
  return useQuery({
    queryKey: [...reportKeys.live(accountId), 'agent'],
    queryFn: ({ signal }) => api(`${v2(accountId)}/reports/conversations?${params}`, { schema: arrayOf(() => reports().then((m) => m.LiveAgentCountsSchema)), signal }),
    refetchInterval: LIVE_POLL_MS,
    retry: retryUnlessClientError,
  });
}

/** The heatmap: conversations_count by hour over the last HEATMAP_DAYS days (S1-9.15, S1-9.16). */
export function useHeatmap(accountId: number, range: { from: Date; to: Date }) {
  return useReportSeries(accountId, { range, metric: 'conversations_count', groupBy: 'hour', type: 'account' });
}

/** The entities a table names its rows by: agents, labels, inboxes or teams, as id → name. */
export function useEntityNames(accountId: number, type: EntityType) {
  return useQuery({
    queryKey: [...reportKeys.all(accountId), 'names', type],
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
    queryFn: async ({ signal }): Promise<{ id: number; name: string }[]> => {
      switch (type) {
        case 'agent':
          return (await api(`${v1(accountId)}/agents`, { schema: () => import('@app/shared/agents').then((m) => m.AgentListSchema), signal })).map((a) => ({ id: a.id, name: a.available_name || a.name }));
        case 'label':
          return (await api(`${v1(accountId)}/labels`, { schema: () => import('@app/shared/labels').then((m) => m.LabelListSchema), signal })).payload.map((l) => ({ id: l.id, name: l.title }));
        case 'inbox':
          return (await api(`${v1(accountId)}/inboxes`, { schema: () => import('@app/shared/inboxes').then((m) => m.InboxListSchema), signal })).payload.map((i) => ({ id: i.id, name: i.name }));
        case 'team':
          return (await api(`${v1(accountId)}/teams`, { schema: arrayOf(() => import('@app/shared/teams').then((m) => m.TeamSchema)), signal })).map((team) => ({ id: team.id, name: team.name }));
      }
    },
  });
}

export type CsatFilters = { agentId: number | null; inboxId: number | null; teamId: number | null; rating: number | null };

/** The CSAT query (S1-7.100): since, until and the filters; `page` for the list only. */
export function csatParams(range: { from: Date; to: Date }, filters: CsatFilters, page?: number): URLSearchParams {
  const { since, until } = unixRange(range);
  const params = new URLSearchParams();
  if (page !== undefined) params.set('page', String(page));
  params.set('since', String(since));
  params.set('until', String(until));
  if (filters.agentId) params.append('user_ids[]', String(filters.agentId));
  if (filters.inboxId) params.set('inbox_id', String(filters.inboxId));
  if (filters.teamId) params.set('team_id', String(filters.teamId));
  if (filters.rating) params.append('rating[]', String(filters.rating));
  return params;
}

export function useCsatMetrics(accountId: number, range: { from: Date; to: Date }, filters: CsatFilters) {
  const params = csatParams(range, filters);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'csat-metrics', params),
    queryFn: ({ signal }): Promise<CsatMetrics> => api(`${v1(accountId)}/csat_survey_responses/metrics?${params}`, { schema: () => csat().then((m) => m.CsatMetricsSchema), signal }),
    ...rangeQuery,
  });
}

export function useCsatResponses(accountId: number, range: { from: Date; to: Date }, filters: CsatFilters, page: number) {
  const params = csatParams(range, filters, page);
  return useQuery({
    queryKey: reportKeys.query(accountId, 'csat-list', params),
    queryFn: ({ signal }): Promise<{ meta: { count: number; current_page: number }; payload: CsatResponse[] }> =>
      api(`${v1(accountId)}/csat_survey_responses?${params}`, { schema: () => csat().then((m) => m.CsatListSchema), signal }),
    ...rangeQuery,
  });
}

/**
 * Downloads a report's CSV and saves it under the name of S1-9.17/18 (`type-report-dd-MM-yyyy[-business-hours].csv`,
 * the day of the download), whatever the server calls it.
 */
export async function downloadReport(accountId: number, kind: EntityType | 'conversation' | 'csat', input: ReportParamsInput, fileName: string, csatFilters?: CsatFilters) {
  const path =
    kind === 'csat' ? `${v1(accountId)}/csat_survey_responses/download?${csatParams(input.range, csatFilters ?? { agentId: null, inboxId: null, teamId: null, rating: null })}` : `${v2(accountId)}/reports/${CSV_PATHS[kind]}?${reportParams(input)}`;
  const { blob } = await fetchCsv(path, { fallbackName: fileName });
  saveBlob(blob, fileName);
  return fileName;
}

export type { ReportType };
