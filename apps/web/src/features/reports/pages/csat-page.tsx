import '../messages.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CSAT_PAGE_SIZE, CSAT_RATINGS, responseRate, satisfactionScore, type CsatMetrics } from '@app/shared/csat';
import { percent, reportCsvFileName } from '@app/shared/reports';
import { useCurrentAccount } from '../../auth/index.ts';
import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { downloadReport, useCsatMetrics, useCsatResponses, useEntityNames, type CsatFilters, type EntityType } from '../api.ts';
import { DownloadButton } from '../components/download-button.tsx';
import { MetricCards } from '../components/metric-cards.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { EmptyState, ErrorState, Skeleton } from '../components/report-states.tsx';
import { useReportControls } from '../components/use-report-controls.ts';
import { dateTimeLabel } from '../utils/dates.ts';
import { formatNumber, formatPercent } from '../utils/format.ts';
import '../reports.css';

const NO_FILTERS: CsatFilters = { agentId: null, inboxId: null, teamId: null, rating: null };
const FILTERS = [
  ['agent', 'agentId'],
  ['inbox', 'inboxId'],
  ['team', 'teamId'],
] as const satisfies readonly (readonly [EntityType, keyof CsatFilters])[];

/** The share of each rating, for the distribution bar. */
function Distribution({ metrics }: { metrics: CsatMetrics }) {
  if (metrics.total_count === 0) return null;
  return (
    <section className="reports-panel" aria-labelledby="csat-distribution">
      <h2 id="csat-distribution" className="reports-panel__title">
        {t('REPORTS.CSAT.DISTRIBUTION')}
      </h2>
      <div className="csat-bar" aria-hidden="true">
        {CSAT_RATINGS.map((rating) => {
          const share = percent(metrics.ratings_count[`${rating}`], metrics.total_count);
          return share > 0 ? <span key={rating} className={`csat-bar__part csat-bar__part--${rating}`} style={{ inlineSize: `${share}%` }} /> : null;
        })}
      </div>
      <ul className="csat-legend">
        {CSAT_RATINGS.map((rating) => (
          <li key={rating}>
            <span className={`csat-bar__swatch csat-bar__part--${rating}`} aria-hidden="true" />
            {t('REPORTS.CSAT.RATING_SHARE', {
              rating,
              count: formatNumber(metrics.ratings_count[`${rating}`]),
              percent: formatPercent(percent(metrics.ratings_count[`${rating}`], metrics.total_count)),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EntityFilter({ accountId, type, value, onChange }: { accountId: number; type: EntityType; value: number | null; onChange: (id: number | null) => void }) {
  const id = useId();
  const names = useEntityNames(accountId, type);
  return (
    <div className="reports-field">
      <label htmlFor={id}>{t(`REPORTS.FILTER.${type}`)}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">{t(`REPORTS.FILTER.ALL.${type}`)}</option>
        {(names.data ?? []).map((entity) => (
          <option key={entity.id} value={entity.id}>
            {entity.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The CSAT report (csat_reports; agents land here): total responses, satisfaction score (S1-9.12) and response
 * rate (S1-9.13) with two decimals, the rating distribution, the responses page by page (CSAT_PAGE_SIZE), the
 * agent, inbox, team and rating filters, and the CSV of the responses.
 */
export function CsatReportPage() {
  const { account } = useCurrentAccount();
  const controls = useReportControls();
  const ratingId = useId();
  const [filters, setFilters] = useState<CsatFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const metrics = useCsatMetrics(account.id, controls.range, filters);
  const responses = useCsatResponses(account.id, controls.range, filters, page);
  const pages = Math.max(1, Math.ceil((responses.data?.meta.count ?? 0) / CSAT_PAGE_SIZE));
  const filter = (next: Partial<CsatFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <div className="reports-page">
      <ReportHeader
        title={t('REPORTS.TITLE.csat')}
        description={t('REPORTS.DESCRIPTION.csat')}
        controls={{ ...controls, setRange: (range) => (controls.setRange(range), setPage(1)) }}
        showGroupBy={false}
        showBusinessHours={false}
      >
        {FILTERS.map(([type, key]) => (
          <EntityFilter key={type} accountId={account.id} type={type} value={filters[key]} onChange={(id) => filter({ [key]: id })} />
        ))}
        <div className="reports-field">
          <label htmlFor={ratingId}>{t('REPORTS.FILTER.rating')}</label>
          <select id={ratingId} value={filters.rating ?? ''} onChange={(event) => filter({ rating: event.target.value ? Number(event.target.value) : null })}>
            <option value="">{t('REPORTS.FILTER.ALL.rating')}</option>
            {CSAT_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {t('REPORTS.CSAT.RATING', { rating })}
              </option>
            ))}
          </select>
        </div>
        <DownloadButton onDownload={() => downloadReport(account.id, 'csat', controls.input, reportCsvFileName('csat', new Date(), false), filters)} />
      </ReportHeader>

      {metrics.isError ? (
        <ErrorState onRetry={() => void metrics.refetch()} />
      ) : metrics.data ? (
        <>
          <MetricCards
            items={[
              { key: 'total', label: t('REPORTS.CSAT.total'), value: formatNumber(metrics.data.total_count) },
              { key: 'score', label: t('REPORTS.CSAT.score'), value: formatPercent(satisfactionScore(metrics.data)) },
              {
                key: 'rate',
                label: t('REPORTS.CSAT.rate'),
                value: formatPercent(responseRate(metrics.data)),
                hint: t('REPORTS.CSAT.RATE_HINT', { responses: formatNumber(metrics.data.total_count), sent: formatNumber(metrics.data.total_sent_messages_count) }),
              },
            ]}
          />
          <Distribution metrics={metrics.data} />
        </>
      ) : (
        <Skeleton rows={2} />
      )}

      <section className="reports-panel" aria-labelledby="csat-responses">
        <h2 id="csat-responses" className="reports-panel__title">
          {t('REPORTS.CSAT.RESPONSES')}
        </h2>
        {responses.isError ? (
          <ErrorState onRetry={() => void responses.refetch()} />
        ) : !responses.data ? (
          <Skeleton rows={4} />
        ) : responses.data.payload.length === 0 ? (
          <EmptyState message={t('REPORTS.CSAT.EMPTY')} />
        ) : (
          <>
            <div className="reports-table-scroll" role="region" aria-labelledby="csat-responses" tabIndex={0}>
              <table className="reports-table">
                <thead>
                  <tr>
                    <th scope="col">{t('REPORTS.CSAT.COL.rating')}</th>
                    <th scope="col">{t('REPORTS.CSAT.COL.feedback')}</th>
                    <th scope="col">{t('REPORTS.CSAT.COL.contact')}</th>
                    <th scope="col">{t('REPORTS.CSAT.COL.agent')}</th>
                    <th scope="col">{t('REPORTS.CSAT.COL.conversation')}</th>
                    <th scope="col">{t('REPORTS.CSAT.COL.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {responses.data.payload.map((response) => (
                    <tr key={response.id}>
                      <td>
                        <span className={`csat-rating csat-bar__part--${response.rating}`}>{t('REPORTS.CSAT.RATING', { rating: response.rating })}</span>
                      </td>
                      <td className="csat-feedback">{response.feedback_message || <span className="reports-muted">{t('REPORTS.CSAT.NO_FEEDBACK')}</span>}</td>
                      <td>{response.contact?.name ?? t('REPORTS.NO_VALUE')}</td>
                      <td>{response.assigned_agent?.name ?? <span className="reports-muted">{t('REPORTS.CSAT.NOBODY')}</span>}</td>
                      <td>
                        <Link to={accountPath(account.id, `conversations/${response.conversation_id}`)}>{t('REPORTS.CSAT.CONVERSATION_LINK', { id: response.conversation_id })}</Link>
                      </td>
                      <td className="reports-nowrap">{dateTimeLabel(response.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 ? (
              <nav className="reports-pager" aria-label={t('REPORTS.CSAT.PAGES')}>
                <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('REPORTS.CSAT.PREVIOUS')}
                </Button>
                <span aria-live="polite">{t('REPORTS.CSAT.PAGE', { page, pages })}</span>
                <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('REPORTS.CSAT.NEXT')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
