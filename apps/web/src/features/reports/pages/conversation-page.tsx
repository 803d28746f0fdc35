import '../messages.ts';
import { reportCsvFileName } from '@app/shared/reports';
import { useCurrentAccount } from '../../auth/index.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { downloadReport } from '../api.ts';
import { DownloadButton } from '../components/download-button.tsx';
import { MetricsReport } from '../components/metrics-report.tsx';
import { ReportHeader } from '../components/report-header.tsx';
import { useReportControls } from '../components/use-report-controls.ts';
import '../reports.css';

/**
 * The conversation report (conversation_reports): the account's summary cards with their change on the previous
 * period, the picked metric's chart, the period, grouping and business-hours controls, and the CSV (the
 * conversation traffic of the period, named by S1-9.17/18).
 */
export function ConversationReportPage() {
  const { account } = useCurrentAccount();
  const controls = useReportControls();
  return (
    <div className="reports-page">
      <ReportHeader title={t('REPORTS.TITLE.conversation')} description={t('REPORTS.DESCRIPTION.conversation')} controls={controls}>
        <DownloadButton onDownload={() => downloadReport(account.id, 'conversation', controls.input, reportCsvFileName('conversation', new Date(), controls.businessHours))} />
      </ReportHeader>
      <MetricsReport accountId={account.id} controls={controls} />
    </div>
  );
}
