import { useId, useState } from 'react';
import type { Account } from '@app/shared/accounts';
import { describedByOf, FieldMessages } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { Toggle } from '../../../components/toggle.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useUpdateAccount } from '../api.ts';
import { AUTO_RESOLVE_MESSAGE_MAX, DURATION_UNITS, durationOf, minutesOf, validateAutoResolve, type AutoResolveErrors, type DurationUnit } from '../utils/general-form.ts';

type Stored = { after: number | null; message: string; ignoreWaiting: boolean };

/** The account's settings as the accounts API keeps them (settings.auto_resolve_*). */
function storedOf(account: Account): Stored {
  const { auto_resolve_after: after, auto_resolve_message: message, auto_resolve_ignore_waiting: ignore } = account.settings;
  return { after: typeof after === 'number' ? after : null, message: typeof message === 'string' ? message : '', ignoreWaiting: ignore === true };
}

/**
 * Auto-resolve (the accounts API's auto_resolve_after, _message and _ignore_waiting), for accounts with the
 * auto_resolve_conversations feature. Turning it off stores no duration.
 */
export function AutoResolveCard({ account }: { account: Account }) {
  const stored = storedOf(account);
  const initial = durationOf(stored.after ?? 1440 * 7);
  const [enabled, setEnabled] = useState(stored.after !== null);
  const [amount, setAmount] = useState(initial.amount);
  const [unit, setUnit] = useState<DurationUnit>(initial.unit);
  const [message, setMessage] = useState(stored.message);
  const [ignoreWaiting, setIgnoreWaiting] = useState(stored.ignoreWaiting);
  const [errors, setErrors] = useState<AutoResolveErrors>({});
  const update = useUpdateAccount(account.id);
  const toast = useToast();
  const amountId = useId();
  const unitId = useId();
  const featureOn = account.features.auto_resolve_conversations === true;

  const after = enabled ? minutesOf(amount, unit) : null;
  const pristine = after === stored.after && message === stored.message && ignoreWaiting === stored.ignoreWaiting;

  const submit = () => {
    const found = validateAutoResolve({ enabled, amount, unit, message });
    setErrors(found);
    if (found.duration || found.message) return;
    update.mutate(
      { auto_resolve_after: after, auto_resolve_message: message.trim() || null, auto_resolve_ignore_waiting: ignoreWaiting },
      {
        onSuccess: () => toast(t('GENERAL_SETTINGS.UPDATE.SUCCESS'), 'success'),
        onError: (error) => {
          const read = readServerErrors(
            error,
            { auto_resolve_after: t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.DURATION'), auto_resolve_message: t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.MESSAGE') },
            t('GENERAL_SETTINGS.UPDATE.ERROR'),
          );
          setErrors({ duration: read.fields.auto_resolve_after, message: read.fields.auto_resolve_message });
          if (read.message) toast(read.message, 'error');
        },
      },
    );
  };

  if (!featureOn) {
    return (
      <SettingsCard title={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.TITLE')} description={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.NOTE')}>
        <p className="muted">{t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.FEATURE_OFF')}</p>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard
      title={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.TITLE')}
      description={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.NOTE')}
      onSubmit={submit}
      saving={update.isPending}
      pristine={pristine}
      submitLabel={t('GENERAL_SETTINGS.SAVE')}
    >
      <Toggle
        label={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.ENABLED')}
        checked={enabled}
        onChange={(checked) => {
          setEnabled(checked);
          setErrors((current) => ({ ...current, duration: undefined }));
        }}
      />
      {enabled ? (
        <>
          <div className={`field auto-resolve__duration${errors.duration ? ' field--error' : ''}`}>
            <div className="auto-resolve__inputs">
              <div className="field">
                <label htmlFor={amountId}>{t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.DURATION')}</label>
                <input
                  id={amountId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={amount}
                  aria-invalid={errors.duration ? true : undefined}
                  aria-describedby={describedByOf({ id: amountId, error: errors.duration })}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setErrors((current) => ({ ...current, duration: undefined }));
                  }}
                  onBlur={() => setErrors((current) => ({ ...current, duration: validateAutoResolve({ enabled, amount, unit, message }).duration }))}
                />
              </div>
              <div className="field">
                <label htmlFor={unitId}>{t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.UNIT')}</label>
                <select id={unitId} value={unit} onChange={(e) => setUnit(e.target.value as DurationUnit)}>
                  {DURATION_UNITS.map((option) => (
                    <option key={option} value={option}>
                      {t(`GENERAL_SETTINGS.FORM.AUTO_RESOLVE.UNITS.${option}` as MessageKey)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <FieldMessages id={amountId} error={errors.duration} />
          </div>
          <TextareaField
            label={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.MESSAGE')}
            rows={3}
            maxLength={AUTO_RESOLVE_MESSAGE_MAX}
            placeholder={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.MESSAGE_PLACEHOLDER')}
            hint={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.MESSAGE_HINT')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message}
          />
          <Toggle
            label={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.IGNORE_WAITING')}
            description={t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.IGNORE_WAITING_HINT')}
            checked={ignoreWaiting}
            onChange={setIgnoreWaiting}
          />
        </>
      ) : null}
    </SettingsCard>
  );
}
