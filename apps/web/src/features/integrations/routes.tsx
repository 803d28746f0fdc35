import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Each screen its own chunk.
const IntegrationsPage = lazy(() => import('./pages/integrations-page.tsx').then((m) => ({ default: m.IntegrationsPage })));
const WebhooksPage = lazy(() => import('./pages/webhooks-page.tsx').then((m) => ({ default: m.WebhooksPage })));
const DashboardAppsPage = lazy(() => import('./pages/dashboard-apps-page.tsx').then((m) => ({ default: m.DashboardAppsPage })));
const SlackPage = lazy(() => import('./pages/slack-page.tsx').then((m) => ({ default: m.SlackPage })));
const IntegrationPage = lazy(() => import('./pages/integration-page.tsx').then((m) => ({ default: m.IntegrationPage })));

const screen = (element: React.ReactNode) => <LazyScreen>{element}</LazyScreen>;

/** Integrations: webhooks, dashboard apps, apps and hooks. Children of /app/accounts/:accountId inside the app shell (001 section 2). */
export const integrationsRoutes: RouteObject[] = [
  { path: 'settings/integrations', element: screen(<IntegrationsPage />), handle: named('settings_applications') },
  { path: 'settings/integrations/webhook', element: screen(<WebhooksPage />), handle: named('settings_integrations_webhook') },
  { path: 'settings/integrations/dashboard_apps', element: screen(<DashboardAppsPage />), handle: named('settings_integrations_dashboard_apps') },
  { path: 'settings/integrations/slack', element: screen(<SlackPage />), handle: named('settings_integrations_slack') },
  { path: 'settings/integrations/:integrationId', element: screen(<IntegrationPage />), handle: named('settings_applications_integration') },
];
