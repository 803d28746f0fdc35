import { canAccess, FALLBACK_ROUTES, type AccessToken, type RouteName } from '@app/shared/permissions';
import type { CurrentUser } from '@app/shared/users';
import { mayOpen, type RouteRegistry } from '../lib/route-registry.ts';
import { accountPath, homePathFor, LOGIN_PATH } from '../lib/routing.ts';

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Where a user who may not open a route goes, first allowed wins: the fallbacks of 000 section 2, then their
 * profile (a custom role with only knowledge_base_manage while the help center has no screen yet).
 */
const FALLBACKS: readonly (readonly [RouteName, string])[] = [
  [FALLBACK_ROUTES[0], 'dashboard'],
  [FALLBACK_ROUTES[1], 'contacts'],
  [FALLBACK_ROUTES[2], 'reports/overview'],
  [FALLBACK_ROUTES[3], 'portals'],
  ['profile_settings_index', 'profile/settings'],
];

const allow: GuardResult = { kind: 'allow' };
const redirect = (to: string): GuardResult => ({ kind: 'redirect', to });

/** The first fallback the user may open and the router has a screen for; the dashboard when none. */
function fallbackOf(tokens: readonly AccessToken[], registry: RouteRegistry): readonly [RouteName, string] {
  return FALLBACKS.find(([route]) => mayOpen(tokens, registry, route)) ?? FALLBACKS[0]!;
}

/**
 * The access guard of 000 section 2, run for every route: not signed in → login; an account the user has no
 * entry for → login; an account that is not active → its suspended screen; a route without a name → the
 * dashboard; a route the user's role and permissions in THAT account do not open → the first allowed of
 * dashboard, contacts, reports overview, portals (each only once its screen is registered in `registry`), then
 * the profile, else the dashboard. `accountId` null: no account in the URL.
 */
export function guard(user: CurrentUser | null, accountId: number | null, route: RouteName | null, registry: RouteRegistry): GuardResult {
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
  const [fallback, path] = fallbackOf(entry.permissions, registry);
  // Allowed none of the fallbacks, the user is sent to the dashboard: show it rather than redirect in a loop.
  return fallback === route ? allow : redirect(accountPath(accountId, path));
}
