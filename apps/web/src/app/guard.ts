import { canAccess, fallbackRoute, type RouteName } from '@app/shared/permissions';
import type { CurrentUser } from '@app/shared/users';
import { accountPath, homePathFor, LOGIN_PATH } from '../lib/routing.ts';

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** Where the fallback routes of the access table live under /app/accounts/{id}/. */
const FALLBACK_PATHS: Record<ReturnType<typeof fallbackRoute>, string> = {
  home: 'dashboard',
  contacts_dashboard: 'contacts',
  account_overview_reports: 'reports/overview',
  list_all_portals: 'portals',
};

const allow: GuardResult = { kind: 'allow' };
const redirect = (to: string): GuardResult => ({ kind: 'redirect', to });

/**
 * The access guard of 000 section 2, run for every route: not signed in → login; an account the user has no
 * entry for → login; an account that is not active → its suspended screen; a route without a name → the
 * dashboard; a route the user's role and permissions in THAT account do not open → the first allowed of
 * dashboard, contacts, reports overview, portals, else the dashboard. `accountId` null: no account in the URL.
 */
export function guard(user: CurrentUser | null, accountId: number | null, route: RouteName | null): GuardResult {
  if (!user) return redirect(LOGIN_PATH);
  if (accountId === null) return redirect(homePathFor(user) ?? LOGIN_PATH);
  const entry = user.accounts.find((a) => a.id === accountId);
  if (!entry) return redirect(LOGIN_PATH);
  if (entry.status !== 'active') {
    return route === 'account_suspended' ? allow : redirect(accountPath(accountId, 'suspended'));
  }
  // The suspended screen of an active account has nothing to say: on to the dashboard.
  if (route === null || route === 'account_suspended') return redirect(accountPath(accountId));
  if (canAccess(entry.permissions, route)) return allow;
  const fallback = fallbackRoute(entry.permissions);
  // Allowed none of the fallbacks, the user is sent to the dashboard: show it rather than redirect in a loop.
  return fallback === route ? allow : redirect(accountPath(accountId, FALLBACK_PATHS[fallback]));
}
