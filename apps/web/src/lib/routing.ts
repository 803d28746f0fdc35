import type { UIMatch } from 'react-router';
import type { RouteName } from '@app/shared/permissions';

export const LOGIN_PATH = '/app/login';

/** `/app/accounts/{id}/{rest}`: every account route lives here (000 section 2). */
export const accountPath = (accountId: number, rest = 'dashboard') => `/app/accounts/${accountId}/${rest}`;

/** The login screen, remembering where a signed-out visitor was going. */
export function loginPath(params: { redirect?: string; notice?: 'session_expired' } = {}): string {
  const query = new URLSearchParams();
  if (params.notice) query.set(params.notice, '1');
  if (params.redirect) query.set('redirect', params.redirect);
  const text = query.toString();
  return text ? `${LOGIN_PATH}?${text}` : LOGIN_PATH;
}

/** Only paths inside the app may be a post-login destination (no open redirect to another site). */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/app/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}

/** What account routes carry in `handle`: the route name the access table knows. */
export type RouteHandle = { route: RouteName };

export const named = (route: RouteName): RouteHandle => ({ route });

/** The name of the deepest matched route that has one; null for a route without a name. */
export function routeNameOf(matches: readonly UIMatch[]): RouteName | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<RouteHandle> | undefined;
    if (handle?.route) return handle.route;
  }
  return null;
}

/** Where a signed-in user starts: the dashboard of their active account, else of their first one; null without any. */
export function homePathFor(user: { account_id: number | null; accounts: readonly { id: number }[] }): string | null {
  const active = user.accounts.find((a) => a.id === user.account_id) ?? user.accounts[0];
  return active ? accountPath(active.id) : null;
}
