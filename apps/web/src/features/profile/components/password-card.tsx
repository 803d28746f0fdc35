import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { FormField } from '../../../components/form-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { validatePasswordChange, type FieldErrors, type ProfileField } from '../utils/profile-validation.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Current password, a new one of at least 6 characters, and the same again; the fields empty after a change. */
export function PasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fields = ['current_password', 'password', 'password_confirmation'] as const;
  const { save, saving, serverErrors, clearServerError } = useSectionSave(fields, t('PROFILE_SETTINGS.PASSWORD_UPDATE_SUCCESS'));

  const set = (field: (typeof fields)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    clearServerError(field as ProfileField);
  };
  const submit = () => {
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save(values, { onSaved: () => setValues(EMPTY) });
  };

  const field = (name: (typeof fields)[number], label: string, autoComplete: string) => (
    <FormField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      maxLength={128}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name] ?? serverErrors[name]}
    />
  );

  return (
    <SettingsCard
      title={t('PROFILE_SETTINGS.FORM.PASSWORD_SECTION.TITLE')}
      description={t('PROFILE_SETTINGS.FORM.PASSWORD_SECTION.NOTE', { min: PASSWORD_MIN_LENGTH })}
      onSubmit={submit}
      saving={saving}
      pristine={!values.current_password && !values.password && !values.password_confirmation}
      submitLabel={t('PROFILE_SETTINGS.FORM.PASSWORD_SECTION.BTN_TEXT')}
    >
      {field('current_password', t('PROFILE_SETTINGS.FORM.CURRENT_PASSWORD.LABEL'), 'current-password')}
      <div className="settings-card__row">
        {field('password', t('PROFILE_SETTINGS.FORM.PASSWORD.LABEL'), 'new-password')}
        {field('password_confirmation', t('PROFILE_SETTINGS.FORM.PASSWORD_CONFIRMATION.LABEL'), 'new-password')}
      </div>
    </SettingsCard>
  );
}
