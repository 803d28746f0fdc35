import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useParams } from 'react-router';
import { setLocale } from '../lib/i18n/i18n.ts';
import { LOGIN_PATH, loginPath, routeNameOf } from '../lib/routing.ts';
import { RouteRegistryContext, type RouteRegistry } from '../lib/route-registry.ts';
import { hasSession } from '../lib/session.ts';
import { CurrentAccountContext, useCurrentUser } from '../features/auth/index.ts';
import { guard } from './guard.ts';
import { loadAppShell } from './lazy-app-shell.tsx';
import { sessionPendingState } from './session-pending-state.tsx';

/**
 * Every /app/accounts/:accountId route: loads the session, lets the guard decide, then shares user and account
 * and the names of the routes that have a screen (`registry`, from the router's tree) with what it holds.
 */
export function AccountLayout({ registry }: { registry: RouteRegistry }) {
  const params = useParams();
  const location = useLocation();
  const matches = useMatches();
  const session = useCurrentUser();
  const signedIn = hasSession();
  const raw = params.accountId ?? '';
  const accountId = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  const user = signedIn ? (session.data ?? null) : null;
  const account = user?.accounts.find((a) => a.id === accountId) ?? null;

  useEffect(() => {
    if (account) setLocale(account.locale);
  }, [account]);

  // The shell's chunk comes while the session is checked, not after.
  useEffect(() => {
    if (signedIn) void loadAppShell();
  }, [signedIn]);

  if (signedIn && !user) {
    const waiting = sessionPendingState(session);
    if (waiting) return waiting;
  }
  const decision = guard(user, accountId, routeNameOf(matches), registry);
  if (decision.kind === 'redirect') {
    // A signed-out visitor comes back here after signing in.
    const to = !user && decision.to === LOGIN_PATH ? loginPath({ redirect: location.pathname + location.search }) : decision.to;
    return <Navigate to={to} replace />;
  }
  return (
    <RouteRegistryContext.Provider value={registry}>
      <CurrentAccountContext.Provider value={{ user: user!, account: account! }}>
        <Outlet />
      </CurrentAccountContext.Provider>
    </RouteRegistryContext.Provider>
  );
}

/** `/app`: a route without a name, so on to the user's dashboard (or the login screen). */
export function HomeRedirect() {
  const session = useCurrentUser();
  const signedIn = hasSession();
  if (signedIn && !session.data) {
    const waiting = sessionPendingState(session);
    if (waiting) return waiting;
  }
  const decision = guard(signedIn ? (session.data ?? null) : null, null, null, new Set());
  return <Navigate to={decision.kind === 'redirect' ? decision.to : LOGIN_PATH} replace />;
}
