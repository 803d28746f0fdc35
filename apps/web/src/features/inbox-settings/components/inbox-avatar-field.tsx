import type { Inbox } from '@app/shared/inboxes';
import { UploadedAvatarField } from '../../../components/uploaded-avatar-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useDeleteInboxAvatar, useUploadInboxAvatar } from '../api.ts';

/** The inbox's picture: a chosen file uploads at once; removing it asks first (DELETE inboxes/{id}/avatar). */
export function InboxAvatarField({ accountId, inbox }: { accountId: number; inbox: Inbox }) {
  return (
    <UploadedAvatarField
      src={inbox.avatar_url || null}
      name={inbox.name}
      upload={useUploadInboxAvatar(accountId, inbox.id)}
      remove={useDeleteInboxAvatar(accountId, inbox.id)}
      text={{
        label: t('INBOX_MGMT.EDIT.AVATAR.LABEL'),
        updated: t('INBOX_MGMT.EDIT.AVATAR.UPDATED'),
        removed: t('INBOX_MGMT.EDIT.AVATAR.REMOVED'),
        failed: t('INBOX_MGMT.EDIT.AVATAR.ERROR'),
        removeTitle: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_TITLE'),
        removeDescription: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_DESCRIPTION'),
        removeConfirm: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_CONFIRM'),
        removeCancel: t('INBOX_MGMT.EDIT.AVATAR.REMOVE_CANCEL'),
      }}
    />
  );
}
