import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useParams } from 'react-router';
import type { RouteName } from '@app/shared/permissions';
import type { CurrentUser } from '@app/shared/users';
import { hasSession } from '../lib/session.ts';
import { t } from '../lib/i18n.ts';
import { useCurrentUser } from '../features/auth/api.ts';
import { guard } from './guard.ts';

type AccountContext = { user: CurrentUser; accountId: number };
const Context = createContext<AccountContext | null>(null);

export function useAccountContext(): AccountContext {
  const value = useContext(Context);
  if (!value) throw new Error('useAccountContext outside an account route');
  return value;
}

export type RouteHandle = { route?: RouteName };

/** Every /app/accounts/:accountId route: loads the session, then lets the guard decide. */
export function AccountLayout() {
  const params = useParams();
  const location = useLocation();
  const matches = useMatches();
  const session = useCurrentUser();
  const route = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.route).find(Boolean) ?? null;
  const accountId = Number(params.accountId);

  if (!hasSession() || session.isError) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/app/login?redirect=${redirect}`} replace />;
  }
  if (!session.data) {
    return (
      <div className="loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden /> {t('DASHBOARD.LOADING')}
      </div>
    );
  }
  const decision = guard(session.data, Number.isSafeInteger(accountId) ? accountId : -1, route);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Context.Provider value={{ user: session.data, accountId }}>
      <Outlet />
    </Context.Provider>
  );
}

/** `/app` and other routes without a name: to the user's dashboard, or the login screen. */
export function HomeRedirect() {
  const session = useCurrentUser();
  if (!hasSession() || session.isError) return <Navigate to="/app/login" replace />;
  if (!session.data) return null;
  const decision = guard(session.data, null, null);
  return <Navigate to={decision.kind === 'redirect' ? decision.to : '/app/login'} replace />;
}
