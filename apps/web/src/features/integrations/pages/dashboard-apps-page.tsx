import { useState } from 'react';
import type { DashboardApp } from '@app/shared/dashboard-apps';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDashboardApps, useDeleteDashboardApp } from '../api.ts';
import { DashboardAppForm } from '../components/dashboard-app-form.tsx';
import '../integrations.css';

/** Settings › Integrations › Dashboard apps (settings_integrations_dashboard_apps): list, add, edit, delete. */
export function DashboardAppsPage() {
  const { account } = useCurrentAccount();
  const apps = useDashboardApps(account.id);
  const remove = useDeleteDashboardApp(account.id);
  const [editing, setEditing] = useState<DashboardApp | 'new' | null>(null);

  const { askRemove: askDelete, dialog } = useConfirmedRemoval((app: DashboardApp) => ({
    title: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE_CONFIRM.TITLE', { title: app.title }),
    description: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE_CONFIRM.DESCRIPTION'),
    confirmLabel: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE_CONFIRM.YES'),
    cancelLabel: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE_CONFIRM.NO'),
    run: (callbacks) => remove.mutate(app.id, callbacks),
    success: t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETED'),
    failure: () => t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE_ERROR'),
  }));

  const add = (
    <Button variant="primary" onClick={() => setEditing('new')}>
      {t('INTEGRATION_SETTINGS.DASHBOARD_APPS.ADD')}
    </Button>
  );
  const list = apps.data ?? [];
  return (
    <SettingsPage
      title={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.HEADER')}
      description={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DESCRIPTION')}
      backTo={accountPath(account.id, 'settings/integrations')}
      actions={list.length > 0 ? add : undefined}
    >
      <SettingsQueryState
        query={apps}
        isEmpty={list.length === 0}
        empty={<SettingsEmpty title={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.EMPTY')} description={t('INTEGRATION_SETTINGS.DASHBOARD_APPS.EMPTY_DESCRIPTION')} action={add} />}
      >
        <div className="settings-table-wrap">
          <table className="settings-table">
            <thead>
              <tr>
                <th scope="col">{t('INTEGRATION_SETTINGS.DASHBOARD_APPS.LIST.NAME')}</th>
                <th scope="col">{t('INTEGRATION_SETTINGS.DASHBOARD_APPS.LIST.URL')}</th>
                <th scope="col" className="settings-table__actions">
                  {t('INTEGRATION_SETTINGS.DASHBOARD_APPS.LIST.ACTIONS')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((app) => (
                <tr key={app.id}>
                  <td className="cell-main__title">{app.title}</td>
                  <td className="url-cell">{app.content.map((frame) => frame.url).join(', ')}</td>
                  <td className="settings-table__actions">
                    <Button size="small" onClick={() => setEditing(app)} aria-label={`${t('INTEGRATION_SETTINGS.DASHBOARD_APPS.EDIT')}: ${app.title}`}>
                      {t('INTEGRATION_SETTINGS.DASHBOARD_APPS.EDIT')}
                    </Button>
                    <Button size="small" variant="danger" onClick={() => void askDelete(app)} aria-label={`${t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE')}: ${app.title}`}>
                      {t('INTEGRATION_SETTINGS.DASHBOARD_APPS.DELETE')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SettingsQueryState>
      {editing ? <DashboardAppForm accountId={account.id} app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </SettingsPage>
  );
}
