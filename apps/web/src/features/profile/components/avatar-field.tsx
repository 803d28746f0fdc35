import type { CurrentUser } from '@app/shared/users';
import { UploadedAvatarField } from '../../../components/uploaded-avatar-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useDeleteAvatar, useUploadAvatar } from '../api.ts';

/** The avatar picker wired to the profile: a chosen picture uploads at once; removing asks first. */
export function AvatarField({ user }: { user: CurrentUser }) {
  return (
    <UploadedAvatarField
      src={user.avatar_url || null}
      name={user.name}
      upload={useUploadAvatar()}
      remove={useDeleteAvatar()}
      text={{
        label: t('PROFILE_SETTINGS.FORM.AVATAR'),
        updated: t('PROFILE_SETTINGS.FORM.AVATAR_UPDATED'),
        removed: t('PROFILE_SETTINGS.FORM.AVATAR_REMOVED'),
        failed: t('PROFILE_SETTINGS.FORM.AVATAR_ERROR'),
        removeTitle: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.TITLE'),
        removeDescription: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.DESCRIPTION'),
        removeConfirm: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.CONFIRM'),
        removeCancel: t('PROFILE_SETTINGS.FORM.REMOVE_IMAGE.CANCEL'),
      }}
    />
  );
}
