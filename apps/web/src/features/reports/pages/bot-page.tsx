import '../messages.ts';
import { useState } from 'react';
import { useCurrentAccount } from '../../auth/index.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useBotMetrics, useBotSummary, useReportSeries } from '../api.ts';
import { MetricCards, type MetricCardItem } from '../components/metric-cards.tsx';
import { ReportChart } from '../components/report-chart.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { ErrorState, Skeleton } from '../components/report-states.tsx';
import { useReportControls } from '../components/use-report-controls.ts';
import { formatNumber, formatPercent, percentChange } from '../utils/format.ts';
import '../reports.css';

const BOT_SERIES = ['bot_resolutions_count', 'bot_handoffs_count'] as const;

/**
 * The bot report (bot_reports): bot_metrics' conversations, messages and resolution and handoff rates; then
 * bot_summary's resolutions and handoffs with their change on the previous period, the picked one charted.
 */
export function BotReportPage() {
  const { account } = useCurrentAccount();
  const controls = useReportControls();
  const [metric, setMetric] = useState<(typeof BOT_SERIES)[number]>('bot_resolutions_count');
  const metrics = useBotMetrics(account.id, controls.input);
  const summary = useBotSummary(account.id, controls.input);
  const series = useReportSeries(account.id, { ...controls.input, metric });

  const metricCards: MetricCardItem[] | null = metrics.data
    ? [
        { key: 'conversation_count', label: t('REPORTS.BOT.conversation_count'), value: formatNumber(metrics.data.conversation_count) },
        { key: 'message_count', label: t('REPORTS.BOT.message_count'), value: formatNumber(metrics.data.message_count) },
        { key: 'resolution_rate', label: t('REPORTS.BOT.resolution_rate'), value: formatPercent(metrics.data.resolution_rate) },
        { key: 'handoff_rate', label: t('REPORTS.BOT.handoff_rate'), value: formatPercent(metrics.data.handoff_rate) },
      ]
    : null;
  const summaryCards: MetricCardItem[] | null = summary.data
    ? BOT_SERIES.map((key) => ({
        key,
        label: t(`REPORTS.METRIC.${key}`),
        value: formatNumber(summary.data[key]),
        change: percentChange(summary.data[key], summary.data.previous[key]),
        // more handoffs means the bot resolved less
        lowerIsBetter: key === 'bot_handoffs_count',
      }))
    : null;

  return (
    <div className="reports-page">
      <ReportHeader title={t('REPORTS.TITLE.bot')} description={t('REPORTS.DESCRIPTION.bot')} controls={controls} />
      {metrics.isError ? <ErrorState onRetry={() => void metrics.refetch()} /> : metricCards ? <MetricCards items={metricCards} /> : <Skeleton rows={2} />}
      {summary.isError ? (
        <ErrorState onRetry={() => void summary.refetch()} />
      ) : summaryCards ? (
        <MetricCards items={summaryCards} selected={metric} onSelect={(key) => setMetric(key as (typeof BOT_SERIES)[number])} label={t('REPORTS.TITLE.bot')} />
      ) : (
        <Skeleton rows={2} />
      )}
      <ReportChart
        title={t(`REPORTS.METRIC.${metric}`)}
        points={series.data}
        duration={false}
        groupBy={controls.groupBy}
        loading={series.isPending}
        error={series.isError}
        onRetry={() => void series.refetch()}
      />
    </div>
  );
}
