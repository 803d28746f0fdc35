import { useState } from 'react';
import { Link } from 'react-router';
import type { Inbox } from '@app/shared/inboxes';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { TypedConfirmDialog } from '../../../components/typed-confirm-dialog.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDeleteInbox, useInboxList } from '../api.ts';
import { InboxRow } from '../components/inbox-row.tsx';
import '../inbox-settings.css';

/** settings/inboxes/list (settings_inbox_list): every inbox with its channel, a way into its settings and, for administrators, deletion. */
export function InboxListPage() {
  const { account } = useCurrentAccount();
  const isAdmin = account.role === 'administrator';
  const inboxes = useInboxList(account.id);
  const remove = useDeleteInbox(account.id);
  const toast = useToast();
  const [deleting, setDeleting] = useState<Inbox | null>(null);
  const newInboxPath = accountPath(account.id, 'settings/inboxes/new');

  const newButton = isAdmin ? (
    <Link className="button button--primary" to={newInboxPath}>
      {t('INBOX_MGMT.HEADER_BTN_TXT')}
    </Link>
  ) : null;

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast(t('INBOX_MGMT.DELETE.API.SUCCESS_MESSAGE', { name }), 'success');
        setDeleting(null);
      },
      onError: () => toast(t('INBOX_MGMT.DELETE.API.ERROR_MESSAGE'), 'error'),
    });
  };

  return (
    <SettingsPage title={t('INBOX_MGMT.HEADER')} description={t('INBOX_MGMT.DESCRIPTION')} actions={newButton}>
      <SettingsQueryState
        query={inboxes}
        isEmpty={inboxes.data?.length === 0}
        empty={
          <SettingsEmpty
            title={t('INBOX_MGMT.LIST.EMPTY_TITLE')}
            description={isAdmin ? t('INBOX_MGMT.LIST.EMPTY_DESCRIPTION') : t('INBOX_MGMT.LIST.EMPTY_DESCRIPTION_MEMBER')}
            action={
              isAdmin ? (
                <Link className="button button--primary" to={newInboxPath}>
                  {t('INBOX_MGMT.LIST.CREATE_FIRST')}
                </Link>
              ) : undefined
            }
          />
        }
      >
        <div className="settings-table-wrap">
          <table className="settings-table inbox-table">
            <caption className="inbox-sr">{t('INBOX_MGMT.HEADER')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('INBOX_MGMT.LIST.NAME')}</th>
                <th scope="col">{t('INBOX_MGMT.LIST.CHANNEL')}</th>
                <th scope="col">
                  <span className="inbox-sr">{t('INBOX_MGMT.LIST.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {inboxes.data?.map((inbox) => (
                <InboxRow key={inbox.id} inbox={inbox} settingsPath={accountPath(account.id, `settings/inboxes/${inbox.id}`)} canDelete={isAdmin} onDelete={() => setDeleting(inbox)} />
              ))}
            </tbody>
          </table>
        </div>
      </SettingsQueryState>
      <TypedConfirmDialog
        show={deleting !== null}
        title={t('INBOX_MGMT.DELETE.CONFIRM.TITLE')}
        description={deleting ? t('INBOX_MGMT.DELETE.CONFIRM.MESSAGE', { name: deleting.name }) : undefined}
        expected={deleting?.name ?? ''}
        label={deleting ? t('INBOX_MGMT.DELETE.CONFIRM.LABEL', { name: deleting.name }) : undefined}
        confirmLabel={t('INBOX_MGMT.DELETE.CONFIRM.YES')}
        cancelLabel={t('INBOX_MGMT.DELETE.CONFIRM.NO')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </SettingsPage>
  );
}
