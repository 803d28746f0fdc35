import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { AVATAR_MAX_BYTES, IMAGE_UPLOAD_EXTENSIONS, IMAGE_UPLOAD_MIME_TYPES } from '@app/shared/constants';
import { t } from '../lib/i18n/i18n.ts';
import { Avatar } from './avatar.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';
import './widgets.css';

/** 000 section 9: the picker's preview is 80 px. */
export const AVATAR_PREVIEW_PX = 80;

const ACCEPT = [...IMAGE_UPLOAD_MIME_TYPES, ...IMAGE_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** png, jpeg, jpg, gif or webp (000 section 5), by MIME type, or by extension when the browser gives no type. */
export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type) return (IMAGE_UPLOAD_MIME_TYPES as readonly string[]).includes(type) || type === 'image/jpg';
  const extension = file.name.toLowerCase().split('.').at(-1) ?? '';
  return (IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

export type PickedAvatar = { file: File; url: string };

type AvatarPickerProps = {
  label: string;
  /** The current picture; the username's initials stand in without one. */
  src?: string | null;
  username: string;
  /** Offers a delete button (when there is a picture to delete). */
  deletable?: boolean;
  /** A valid file was chosen; `url` is a temporary object URL for a preview. */
  onChange: (picked: PickedAvatar) => void;
  onDelete?: () => void;
  /** An upload or delete is running. */
  busy?: boolean;
  /** A message from outside (the server refused the file). */
  error?: string | undefined;
  maxBytes?: number;
};

/** An 80 px preview with upload and delete buttons; refuses other image types and files over the size limit. */
export function AvatarPicker({ label, src, username, deletable = false, onChange, onDelete, busy = false, error, maxBytes = AVATAR_MAX_BYTES }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const lastUrl = useRef<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;

  useEffect(() => () => {
    if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
  }, []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) return setLocalError(t('WIDGETS.AVATAR.INVALID_TYPE'));
    if (file.size > maxBytes) return setLocalError(t('WIDGETS.AVATAR.TOO_LARGE', { size: megabytes }));
    setLocalError(null);
    if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
    const url = URL.createObjectURL(file);
    lastUrl.current = url;
    onChange({ file, url });
  };

  const message = localError ?? error;
  return (
    <div className="avatar-picker" role="group" aria-labelledby={labelId}>
      <div className="avatar-picker__preview" style={{ width: AVATAR_PREVIEW_PX, height: AVATAR_PREVIEW_PX }} data-testid="avatar-preview">
        <Avatar name={username} src={src} size="fill" />
        {busy ? (
          <span className="avatar-picker__busy">
            <Spinner />
          </span>
        ) : null}
      </div>
      <div className="avatar-picker__body">
        <span className="avatar-picker__label" id={labelId}>
          {label}
        </span>
        <div className="avatar-picker__actions">
          <input
            ref={input}
            type="file"
            className="avatar-picker__input"
            accept={ACCEPT}
            aria-label={label}
            aria-describedby={hintId}
            tabIndex={-1}
            disabled={busy}
            onChange={choose}
          />
          <Button size="small" disabled={busy} onClick={() => input.current?.click()}>
            {busy ? t('WIDGETS.AVATAR.UPLOADING') : src ? t('WIDGETS.AVATAR.CHANGE') : t('WIDGETS.AVATAR.UPLOAD')}
          </Button>
          {deletable && src ? (
            <Button size="small" variant="ghost" className="button--danger-text" disabled={busy} onClick={onDelete}>
              {t('WIDGETS.AVATAR.DELETE')}
            </Button>
          ) : null}
        </div>
        <p className="avatar-picker__hint" id={hintId}>
          {t('WIDGETS.AVATAR.HINT', { size: megabytes })}
        </p>
        {message ? (
          <p className="avatar-picker__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
