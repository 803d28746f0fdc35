import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { useToast } from '../../../components/toast-provider.tsx';
import type { MessageKey } from '../../../lib/i18n/i18n.ts';
import { useUpdateInbox, type InboxChanges } from '../api.ts';
import { readSaveError, type FieldErrors } from '../utils/inbox-validation.ts';

/**
 * One form's save: PATCH the inbox with its changes, a success toast, and on failure the server's 422
 * messages under the form's fields (`labels` names them), anything else as an error toast.
 */
export function useInboxSave(accountId: number, inboxId: number, labels: Record<string, MessageKey>, successMessage: string) {
  const update = useUpdateInbox(accountId, inboxId);
  const toast = useToast();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const save = (changes: InboxChanges, onSaved?: (inbox: Inbox) => void) => {
    setServerErrors({});
    update.mutate(changes, {
      onSuccess: (inbox) => {
        toast(successMessage, 'success');
        onSaved?.(inbox);
      },
      onError: (error) => {
        const read = readSaveError(error, labels);
        setServerErrors(read.fields);
        if (read.message) toast(read.message, 'error');
      },
    });
  };

  /** Editing a field takes its server message away. */
  const clearServerError = (field: string) => setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  return { save, saving: update.isPending, serverErrors, clearServerError };
}
