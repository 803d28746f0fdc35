import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Contact } from '@app/shared/contacts';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsEmpty } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useContact, useDeleteContact } from '../api.ts';
import { ContactAvatarField } from '../components/contact-avatar-field.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import { ConversationsPanel } from '../components/conversations-panel.tsx';
import { CustomAttributesPanel } from '../components/custom-attributes-panel.tsx';
import { LabelsPanel } from '../components/labels-panel.tsx';
import { MergeDialog } from '../components/merge-dialog.tsx';
import { NotesPanel } from '../components/notes-panel.tsx';
import { useContactAccess } from '../hooks/use-contact-access.ts';
import { useContactsRealtime } from '../realtime.ts';
import { formatDate } from '../utils/format.ts';
import '../../../components/settings.css';
import '../contacts.css';

/** The profile once loaded: header with merge and delete, details and labels beside notes and conversations. */
function Profile({ contact }: { contact: Contact }) {
  const access = useContactAccess();
  const { user, account } = useCurrentAccount();
  const { accountId } = access;
  const remove = useDeleteContact(accountId);
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  // The merge dialog: closed (null) or open, with the search it starts from.
  const [merging, setMerging] = useState<string | null>(null);
  const name = contact.name || t('CONTACTS.UNNAMED');

  const deleteContact = async () => {
    if (!(await confirm({ title: t('CONTACTS.DELETE.TITLE', { name }), description: t('CONTACTS.DELETE.DESCRIPTION'), confirmLabel: t('CONTACTS.DELETE.CONFIRM'), tone: 'danger' }))) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast(t('CONTACTS.DELETE.DONE', { name }), 'success');
        void navigate(accountPath(accountId, 'contacts'), { replace: true });
      },
      onError: (error) => toast(error instanceof ApiError && error.status !== 0 && typeof error.body.message === 'string' ? error.body.message : t('CONTACTS.DELETE.ERROR'), 'error'),
    });
  };

  return (
    <>
      <header className="contact-profile__header">
        <Avatar name={contact.name || '?'} src={contact.thumbnail || null} size="large" />
        <div className="contact-profile__titles">
          <h1 dir="auto">{name}</h1>
          <p className="muted">
            {[t('CONTACTS.PROFILE.CREATED', { date: formatDate(contact.created_at) }), contact.last_activity_at ? t('CONTACTS.PROFILE.LAST_ACTIVITY', { date: formatDate(contact.last_activity_at) }) : null]
              .filter(Boolean)
              .join(' · ')}
            {contact.blocked ? <span className="contact-status contact-status--blocked">{t('CONTACTS.PROFILE.BLOCKED')}</span> : null}
          </p>
        </div>
        <div className="contact-profile__actions">
          {access.canMerge ? <Button onClick={() => setMerging('')}>{t('CONTACTS.MERGE.BUTTON')}</Button> : null}
          {access.canDelete ? (
            <Button variant="danger" loading={remove.isPending} onClick={() => void deleteContact()}>
              {t('CONTACTS.DELETE.BUTTON')}
            </Button>
          ) : null}
        </div>
      </header>
      <div className="contact-profile__columns">
        <div className="contact-profile__column">
          <section className="contact-card" aria-label={t('CONTACTS.PROFILE.DETAILS')}>
            <h2 className="contact-card__title">{t('CONTACTS.PROFILE.DETAILS')}</h2>
            {access.canManage ? <ContactAvatarField accountId={accountId} contact={contact} /> : null}
            <ContactDetailsForm key={contact.id} accountId={accountId} contact={contact} readOnly={!access.canManage} onFindDuplicate={access.canMerge ? setMerging : undefined} />
          </section>
          <CustomAttributesPanel accountId={accountId} contact={contact} canWrite={access.canManage} />
        </div>
        <div className="contact-profile__column">
          <LabelsPanel accountId={accountId} contactId={contact.id} canWrite={access.canManage} />
          <NotesPanel accountId={accountId} contactId={contact.id} userId={user.id} isAdministrator={account.role === 'administrator'} canWrite={access.canManage} />
          <ConversationsPanel accountId={accountId} contactId={contact.id} />
        </div>
      </div>
      {merging !== null ? <MergeDialog accountId={accountId} contact={contact} initialQuery={merging} onClose={() => setMerging(null)} /> : null}
      {dialog}
    </>
  );
}

/** contacts/{contactId} (S1-2.72): the contact profile. */
export function ContactProfilePage() {
  const { account } = useCurrentAccount();
  const params = useParams();
  const id = Number(params.contactId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const contact = useContact(account.id, valid ? id : 0);
  useContactsRealtime(account.id);
  const back = (
    <Link className="settings-page__back" to={accountPath(account.id, 'contacts')}>
      <span aria-hidden="true">‹</span> {t('CONTACTS.PROFILE.BACK')}
    </Link>
  );
  let body;
  if (!valid || (contact.error instanceof ApiError && contact.error.status === 404)) body = <SettingsEmpty title={t('CONTACTS.PROFILE.NOT_FOUND')} />;
  else if (contact.isPending) body = <PageStatus kind="loading" message={t('CONTACTS.PROFILE.LOADING')} />;
  else if (contact.isError) body = <PageStatus kind="error" message={t('CONTACTS.PROFILE.ERROR')} action={<Button onClick={() => void contact.refetch()}>{t('CONTACTS.LIST.RETRY')}</Button>} />;
  else body = <Profile contact={contact.data} />;
  return (
    <div className="page contact-profile">
      {back}
      {body}
    </div>
  );
}
