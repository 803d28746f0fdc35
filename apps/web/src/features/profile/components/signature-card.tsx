import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useSectionSave } from '../hooks/use-section-save.ts';
import { SIGNATURE_MAX_LENGTH, validateSignature, type FieldErrors } from '../utils/profile-validation.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';

/** The message signature, markdown; an empty one is saved as none. */
export function SignatureCard({ user }: { user: CurrentUser }) {
  const [signature, setSignature] = useState(user.message_signature ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { save, saving, serverErrors, clearServerError } = useSectionSave(
    ['message_signature'],
    t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE_SECTION.API_SUCCESS'),
  );

  const submit = () => {
    const found = validateSignature(signature);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save({ message_signature: signature.trim() ? signature : null });
  };

  return (
    <SettingsCard
      title={t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE_SECTION.TITLE')}
      description={t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE_SECTION.NOTE')}
      onSubmit={submit}
      saving={saving}
      pristine={signature === (user.message_signature ?? '')}
    >
      <TextareaField
        label={t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE.LABEL')}
        name="message_signature"
        rows={4}
        maxLength={SIGNATURE_MAX_LENGTH}
        placeholder={t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE.PLACEHOLDER')}
        hint={t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE.HINT')}
        value={signature}
        onChange={(e) => {
          setSignature(e.target.value);
          setErrors({});
          clearServerError('message_signature');
        }}
        error={errors.message_signature ?? serverErrors.message_signature}
      />
    </SettingsCard>
  );
}
