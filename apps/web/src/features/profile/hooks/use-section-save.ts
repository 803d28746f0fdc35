import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { useToast } from '../../../components/toast-provider.tsx';
import { useUpdateProfile, type ProfileChanges } from '../api.ts';
import { readSaveError, type FieldErrors, type ProfileField } from '../utils/profile-validation.ts';

/**
 * One section's save: PUT profile with its changes, a success toast, and on failure the server's 422
 * messages under the section's fields (anything else as an error toast).
 */
export function useSectionSave(fields: readonly ProfileField[], successMessage: string) {
  const update = useUpdateProfile();
  const toast = useToast();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const save = (changes: ProfileChanges, then: { onSaved?: (user: CurrentUser) => void; onSettled?: () => void } = {}) => {
    setServerErrors({});
    update.mutate(changes, {
      onSuccess: (user) => {
        toast(successMessage, 'success');
        then.onSaved?.(user);
      },
      onSettled: () => then.onSettled?.(),
      onError: (error) => {
        const read = readSaveError(error, fields);
        setServerErrors(read.fields);
        if (read.message) toast(read.message, 'error');
      },
    });
  };

  /** Editing a field takes its server message away. */
  const clearServerError = (field: ProfileField) => setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  return { save, saving: update.isPending, serverErrors, clearServerError };
}
