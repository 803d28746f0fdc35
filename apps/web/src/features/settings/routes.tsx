import { Navigate, type RouteObject } from 'react-router';
import { named } from '../../lib/routing.ts';
import { accountPath } from '../../lib/routing.ts';
import { useRouteRegistry } from '../../lib/route-registry.ts';
import { useCurrentAccount } from '../auth/index.ts';
import { settingsHomePath } from './utils/settings-home.ts';

function SettingsHome() {
  const { account } = useCurrentAccount();
  const registry = useRouteRegistry();
  return <Navigate to={accountPath(account.id, settingsHomePath(account, registry))} replace />;
}

/** `settings` itself: on to the first settings screen of the user's role (S1-2.01–.03). */
export const settingsRoutes: RouteObject[] = [{ path: 'settings', element: <SettingsHome />, handle: named('settings_home') }];
