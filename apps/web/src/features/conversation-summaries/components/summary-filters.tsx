import { useId } from 'react';
import { DateRangePicker } from '../../../components/date-range-picker.tsx';
import type { DateRange } from '../../../components/date-range.ts';
import { t } from '../../../lib/i18n/i18n.ts';

type SummaryFiltersProps = {
  inboxes: readonly { id: number; name: string }[];
  /** null: all inboxes. */
  inboxId: number | null;
  onInboxChange: (inboxId: number | null) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
};

/** The inbox (all, or one) and the period of the summary. */
export function SummaryFilters({ inboxes, inboxId, onInboxChange, range, onRangeChange }: SummaryFiltersProps) {
  const id = useId();
  // An inbox in the URL that the list does not hold yet (still loading, or not the user's) stays selectable.
  const known = inboxId === null || inboxes.some((inbox) => inbox.id === inboxId);
  return (
    <div className="summary-filters" role="group" aria-label={t('CONVERSATION_SUMMARIES.FILTERS')}>
      <div className="summary-filters__inbox">
        <label htmlFor={`${id}-inbox`}>{t('CONVERSATION_SUMMARIES.INBOX')}</label>
        <select id={`${id}-inbox`} value={inboxId ?? ''} onChange={(event) => onInboxChange(event.target.value ? Number(event.target.value) : null)}>
          <option value="">{t('CONVERSATION_SUMMARIES.ALL_INBOXES')}</option>
          {known ? null : <option value={inboxId}>#{inboxId}</option>}
          {[...inboxes].sort((a, b) => a.name.localeCompare(b.name)).map((inbox) => (
            <option key={inbox.id} value={inbox.id}>
              {inbox.name}
            </option>
          ))}
        </select>
      </div>
      <DateRangePicker value={range} onChange={onRangeChange} label={t('CONVERSATION_SUMMARIES.DATE_RANGE')} />
    </div>
  );
}
