import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { validateAssignmentLimit, type FieldErrors } from '../utils/inbox-validation.ts';

const LIMIT_KEY = 'auto_assignment_config.max_assignment_limit';
const LABELS: Record<string, MessageKey> = { [LIMIT_KEY]: 'INBOX_MGMT.AUTO_ASSIGNMENT.MAX_LIMIT' };

const limitOf = (inbox: Inbox) => {
  const limit = inbox.auto_assignment_config.max_assignment_limit;
  return typeof limit === 'number' ? String(limit) : '';
};

/** Automatic assignment of new conversations among the inbox's agents, with an optional cap of open conversations per agent. */
export function AutoAssignmentCard({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const [enabled, setEnabled] = useState(inbox.enable_auto_assignment);
  const [limit, setLimit] = useState(() => limitOf(inbox));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, LABELS, t('INBOX_MGMT.AUTO_ASSIGNMENT.SUCCESS'));
  const pristine = enabled === inbox.enable_auto_assignment && limit.trim() === limitOf(inbox);
  useReportUnsaved(!pristine);

  const submit = () => {
    const found = enabled ? validateAssignmentLimit(limit) : {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const text = limit.trim();
    save(
      { enable_auto_assignment: enabled, ...(enabled ? { auto_assignment_config: { max_assignment_limit: text ? Number(text) : null } } : {}) },
      (next) => {
        setEnabled(next.enable_auto_assignment);
        setLimit(limitOf(next));
      },
    );
  };

  return (
    <SettingsCard title={t('INBOX_MGMT.AUTO_ASSIGNMENT.TITLE')} description={t('INBOX_MGMT.AUTO_ASSIGNMENT.DESCRIPTION')} onSubmit={submit} saving={saving} pristine={pristine}>
      <Toggle label={t('INBOX_MGMT.AUTO_ASSIGNMENT.TOGGLE')} description={t('INBOX_MGMT.AUTO_ASSIGNMENT.TOGGLE_HINT')} checked={enabled} onChange={setEnabled} />
      {enabled ? (
        <div className="settings-card__row">
          <FormField
            label={t('INBOX_MGMT.AUTO_ASSIGNMENT.MAX_LIMIT')}
            name="max_assignment_limit"
            inputMode="numeric"
            hint={t('INBOX_MGMT.AUTO_ASSIGNMENT.MAX_LIMIT_HINT')}
            value={limit}
            onChange={(e) => {
              setLimit(e.target.value);
              setErrors({});
              clearServerError(LIMIT_KEY);
            }}
            onBlur={() => setErrors(validateAssignmentLimit(limit))}
            error={errors[LIMIT_KEY] ?? serverErrors[LIMIT_KEY]}
          />
        </div>
      ) : null}
    </SettingsCard>
  );
}
