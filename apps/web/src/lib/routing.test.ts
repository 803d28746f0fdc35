import { describe, expect, it } from 'vitest';
import { accountPath, homePathFor, loginPath, routeNameOf, safeRedirect } from './routing.ts';

describe('routing helpers', () => {
  it('S0-2.01 account routes live under /app/accounts/{accountId}', () => {
    expect(accountPath(3)).toBe('/app/accounts/3/dashboard');
    expect(accountPath(3, 'suspended')).toBe('/app/accounts/3/suspended');
  });

  it('keeps only in-app paths as post-login destinations', () => {
    expect(safeRedirect('/app/accounts/3/dashboard')).toBe('/app/accounts/3/dashboard');
    for (const bad of [null, '', 'https://evil.example/app/', '//evil.example/app/x', '/api/v1/profile', '/app/\\evil']) expect(safeRedirect(bad)).toBeNull();
  });

  it('builds the login path with its notice and return path', () => {
    expect(loginPath()).toBe('/app/login');
    expect(loginPath({ notice: 'session_expired', redirect: '/app/accounts/1/dashboard' })).toBe(
      '/app/login?session_expired=1&redirect=%2Fapp%2Faccounts%2F1%2Fdashboard',
    );
  });

  it('starts a user on the active account, else the first, else nowhere', () => {
    expect(homePathFor({ account_id: 2, accounts: [{ id: 1 }, { id: 2 }] })).toBe('/app/accounts/2/dashboard');
    expect(homePathFor({ account_id: 9, accounts: [{ id: 1 }] })).toBe('/app/accounts/1/dashboard');
    expect(homePathFor({ account_id: null, accounts: [] })).toBeNull();
  });

  it('reads the route name of the deepest named match', () => {
    const match = (handle: unknown) => ({ id: 'x', pathname: '/', params: {}, data: undefined, loaderData: undefined, handle });
    expect(routeNameOf([match(undefined), match({ route: 'home' }), match(undefined)])).toBe('home');
    expect(routeNameOf([match({ route: 'home' }), match({ route: 'account_suspended' })])).toBe('account_suspended');
    expect(routeNameOf([match(undefined)])).toBeNull();
  });
});
