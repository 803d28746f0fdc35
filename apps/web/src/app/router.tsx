import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
// Route modules, not the features' index files: an index also re-exports components the login screen must
// not download (the account switcher and its schemas, the editor's settings readers).
import { authRoutes } from '../features/auth/routes.tsx';
import { accountRoutes } from '../features/accounts/routes.tsx';
import { conversationRoutes } from '../features/conversations/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { notificationRoutes } from '../features/notifications/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { inboxSettingsRoutes } from '../features/inbox-settings/routes.tsx';
import { inboxWizardRoutes } from '../features/inbox-wizard/routes.tsx';
import { agentsRoutes } from '../features/agents/routes.tsx';
import { teamsRoutes } from '../features/teams/routes.tsx';
import { customRolesRoutes } from '../features/custom-roles/routes.tsx';
import { auditLogsRoutes } from '../features/audit-logs/routes.tsx';
import { agentBotsRoutes } from '../features/agent-bots/routes.tsx';
import { labelsRoutes } from '../features/labels/routes.tsx';
import { cannedResponsesRoutes } from '../features/canned-responses/routes.tsx';
import { customAttributesRoutes } from '../features/custom-attributes/routes.tsx';
import { accountSettingsRoutes } from '../features/account-settings/routes.tsx';
import { integrationsRoutes } from '../features/integrations/routes.tsx';
import { paymentsRoutes } from '../features/payments/routes.tsx';
import { conversationSummariesRoutes } from '../features/conversation-summaries/routes.tsx';
import { contactsRoutes } from '../features/contacts/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { csatSurveyRoutes } from '../features/csat-survey/routes.tsx';
import { reportsRoutes } from '../features/reports/routes.tsx';
import { LazyScreen } from '../components/lazy-screen.tsx';
import { SettingsMessages } from '../components/settings-messages.tsx';
import { routeNamesOf } from '../lib/route-registry.ts';
import { AccountLayout, HomeRedirect } from './account-layout.tsx';
import { AppRoot } from './app-root.tsx';
import { LazyAppShell } from './lazy-app-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** Children of /app/accounts/:accountId: the screens without the shell, then the shell and its screens. */
const accountChildren: RouteObject[] = [
  // A route without a name: the guard sends it on to the dashboard.
  { index: true, element: null },
  ...accountRoutes,
  {
    element: (
      <LazyScreen>
        <LazyAppShell />
      </LazyScreen>
    ),
    children: [
      ...conversationRoutes,
      ...profileRoutes,
      ...notificationRoutes,
      ...paymentsRoutes,
      ...conversationSummariesRoutes,
      ...contactsRoutes,
      ...searchRoutes,
      ...reportsRoutes,
      {
        // The settings screens: their strings load with the first of them (components/settings-messages.tsx).
        element: (
          <LazyScreen>
            <SettingsMessages />
          </LazyScreen>
        ),
        children: [
          ...settingsRoutes,
          ...inboxSettingsRoutes,
          ...inboxWizardRoutes,
          ...agentsRoutes,
          ...teamsRoutes,
          ...customRolesRoutes,
          ...auditLogsRoutes,
          ...agentBotsRoutes,
          ...labelsRoutes,
          ...cannedResponsesRoutes,
          ...customAttributesRoutes,
          ...accountSettingsRoutes,
          ...integrationsRoutes,
        ],
      },
    ],
  },
];

/** The route names the tree has a screen for: what navigation may link to (lib/route-registry.ts). */
export const registry = routeNamesOf(accountChildren);

/**
 * Every route lives under /app (000 section 2); account routes under /app/accounts/:accountId, where the
 * guard runs. Each feature brings its own route objects; account routes name themselves in `handle`. The
 * entry chunk holds the router, the providers, the signed-out screens and the guard: the app shell and every
 * account screen are lazy chunks (the login screen's JavaScript, bench/web).
 */
export const routes: RouteObject[] = [
  {
    path: '/app',
    element: <AppRoot />,
    children: [
      { index: true, element: <HomeRedirect /> },
      ...authRoutes,
      { path: 'accounts/:accountId', element: <AccountLayout registry={registry} />, children: accountChildren },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // the public CSAT survey page: no session, no /app prefix (the survey message links here)
  ...csatSurveyRoutes,
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

export const createRouter = () => createBrowserRouter(routes);
