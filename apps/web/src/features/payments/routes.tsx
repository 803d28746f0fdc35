import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { loadPaymentsMessages } from '../../lib/i18n/i18n.ts';
import { named } from '../../lib/routing.ts';

// The screen and its strings are chunks of their own, fetched side by side: nothing of the checker view is in
// the login screen's or the workspace's JavaScript, and the screen never renders before its strings.
const CheckerViewPage = lazy(() =>
  Promise.all([import('./pages/checker-view-page.tsx'), loadPaymentsMessages()]).then(([module]) => ({ default: module.CheckerViewPage })),
);

/**
 * checker-view/{inboxId?}/{tab?} (001 section 2, S1-2.76): children of /app/accounts/:accountId inside the app
 * shell. The guard opens it to administrators, checkers and the checker_view_manage permission (S1-2.78).
 */
export const paymentsRoutes: RouteObject[] = [
  {
    path: 'checker-view/:inboxId?/:tab?',
    element: (
      <LazyScreen>
        <CheckerViewPage />
      </LazyScreen>
    ),
    handle: named('checker_view'),
  },
];
