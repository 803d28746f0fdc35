import type { ConversationSummary } from '@app/shared/payments';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { SUMMARY_STATUSES } from '../utils/summary-rows.ts';

const numbers = new Intl.NumberFormat();

/** One inbox's totals by status, as figures at a glance above its agent table. */
export function StatusTiles({ summary }: { summary: ConversationSummary }) {
  return (
    <dl className="summary-tiles" aria-label={t('CONVERSATION_SUMMARIES.STATUS_TOTALS', { inbox: summary.inbox_name })}>
      {([...SUMMARY_STATUSES, 'total'] as const).map((status) => (
        <div key={status} className={`summary-tile summary-tile--${status}`}>
          <dt>{t(`CONVERSATION_SUMMARIES.COLUMN.${status.toUpperCase()}` as MessageKey)}</dt>
          <dd>{numbers.format(summary[status])}</dd>
        </div>
      ))}
    </dl>
  );
}
