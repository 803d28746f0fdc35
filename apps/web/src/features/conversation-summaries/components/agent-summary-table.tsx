import type { ConversationSummary } from '@app/shared/payments';
import { t } from '../../../lib/i18n/i18n.ts';
import { agentRows, countsOf, type AgentRow } from '../utils/summary-rows.ts';
import { CountCells, CountHeadings } from './count-cells.tsx';

const agentName = (row: AgentRow) =>
  row.agentId === null ? t('CONVERSATION_SUMMARIES.UNASSIGNED') : (row.name ?? t('CONVERSATION_SUMMARIES.UNKNOWN_AGENT'));

/** One inbox: its conversations by agent and status, the unassigned ones last, the inbox's totals at the foot. */
export function AgentSummaryTable({ summary, showInboxName }: { summary: ConversationSummary; showInboxName: boolean }) {
  const rows = agentRows(summary);
  const titleId = `summary-inbox-${summary.inbox_id}`;
  return (
    <section className="summary-section" aria-labelledby={titleId}>
      <h2 className="summary-section__title" id={titleId}>
        {showInboxName ? summary.inbox_name : t('CONVERSATION_SUMMARIES.BY_AGENT')}
      </h2>
      <div className="settings-table-wrap">
        <table className="settings-table summary-table" aria-label={t('CONVERSATION_SUMMARIES.BY_AGENT_TABLE', { inbox: summary.inbox_name })}>
          <thead>
            <tr>
              <th scope="col">{t('CONVERSATION_SUMMARIES.COLUMN.AGENT')}</th>
              <CountHeadings />
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="muted summary-table__none">
                  {t('CONVERSATION_SUMMARIES.NO_AGENTS')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key} className={row.agentId === null ? 'summary-table__unassigned' : undefined}>
                  <th scope="row">{agentName(row)}</th>
                  <CountCells counts={row} />
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="summary-table__totals">
              <th scope="row">{t('CONVERSATION_SUMMARIES.TOTAL_ROW')}</th>
              <CountCells counts={countsOf(summary)} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
