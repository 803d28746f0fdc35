import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Each screen its own chunk; the layout (step list) too, so the settings list never downloads the wizard.
const WizardLayout = lazy(() => import('./pages/wizard-layout.tsx').then((module) => ({ default: module.WizardLayout })));
const ChannelListPage = lazy(() => import('./pages/channel-list-page.tsx').then((module) => ({ default: module.ChannelListPage })));
const ChannelPage = lazy(() => import('./pages/channel-page.tsx').then((module) => ({ default: module.ChannelPage })));
const AddAgentsPage = lazy(() => import('./pages/add-agents-page.tsx').then((module) => ({ default: module.AddAgentsPage })));
const FinishPage = lazy(() => import('./pages/finish-page.tsx').then((module) => ({ default: module.FinishPage })));

/** The inbox creation wizard: channel list, a form per channel, add agents, finish. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const inboxWizardRoutes: RouteObject[] = [
  {
    path: 'settings/inboxes/new',
    element: (
      <LazyScreen>
        <WizardLayout />
      </LazyScreen>
    ),
    children: [
      { index: true, handle: named('settings_inbox_new'), element: <LazyScreen><ChannelListPage /></LazyScreen> },
      { path: ':inbox_id/agents', handle: named('settings_inboxes_add_agents'), element: <LazyScreen><AddAgentsPage /></LazyScreen> },
      { path: ':inbox_id/finish', handle: named('settings_inbox_finish'), element: <LazyScreen><FinishPage /></LazyScreen> },
      { path: ':sub_page', handle: named('settings_inboxes_page_channel'), element: <LazyScreen><ChannelPage /></LazyScreen> },
    ],
  },
];
