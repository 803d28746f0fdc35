import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { FormField } from '../../../components/form-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { validateEmail, type FieldErrors, type ProfileField } from '../utils/profile-validation.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';

/** The sign-in address; a new one needs the current password and is confirmed by mail. */
export function EmailCard({ user }: { user: CurrentUser }) {
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useSectionSave(['email', 'current_password'], t('PROFILE_SETTINGS.AFTER_EMAIL_CHANGED'));
  const changed = email.trim().toLowerCase() !== user.email.toLowerCase();

  const edited = (field: ProfileField) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    clearServerError(field);
  };
  const submit = () => {
    const found = validateEmail({ email, current_password: currentPassword });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save(
      { email: email.trim(), current_password: currentPassword },
      {
        onSaved: (saved) => {
          setEmail(saved.email);
          setCurrentPassword('');
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t('PROFILE_SETTINGS.FORM.EMAIL_SECTION.TITLE')}
      description={t('PROFILE_SETTINGS.FORM.EMAIL_SECTION.NOTE')}
      onSubmit={submit}
      saving={saving}
      pristine={!changed}
      footerHint={changed ? t('PROFILE_SETTINGS.FORM.EMAIL.FOOTER') : undefined}
    >
      <FormField
        label={t('PROFILE_SETTINGS.FORM.EMAIL.LABEL')}
        type="email"
        name="email"
        autoComplete="email"
        maxLength={255}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          edited('email');
        }}
        error={errors.email ?? serverErrors.email}
      />
      {changed ? (
        <FormField
          label={t('PROFILE_SETTINGS.FORM.CURRENT_PASSWORD.LABEL')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          hint={t('PROFILE_SETTINGS.FORM.EMAIL.CURRENT_PASSWORD_HINT')}
          value={currentPassword}
          onChange={(e) => {
            setCurrentPassword(e.target.value);
            edited('current_password');
          }}
          error={errors.current_password ?? serverErrors.current_password}
        />
      ) : null}
    </SettingsCard>
  );
}
