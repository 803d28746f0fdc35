import { Link } from 'react-router';
import type { IntegrationApp } from '@app/shared/integrations';
import { SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useIntegrationApps } from '../api.ts';
import { AppLogo } from '../components/app-logo.tsx';
import '../integrations.css';

/** Where an app's card leads: webhooks and dashboard apps have screens of their own, the rest settings_applications_integration. */
export function appPath(accountId: number, app: Pick<IntegrationApp, 'id'>): string {
  const screen = app.id === 'webhook' ? 'webhook' : app.id === 'dashboard_apps' ? 'dashboard_apps' : app.id === 'slack' ? 'slack' : encodeURIComponent(app.id);
  return accountPath(accountId, `settings/integrations/${screen}`);
}

function AppStatus({ app }: { app: IntegrationApp }) {
  if (!app.configured) return <span className="app-status app-status--off">{t('INTEGRATION_SETTINGS.NOT_CONFIGURED')}</span>;
  if (!app.enabled) return null;
  const builtIn = app.id === 'webhook' || app.id === 'dashboard_apps';
  return <span className="app-status app-status--on">{builtIn ? t('INTEGRATION_SETTINGS.IN_USE') : t('INTEGRATION_SETTINGS.CONNECTED')}</span>;
}

/** Settings › Integrations (settings_applications): a card per integration, each opening its screen. */
export function IntegrationsPage() {
  const { account } = useCurrentAccount();
  const apps = useIntegrationApps(account.id);
  return (
    <SettingsPage title={t('INTEGRATION_SETTINGS.HEADER')} description={t('INTEGRATION_SETTINGS.DESCRIPTION')}>
      <SettingsQueryState query={apps}>
        <ul className="app-grid" aria-label={t('INTEGRATION_SETTINGS.HEADER')}>
          {apps.data?.map((app) => (
            <li key={app.id} className="app-card">
              <div className="app-card__top">
                <AppLogo id={app.id} name={app.name} />
                <AppStatus app={app} />
              </div>
              <h2 className="app-card__name">{app.name}</h2>
              <p className="app-card__description">{app.description}</p>
              <Link className="button button--secondary button--small app-card__action" to={appPath(account.id, app)} aria-label={`${t('INTEGRATION_SETTINGS.CONFIGURE')} ${app.name}`}>
                {t('INTEGRATION_SETTINGS.CONFIGURE')}
              </Link>
            </li>
          ))}
        </ul>
      </SettingsQueryState>
    </SettingsPage>
  );
}
