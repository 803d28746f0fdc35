import { canAccess, fallbackRoute, type RouteName } from '@app/shared/permissions';
import type { CurrentUser } from '@app/shared/users';

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** Where the fallback route names of the access table live in the app. */
const FALLBACK_PATHS: Record<ReturnType<typeof fallbackRoute>, string> = {
  home: 'dashboard',
  contacts_dashboard: 'contacts',
  account_overview_reports: 'reports/overview',
  list_all_portals: 'portals',
};

export const accountPath = (accountId: number, rest = 'dashboard') => `/app/accounts/${accountId}/${rest}`;
const allow: GuardResult = { kind: 'allow' };
const redirect = (to: string): GuardResult => ({ kind: 'redirect', to });

/**
 * The access guard of 000 section 2, as a pure function: not signed in → login; an account the user has no
 * entry for → login; a non-active account → its suspended screen; a route without a name → the dashboard;
 * a route the user's role in THAT account does not allow → the first allowed of dashboard, contacts,
 * reports overview, portals (else the dashboard).
 */
export function guard(user: CurrentUser | null, accountId: number | null, route: RouteName | null): GuardResult {
  if (!user) return redirect('/app/login');
  if (accountId === null) {
    return user.account_id ? redirect(accountPath(user.account_id)) : redirect('/app/login');
  }
  const entry = user.accounts.find((a) => a.id === accountId);
  if (!entry) return redirect('/app/login');
  if (entry.status !== 'active') {
    return route === 'account_suspended' ? allow : redirect(accountPath(accountId, 'suspended'));
  }
  if (route === 'account_suspended' || route === null) return redirect(accountPath(accountId));
  if (canAccess(entry.permissions, route)) return allow;
  const fallback = fallbackRoute(entry.permissions);
  // The fallback itself may be the route asked for (nothing else allowed): show it rather than loop.
  return fallback === route ? allow : redirect(accountPath(accountId, FALLBACK_PATHS[fallback]));
}
