import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { AvatarPicker, type PickedAvatar } from './avatar-picker.tsx';
import { useConfirmDialog } from './confirm-dialog.tsx';
import { useToast } from './toast-provider.tsx';

/** What the field says, in its owner's words. */
export type AvatarFieldText = {
  label: string;
  updated: string;
  removed: string;
  failed: string;
  removeTitle: string;
  removeDescription: string;
  removeConfirm: string;
  removeCancel: string;
};

type UploadedAvatarFieldProps = {
  /** The picture now, or null for initials. */
  src: string | null;
  /** Whose initials stand in without a picture. */
  name: string;
  upload: UseMutationResult<unknown, Error, File>;
  remove: UseMutationResult<unknown, Error, void>;
  text: AvatarFieldText;
};

/**
 * An avatar picker wired to an upload and a removal call (a profile, an inbox): a chosen picture shows at once and
 * uploads; removing asks first; a 422 on `avatar` shows under the picker, other failures as a toast.
 */
export function UploadedAvatarField({ src, name, upload, remove, text }: UploadedAvatarFieldProps) {
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const failed = (cause: unknown) => {
    const message = cause instanceof ApiError && cause.status === 422 ? cause.fieldErrors.avatar?.[0] : undefined;
    if (message) setError(`${text.label} ${message}`);
    else toast(text.failed, 'error');
  };

  const choose = ({ file, url }: PickedAvatar) => {
    setPreview(url);
    setError(undefined);
    upload.mutate(file, { onSuccess: () => toast(text.updated, 'success'), onError: failed, onSettled: () => setPreview(null) });
  };

  const askToRemove = async () => {
    const yes = await confirm({ title: text.removeTitle, description: text.removeDescription, confirmLabel: text.removeConfirm, cancelLabel: text.removeCancel, tone: 'danger' });
    if (!yes) return;
    setError(undefined);
    remove.mutate(undefined, { onSuccess: () => toast(text.removed, 'success'), onError: failed });
  };

  return (
    <>
      <AvatarPicker
        label={text.label}
        src={preview ?? src}
        username={name}
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
