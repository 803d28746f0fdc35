import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsPage } from '../../../components/settings-page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useAccount } from '../../../app/shell/api.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useInbox } from '../api.ts';
import { ChannelIcon } from '../components/channel-icon.tsx';
import { UnsavedFormsContext, useUnsavedFormsRegistry } from '../hooks/use-unsaved-changes.ts';
import { InboxTabPanel } from '../components/inbox-tab-panel.tsx';
import { panelId, SettingsTabs, tabId } from '../components/settings-tabs.tsx';
import { channelLabelKey, tabsFor, type SettingsTab } from '../utils/channel.ts';
import '../inbox-settings.css';

/** settings/inboxes/{inboxId} (settings_inbox_show): the inbox's settings in tabs; the tab is kept in `?tab=`. */
export function InboxSettingsPage() {
  const { account } = useCurrentAccount();
  const params = useParams();
  const inboxId = Number(params.inboxId);
  const inbox = useInbox(account.id, Number.isInteger(inboxId) && inboxId > 0 ? inboxId : 0);
  const features = useAccount(account.id).data?.features;
  const [search, setSearch] = useSearchParams();
  const listPath = accountPath(account.id, 'settings/inboxes/list');
  const readOnly = account.role !== 'administrator';
  const unsaved = useUnsavedFormsRegistry();
  const { confirm, dialog } = useConfirmDialog();

  if (!inbox.data) {
    const missing = inbox.error instanceof ApiError && inbox.error.status === 404;
    return (
      <SettingsPage title={t('INBOX_MGMT.EDIT.TITLE')} backTo={listPath}>
        {inbox.isPending ? (
          <PageStatus kind="loading" message={t('INBOX_MGMT.EDIT.LOADING')} />
        ) : missing ? (
          <PageStatus
            kind="error"
            message={t('INBOX_MGMT.EDIT.NOT_FOUND')}
            action={
              <Link className="button button--secondary" to={listPath}>
                {t('INBOX_MGMT.EDIT.BACK_TO_LIST')}
              </Link>
            }
          />
        ) : (
          <PageStatus kind="error" message={t('INBOX_MGMT.EDIT.LOAD_ERROR')} action={<Button onClick={() => void inbox.refetch()}>{t('SETTINGS.RETRY')}</Button>} />
        )}
      </SettingsPage>
    );
  }

  const data = inbox.data;
  const tabs = tabsFor(data, features?.agent_bots === true);
  const asked = search.get('tab') as SettingsTab | null;
  const current: SettingsTab = asked && tabs.includes(asked) ? asked : 'settings';
  const select = async (tab: SettingsTab) => {
    if (tab === current) return;
    // Each tab's forms start from the stored inbox: leaving one with unsaved changes asks first.
    if (unsaved.any()) {
      const leave = await confirm({
        title: t('INBOX_MGMT.EDIT.UNSAVED.TITLE'),
        description: t('INBOX_MGMT.EDIT.UNSAVED.DESCRIPTION'),
        confirmLabel: t('INBOX_MGMT.EDIT.UNSAVED.LEAVE'),
        cancelLabel: t('INBOX_MGMT.EDIT.UNSAVED.STAY'),
        tone: 'danger',
      });
      if (!leave) return;
    }
    setSearch(tab === 'settings' ? {} : { tab }, { replace: true });
  };

  return (
    <SettingsPage
      title={data.name}
      description={
        <span className="inbox-settings__subtitle">
          <ChannelIcon type={data.channel_type} size={14} />
          {t(channelLabelKey(data))}
        </span>
      }
      backTo={listPath}
      width="narrow"
    >
      <SettingsTabs tabs={tabs} current={current} onSelect={(tab) => void select(tab)} />
      {data.reauthorization_required ? (
        <p className="inbox-settings__notice inbox-settings__notice--warning" role="alert">
          {t('INBOX_MGMT.EDIT.REAUTHORIZE')}
        </p>
      ) : null}
      {readOnly ? (
        <p className="inbox-settings__notice" role="note">
          {t('INBOX_MGMT.EDIT.READ_ONLY')}
        </p>
      ) : null}
      <div role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} className="inbox-settings__panel">
        <fieldset className="inbox-settings__fieldset" disabled={readOnly}>
          <UnsavedFormsContext.Provider value={unsaved}>
            {/* Keyed by inbox and tab: each form starts from the stored inbox. */}
            <InboxTabPanel key={`${data.id}-${current}`} tab={current} accountId={account.id} inbox={data} />
          </UnsavedFormsContext.Provider>
        </fieldset>
      </div>
      {dialog}
    </SettingsPage>
  );
}
