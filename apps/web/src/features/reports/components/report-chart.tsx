import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ReportGroupBy, ReportPoint } from '@app/shared/reports';
import { t } from '../../../lib/i18n/i18n.ts';
import { bucketLabel } from '../utils/dates.ts';
import { formatDuration, formatNumber } from '../utils/format.ts';
import { EmptyState, ErrorState, Skeleton } from './report-states.tsx';

// The chart library is its own chunk: the conversation screens never download it.
const ChartCanvas = lazy(() => import('./chart-canvas.tsx'));

/** A chart chunk that failed to load leaves the figures' table; the rest of the report stays. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

type ReportChartProps = {
  title: string;
  points: ReportPoint[] | undefined;
  duration: boolean;
  groupBy: ReportGroupBy;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
};

/**
 * One metric over the range: loading, error (retry) and empty states; the drawn chart for sighted users and the
 * same figures as a table for screen readers.
 */
export function ReportChart({ title, points, duration, groupBy, loading, error, onRetry }: ReportChartProps) {
  const value = (p: ReportPoint) => (duration ? (formatDuration(Number(p.value)) ?? t('REPORTS.NO_VALUE')) : formatNumber(Number(p.value)));
  let body: ReactNode;
  if (error) body = <ErrorState onRetry={onRetry} />;
  else if (loading || !points) body = <Skeleton rows={4} />;
  else if (points.every((p) => p.count === 0 && Number(p.value) === 0)) body = <EmptyState />;
  else
    body = (
      <>
        <ChartBoundary>
          <Suspense fallback={<div className="reports-chart__canvas reports-chart__canvas--loading" aria-hidden="true" />}>
            <ChartCanvas points={points} label={title} duration={duration} groupBy={groupBy} />
          </Suspense>
        </ChartBoundary>
        <table className="reports-visually-hidden">
          <caption>{t('REPORTS.CHART_TABLE', { metric: title, unit: t(`REPORTS.GROUP_BY.${groupBy}`).toLowerCase() })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('REPORTS.CHART_DATE')}</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.timestamp}>
                <th scope="row">{bucketLabel(p.timestamp, groupBy)}</th>
                <td>{value(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  return (
    <section className="reports-panel reports-chart" aria-label={t('REPORTS.CHART', { metric: title })}>
      <h2 className="reports-panel__title">{title}</h2>
      {body}
    </section>
  );
}
