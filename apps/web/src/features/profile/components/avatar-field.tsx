import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { AvatarPicker, type PickedAvatar } from '../../../components/avatar-picker.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useDeleteAvatar, useUploadAvatar } from '../api.ts';

/** The avatar picker wired to the profile: a chosen picture uploads at once; removing asks first. */
export function AvatarField({ user }: { user: CurrentUser }) {
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const failed = (cause: unknown) => {
    const avatarMessage = cause instanceof ApiError && cause.status === 422 ? cause.fieldErrors.avatar?.[0] : undefined;
    if (avatarMessage) setError(`${t('PROFILE_SETTINGS.FORM.AVATAR')} ${avatarMessage}`);
    else toast(t('PROFILE_SETTINGS.FORM.AVATAR_ERROR'), 'error');
  };

  const choose = ({ file, url }: PickedAvatar) => {
    setPreview(url);
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => toast(t('PROFILE_SETTINGS.FORM.AVATAR_UPDATED'), 'success'),
      onError: failed,
      onSettled: () => setPreview(null),
    });
  };

  const askToRemove = async () => {
    const yes = await confirm({
      title: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.TITLE'),
      description: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.DESCRIPTION'),
      confirmLabel: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.CONFIRM'),
      cancelLabel: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.CANCEL'),
      tone: 'danger',
    });
    if (!yes) return;
    setError(undefined);
    remove.mutate(undefined, { onSuccess: () => toast(t('PROFILE_SETTINGS.FORM.AVATAR_REMOVED'), 'success'), onError: failed });
  };

  return (
    <>
      <AvatarPicker
        label={t('PROFILE_SETTINGS.FORM.AVATAR')}
        src={preview ?? (user.avatar_url || null)}
        username={user.name}
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
