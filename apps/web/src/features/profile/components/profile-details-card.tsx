import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { FormField } from '../../../components/form-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { validateNames, type FieldErrors } from '../utils/profile-validation.ts';
import { AvatarField } from './avatar-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';

/** Picture, full name and display name (the name customers see; empty falls back to the full name). */
export function ProfileDetailsCard({ user }: { user: CurrentUser }) {
  const [name, setName] = useState(user.name);
  const [displayName, setDisplayName] = useState(user.display_name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useSectionSave(['name', 'display_name'], t('PROFILE_SETTINGS.UPDATE_SUCCESS'));
  const pristine = name === user.name && displayName === (user.display_name ?? '');

  const submit = () => {
    const found = validateNames({ name });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save(
      { name: name.trim(), display_name: displayName.trim() || null },
      {
        onSaved: (saved) => {
          setName(saved.name);
          setDisplayName(saved.display_name ?? '');
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t('PROFILE_SETTINGS.FORM.PROFILE_SECTION.TITLE')}
      description={t('PROFILE_SETTINGS.FORM.PROFILE_SECTION.NOTE')}
      onSubmit={submit}
      saving={saving}
      pristine={pristine}
    >
      <AvatarField user={user} />
      <div className="settings-card__row">
        <FormField
          label={t('PROFILE_SETTINGS.FORM.NAME.LABEL')}
          name="name"
          autoComplete="name"
          maxLength={255}
          placeholder={t('PROFILE_SETTINGS.FORM.NAME.PLACEHOLDER')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
            clearServerError('name');
          }}
          error={errors.name ?? serverErrors.name}
        />
        <FormField
          label={t('PROFILE_SETTINGS.FORM.DISPLAY_NAME.LABEL')}
          name="display_name"
          autoComplete="nickname"
          maxLength={255}
          placeholder={t('PROFILE_SETTINGS.FORM.DISPLAY_NAME.PLACEHOLDER')}
          value={displayName}
          onChange={(e) => {
            setDisplayName(e.target.value);
            clearServerError('display_name');
          }}
          error={serverErrors.display_name}
        />
      </div>
      <p className="field__hint settings-card__note">{t('PROFILE_SETTINGS.FORM.DISPLAY_NAME.HINT')}</p>
    </SettingsCard>
  );
}
