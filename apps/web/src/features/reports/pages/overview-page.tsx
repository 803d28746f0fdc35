import '../messages.ts';
import { useState } from 'react';
import type { Availability } from '@app/shared/constants';
import { HEATMAP_DAYS, reportCsvFileName } from '@app/shared/reports';
import { availabilityIn, usePresence } from '../../../lib/realtime/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadReport, useHeatmap, useLiveAgents, useLiveCounts } from '../api.ts';
import { DownloadButton } from '../components/download-button.tsx';
import { Heatmap, heatmapGrid } from '../components/heatmap.tsx';
import { MetricCards } from '../components/metric-cards.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { EmptyState, ErrorState, Skeleton } from '../components/report-states.tsx';
import { useLiveReportsRealtime } from '../realtime.ts';
import { formatNumber } from '../utils/format.ts';
import { heatmapRange, todayRange } from '../utils/range.ts';
import '../reports.css';

const LIVE_KEYS = ['open', 'unattended', 'unassigned', 'pending'] as const;

/** An agent's availability, as presence tells it (lib/realtime `availabilityIn`). */
function AvailabilityBadge({ availability }: { availability: Availability }) {
  return <span className={`reports-availability reports-availability--${availability}`}>{t(`REPORTS.AVAILABILITY.${availability}`)}</span>;
}

/**
 * The reports overview (account_overview_reports): the live counts (open, unattended, unassigned, pending) and
 * each agent's open and unattended conversations with their availability, kept current by realtime events
 * (throttled) and a slow poll; then the conversation-traffic heatmap of the last HEATMAP_DAYS days.
 */
export function OverviewPage() {
  const { account } = useCurrentAccount();
  const presence = usePresence(account.id);
  // The window is fixed when the screen opens: a re-render must not make a new query every second.
  const [now] = useState(() => new Date());
  const live = { range: todayRange(now) };
  const counts = useLiveCounts(account.id, live);
  const agents = useLiveAgents(account.id, live);
  useLiveReportsRealtime(account.id);
  const traffic = heatmapRange(now);
  const heatmap = useHeatmap(account.id, traffic);

  return (
    <div className="reports-page">
      <ReportHeader title={t('REPORTS.TITLE.overview')} description={t('REPORTS.DESCRIPTION.overview')} />
      <section className="reports-panel" aria-labelledby="reports-live-title">
        <div className="reports-panel__head">
          <h2 id="reports-live-title" className="reports-panel__title">
            {t('REPORTS.LIVE.TITLE')}
          </h2>
          <span className="reports-live-dot">{t('REPORTS.LIVE.UPDATED')}</span>
        </div>
        {counts.isError ? (
          <ErrorState onRetry={() => void counts.refetch()} />
        ) : counts.data ? (
          <MetricCards label={t('REPORTS.LIVE.TITLE')} items={LIVE_KEYS.map((key) => ({ key, label: t(`REPORTS.LIVE.${key}`), value: formatNumber(counts.data[key]) }))} />
        ) : (
          <Skeleton rows={2} />
        )}
      </section>

      <section className="reports-panel" aria-labelledby="reports-agents-title">
        <h2 id="reports-agents-title" className="reports-panel__title">
          {t('REPORTS.AGENTS.TITLE')}
        </h2>
        {agents.isError ? (
          <ErrorState onRetry={() => void agents.refetch()} />
        ) : !agents.data ? (
          <Skeleton rows={3} />
        ) : agents.data.length === 0 ? (
          <EmptyState message={t('REPORTS.AGENTS.EMPTY')} hint={null} />
        ) : (
          <div className="reports-table-scroll" role="region" aria-labelledby="reports-agents-title" tabIndex={0}>
            <table className="reports-table">
              <thead>
                <tr>
                  <th scope="col">{t('REPORTS.AGENTS.NAME')}</th>
                  <th scope="col">{t('REPORTS.AGENTS.STATUS')}</th>
                  <th scope="col" className="reports-table__number">
                    {t('REPORTS.AGENTS.OPEN')}
                  </th>
                  <th scope="col" className="reports-table__number">
                    {t('REPORTS.AGENTS.UNATTENDED')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {agents.data.map((agent) => (
                  <tr key={agent.id}>
                    <th scope="row">
                      <span className="reports-agent">
                        <Avatar name={agent.name} src={agent.thumbnail || null} size="small" />
                        <span>
                          <span className="reports-agent__name">{agent.name}</span>
                          <span className="reports-agent__email">{agent.email}</span>
                        </span>
                      </span>
                    </th>
                    <td>
                      <AvailabilityBadge availability={availabilityIn(presence, agent.id, agent.availability)} />
                    </td>
                    <td className="reports-table__number">{formatNumber(agent.metric.open)}</td>
                    <td className="reports-table__number">{formatNumber(agent.metric.unattended)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="reports-panel" aria-labelledby="reports-heatmap-title">
        <div className="reports-panel__head">
          <div>
            <h2 id="reports-heatmap-title" className="reports-panel__title">
              {t('REPORTS.HEATMAP.TITLE')}
            </h2>
            <p className="reports-panel__description">{t('REPORTS.HEATMAP.DESCRIPTION', { days: HEATMAP_DAYS })}</p>
          </div>
          <DownloadButton onDownload={() => downloadReport(account.id, 'conversation', { range: traffic, groupBy: 'hour' }, reportCsvFileName('conversation_traffic', new Date(), false))} />
        </div>
        {heatmap.isError ? (
          <ErrorState onRetry={() => void heatmap.refetch()} />
        ) : !heatmap.data ? (
          <Skeleton rows={4} />
        ) : (
          <Heatmap grid={heatmapGrid(heatmap.data, traffic.from)} />
        )}
      </section>
    </div>
  );
}
