import { useState } from 'react';
import type { Inbox } from '@app/shared/inboxes';
import { AvatarPicker, type PickedAvatar } from '../../../components/avatar-picker.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useDeleteInboxAvatar, useUploadInboxAvatar } from '../api.ts';

/** The inbox's picture: a chosen file uploads at once; removing it asks first (DELETE inboxes/{id}/avatar). */
export function InboxAvatarField({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  const upload = useUploadInboxAvatar(accountId, inbox.id);
  const remove = useDeleteInboxAvatar(accountId, inbox.id);
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const failed = (cause: unknown) => {
    const message = cause instanceof ApiError && cause.status === 422 ? cause.fieldErrors.avatar?.[0] : undefined;
    if (message) setError(`${t('INBOX_MGMT.EDIT.AVATAR.LABEL')} ${message}`);
    else toast(t('INBOX_MGMT.EDIT.AVATAR.ERROR'), 'error');
  };

  const choose = ({ file, url }: PickedAvatar) => {
    setPreview(url);
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => toast(t('INBOX_MGMT.EDIT.AVATAR.UPDATED'), 'success'),
      onError: failed,
      onSettled: () => setPreview(null),
    });
  };

  const askToRemove = async () => {
    const yes = await confirm({
      title: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_TITLE'),
      description: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_DESCRIPTION'),
      confirmLabel: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_CONFIRM'),
      cancelLabel: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_CANCEL'),
      tone: 'danger',
    });
    if (!yes) return;
    setError(undefined);
    remove.mutate(undefined, { onSuccess: () => toast(t('INBOX_MGMT.EDIT.AVATAR.REMOVED'), 'success'), onError: failed });
  };

  return (
    <>
      <AvatarPicker
        label={t('INBOX_MGMT.EDIT.AVATAR.LABEL')}
        src={preview ?? (inbox.avatar_url || null)}
        username={inbox.name}
        deletable
        busy={upload.isPending || remove.isPending}
        error={error}
        onChange={choose}
        onDelete={() => void askToRemove()}
      />
      {dialog}
    </>
  );
}
