import { useState } from 'react';
import type { ReportType } from '@app/shared/reports';
import { useReportSeries, useReportSummary } from '../api.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { MetricCards } from './metric-cards.tsx';
import { ReportChart } from './report-chart.tsx';
import { ErrorState, Skeleton } from './report-states.tsx';
import { isDuration, SUMMARY_METRICS, summaryCards, type SummaryMetric } from './summary-cards.ts';
import type { ReportControls } from './use-report-controls.ts';

/**
 * The summary cards of a report (the account's, or one agent's, label's, inbox's or team's) with the chart of
 * the card picked (conversations at first).
 */
export function MetricsReport({ accountId, controls, type = 'account', id = null }: { accountId: number; controls: ReportControls; type?: ReportType; id?: number | null }) {
  const [metric, setMetric] = useState<SummaryMetric>('conversations_count');
  const input = { ...controls.input, type, id };
  const summary = useReportSummary(accountId, input);
  const series = useReportSeries(accountId, { ...input, metric });
  return (
    <>
      {summary.isError ? (
        <ErrorState onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <MetricCards items={summaryCards(summary.data)} selected={metric} onSelect={(key) => SUMMARY_METRICS.includes(key as SummaryMetric) && setMetric(key as SummaryMetric)} />
      ) : (
        <Skeleton rows={2} />
      )}
      <ReportChart
        title={t(`REPORTS.METRIC.${metric}`)}
        points={series.data}
        duration={isDuration(metric)}
        groupBy={controls.groupBy}
        loading={series.isPending}
        error={series.isError}
        onRetry={() => void series.refetch()}
      />
    </>
  );
}
