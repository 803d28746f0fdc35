import { useId } from 'react';
import { t } from '../../../lib/i18n/i18n.ts';
import { ALL_INBOXES, type InboxChoice } from '../utils/checker-path.ts';

type InboxPickerProps = { inboxes: { id: number; name: string }[]; value: InboxChoice; allowAll: boolean; onChange: (inbox: InboxChoice) => void };

/** The inbox whose payments show: one of the user's inboxes, or all of them (administrators). */
export function InboxPicker({ inboxes, value, allowAll, onChange }: InboxPickerProps) {
  const id = useId();
  return (
    <div className="field checker-inbox-picker">
      <label htmlFor={id}>{t('PAYMENTS.INBOX.LABEL')}</label>
      <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value === ALL_INBOXES ? ALL_INBOXES : Number(e.target.value))}>
        {allowAll ? <option value={ALL_INBOXES}>{t('PAYMENTS.INBOX.ALL')}</option> : null}
        {inboxes.map((inbox) => (
          <option key={inbox.id} value={inbox.id}>
            {inbox.name}
          </option>
        ))}
      </select>
    </div>
  );
}
