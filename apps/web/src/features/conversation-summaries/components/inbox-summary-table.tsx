import { Link } from 'react-router';
import type { ConversationSummary } from '@app/shared/payments';
import { t } from '../../../lib/i18n/i18n.ts';
import { countsOf, sumCounts } from '../utils/summary-rows.ts';
import { CountCells, CountHeadings } from './count-cells.tsx';

type InboxSummaryTableProps = {
  summaries: ConversationSummary[];
  /** The link of one inbox's own summary (the period kept). */
  inboxLink: (inboxId: number) => string;
};

/** Every inbox by status, with the account's totals in the last row. */
export function InboxSummaryTable({ summaries, inboxLink }: InboxSummaryTableProps) {
  return (
    <section className="summary-section" aria-labelledby="summary-by-inbox">
      <h2 className="summary-section__title" id="summary-by-inbox">
        {t('CONVERSATION_SUMMARIES.BY_INBOX')}
      </h2>
      <div className="settings-table-wrap">
        <table className="settings-table summary-table" aria-label={t('CONVERSATION_SUMMARIES.BY_INBOX_TABLE')}>
          <thead>
            <tr>
              <th scope="col">{t('CONVERSATION_SUMMARIES.COLUMN.INBOX')}</th>
              <CountHeadings />
            </tr>
          </thead>
          <tbody>
            {summaries.map((summary) => (
              <tr key={summary.inbox_id}>
                <th scope="row">
                  <Link to={inboxLink(summary.inbox_id)}>{summary.inbox_name}</Link>
                </th>
                <CountCells counts={countsOf(summary)} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="summary-table__totals">
              <th scope="row">{t('CONVERSATION_SUMMARIES.TOTAL_ROW')}</th>
              <CountCells counts={sumCounts(summaries)} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
