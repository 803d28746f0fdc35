import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useInboxSave } from '../hooks/use-inbox-save.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { credentialChanges, credentialValues, CREDENTIAL_FIELDS, errorKeyOf, validateCredentials } from '../utils/credentials.ts';
import type { FieldErrors } from '../utils/inbox-validation.ts';

/** The provider credentials of SMS, WhatsApp, LINE, Telegram and Twilio inboxes; only changed fields are sent. */
export function CredentialsCard({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const fields = CREDENTIAL_FIELDS[inbox.channel_type] ?? [];
  const labels: Record<string, MessageKey> = Object.fromEntries(fields.map((f) => [errorKeyOf(f), f.label]));
  const [values, setValues] = useState(() => credentialValues(inbox, fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useInboxSave(accountId, inbox.id, labels, t('INBOX_MGMT.CONFIGURATION.SUCCESS'));
  const before = credentialValues(inbox, fields);
  const changes = credentialChanges(fields, before, values);
  useReportUnsaved(Object.keys(changes).length > 0);

  if (fields.length === 0) return null;

  const submit = () => {
    const found = validateCredentials(inbox, fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save({ channel: changes }, (next) => setValues(credentialValues(next, fields)));
  };

  return (
    <SettingsCard
      title={t('INBOX_MGMT.CONFIGURATION.CREDENTIALS.TITLE')}
      description={t(fields.some((f) => f.stored) ? 'INBOX_MGMT.CONFIGURATION.CREDENTIALS.DESCRIPTION_STORED' : 'INBOX_MGMT.CONFIGURATION.CREDENTIALS.DESCRIPTION')}
      onSubmit={submit}
      saving={saving}
      pristine={Object.keys(changes).length === 0}
    >
      <div className="settings-card__row">
        {fields.map((f) => (
          <FormField
            key={f.key}
            label={t(f.label)}
            name={f.key}
            type={f.stored || f.key.includes('secret') || f.key.includes('token') || f.key === 'api_key' ? 'password' : 'text'}
            autoComplete="off"
            hint={f.stored ? t('INBOX_MGMT.CONFIGURATION.KEEP_SECRET') : undefined}
            value={values[f.key] ?? ''}
            onChange={(e) => {
              setValues((current) => ({ ...current, [f.key]: e.target.value }));
              setErrors((current) => ({ ...current, [errorKeyOf(f)]: undefined }));
              clearServerError(errorKeyOf(f));
            }}
            error={errors[errorKeyOf(f)] ?? serverErrors[errorKeyOf(f)]}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
