import { REPORT_DURATION_METRICS, type ReportMetric, type ReportSummary } from '@app/shared/reports';
import { t } from '../../../lib/i18n/i18n.ts';
import { formatDuration, formatNumber, percentChange } from '../utils/format.ts';
import type { MetricCardItem } from './metric-cards.tsx';

/** The summary's figures in the cards' order. */
export const SUMMARY_METRICS = [
  'conversations_count',
  'incoming_messages_count',
  'outgoing_messages_count',
  'avg_first_response_time',
  'avg_resolution_time',
  'resolutions_count',
  'reply_time',
] as const satisfies readonly ReportMetric[];
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];

export const isDuration = (metric: ReportMetric) => (REPORT_DURATION_METRICS as readonly ReportMetric[]).includes(metric);

const numberOf = (value: number | string | null) => (value === null ? null : Number(value));

/** reports/summary as cards: each figure, and its change on the previous period (durations: a fall is good). */
export function summaryCards(summary: ReportSummary): MetricCardItem[] {
  return SUMMARY_METRICS.map((metric) => {
    const current = numberOf(summary[metric]);
    const previous = numberOf(summary.previous[metric]);
    const duration = isDuration(metric);
    return {
      key: metric,
      label: t(`REPORTS.METRIC.${metric}`),
      value: duration ? formatDuration(current) : formatNumber(current ?? 0),
      change: percentChange(current, previous),
      lowerIsBetter: duration,
    };
  });
}
