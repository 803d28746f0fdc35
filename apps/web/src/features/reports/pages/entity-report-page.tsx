import '../messages.ts';
import { useId, useState } from 'react';
import { canAccess } from '@app/shared/permissions';
import { reportCsvFileName, type SummaryRow } from '@app/shared/reports';
import { useCurrentAccount } from '../../auth/index.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadReport, useEntityNames, useSummaryRows, type EntityType } from '../api.ts';
import { DownloadButton } from '../components/download-button.tsx';
import { MetricsReport } from '../components/metrics-report.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { EmptyState, ErrorState, Skeleton } from '../components/report-states.tsx';
import { SummaryTable, type NamedRow } from '../components/summary-table.tsx';
import { useReportControls } from '../components/use-report-controls.ts';
import '../reports.css';

const zeros = (id: number): SummaryRow => ({ id, conversations_count: 0, resolved_conversations_count: 0, avg_first_response_time: null, avg_resolution_time: null, avg_reply_time: null });

/**
 * The table's rows: every entity of the account, with zeros where the range has nothing for it, plus any the
 * server reports that is gone from the list (named by id). `onlyId`: an agent reading the agent report sees
 * their own row only.
 */
export function namedRows(rows: SummaryRow[], names: { id: number; name: string }[], onlyId: number | null): NamedRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const named = new Map(names.map((entity) => [entity.id, entity.name]));
  const ids = onlyId !== null ? [onlyId] : [...new Set([...names.map((entity) => entity.id), ...rows.map((row) => row.id)])];
  return ids.map((id) => ({ ...(byId.get(id) ?? zeros(id)), name: named.get(id) ?? t('REPORTS.TABLE.UNKNOWN', { id }) }));
}

/**
 * The agent, label, inbox and team reports: a sortable table of every one of them over the period (from
 * summary_reports/{type}), a filter to one of them showing its cards and chart (type and id on the report
 * calls), and the CSV. Agents (without report_manage) see their own row and figures only.
 */
export function EntityReportPage({ type }: { type: EntityType }) {
  const { account, user } = useCurrentAccount();
  const controls = useReportControls();
  const filterId = useId();
  const ownOnly = type === 'agent' && !canAccess(account.permissions, 'api:reports.index');
  const [picked, setPicked] = useState<number | null>(ownOnly ? user.id : null);
  const rows = useSummaryRows(account.id, type, controls.input);
  const names = useEntityNames(account.id, type);
  const table = rows.data ? namedRows(rows.data, names.data ?? [], ownOnly ? user.id : null) : null;
  const choices = ownOnly ? [{ id: user.id, name: user.available_name || user.name }] : (names.data ?? []);
  const pickedName = choices.find((entity) => entity.id === picked)?.name;

  return (
    <div className="reports-page">
      <ReportHeader title={t(`REPORTS.TITLE.${type}`)} description={t(`REPORTS.DESCRIPTION.${type}`)} controls={controls}>
        <div className="reports-field">
          <label htmlFor={filterId}>{t(`REPORTS.FILTER.${type}`)}</label>
          <select id={filterId} value={picked ?? ''} onChange={(event) => setPicked(event.target.value ? Number(event.target.value) : null)}>
            {ownOnly ? null : <option value="">{t(`REPORTS.FILTER.ALL.${type}`)}</option>}
            {choices.map((entity) => (
              <option key={entity.id} value={entity.id}>
                {entity.name}
              </option>
            ))}
          </select>
        </div>
        <DownloadButton onDownload={() => downloadReport(account.id, type, controls.input, reportCsvFileName(type, new Date(), controls.businessHours))} />
      </ReportHeader>
      {picked !== null ? (
        <section className="reports-section" aria-label={t('REPORTS.FILTER.SHOWING', { name: pickedName ?? `#${picked}` })}>
          <MetricsReport key={picked} accountId={account.id} controls={controls} type={type} id={picked} />
        </section>
      ) : null}
      <section className="reports-panel">
        <h2 className="reports-panel__title">{t(`REPORTS.TITLE.${type}`)}</h2>
        {rows.isError ? (
          <ErrorState onRetry={() => void rows.refetch()} />
        ) : !table ? (
          <Skeleton rows={4} />
        ) : table.length === 0 ? (
          <EmptyState />
        ) : (
          <SummaryTable rows={table} nameLabel={t(`REPORTS.FILTER.${type}`)} caption={t(`REPORTS.TITLE.${type}`)} />
        )}
      </section>
    </div>
  );
}
