import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { snoozeUntil, toLocalInput } from '../utils/snooze.ts';

type SnoozeDialogProps = { show: boolean; onClose: () => void; onSnooze: (until: number) => void };

/** A date and time of the agent's choosing, in the future. */
export function SnoozeDialog({ show, onClose, onSnooze }: SnoozeDialogProps) {
  const [value, setValue] = useState(() => toLocalInput(snoozeUntil('until_tomorrow') ?? 0));
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal show={show} title={t('CONVERSATION.SNOOZE.CUSTOM_TITLE')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const until = Math.floor(new Date(value).getTime() / 1000);
          if (!value || Number.isNaN(until) || until * 1000 <= Date.now()) {
            setError(t('CONVERSATION.SNOOZE.CUSTOM_INVALID'));
            return;
          }
          onSnooze(until);
        }}
      >
        <FormField
          label={t('CONVERSATION.SNOOZE.CUSTOM_LABEL')}
          type="datetime-local"
          value={value}
          min={toLocalInput(Math.floor(Date.now() / 1000))}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <div className="modal__actions">
          <Button onClick={onClose}>{t('CONVERSATION.CANCEL')}</Button>
          <Button type="submit" variant="primary">
            {t('CONVERSATION.SNOOZE.CUSTOM_SUBMIT')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
