import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

const GeneralSettingsPage = lazy(() => import('./pages/general-settings-page.tsx').then((module) => ({ default: module.GeneralSettingsPage })));
const BillingPage = lazy(() => import('./pages/billing-page.tsx').then((module) => ({ default: module.BillingPage })));

/**
 * General settings and billing. Children of /app/accounts/:accountId inside the app shell; each screen a lazy
 * chunk. settings/message (settings_message) stays without a screen or a link (001 section 2: hidden).
 */
export const accountSettingsRoutes: RouteObject[] = [
  {
    path: 'settings/general',
    element: (
      <LazyScreen>
        <GeneralSettingsPage />
      </LazyScreen>
    ),
    handle: named('general_settings_index'),
  },
  {
    path: 'settings/billing',
    element: (
      <LazyScreen>
        <BillingPage />
      </LazyScreen>
    ),
    handle: named('billing_settings_index'),
  },
];
