import type { Contact } from '@app/shared/contacts';
import { UploadedAvatarField } from '../../../components/uploaded-avatar-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useDeleteContactAvatar, useUploadContactAvatar } from '../api.ts';

/** The contact's picture: a chosen file uploads at once (multipart PATCH); removing it asks first (DELETE contacts/{id}/avatar). */
export function ContactAvatarField({ accountId, contact }: { accountId: number; contact: Contact }) {
  return (
    <UploadedAvatarField
      src={contact.thumbnail || null}
      name={contact.name || '?'}
      upload={useUploadContactAvatar(accountId, contact.id)}
      remove={useDeleteContactAvatar(accountId, contact.id)}
      text={{
        label: t('CONTACTS.AVATAR.LABEL'),
        updated: t('CONTACTS.AVATAR.UPDATED'),
        removed: t('CONTACTS.AVATAR.REMOVED'),
        failed: t('CONTACTS.AVATAR.ERROR'),
        removeTitle: t('CONTACTS.AVATAR.REMOVE_TITLE'),
        removeDescription: t('CONTACTS.AVATAR.REMOVE_DESCRIPTION'),
        removeConfirm: t('CONTACTS.AVATAR.REMOVE_CONFIRM'),
        removeCancel: t('CONTACTS.AVATAR.REMOVE_CANCEL'),
      }}
    />
  );
}
