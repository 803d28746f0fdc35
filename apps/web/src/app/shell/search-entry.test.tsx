import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteName } from '@app/shared/permissions';
import { EVERY_ROUTE } from '../../lib/route-registry.ts';
import { makeAccount, makeUser } from '../../test/fixtures.ts';
import { renderShell, shellApi, shellReady } from './shell-test-utils.tsx';

// How the shell leads to the search page (features/search): the top bar's link and the `/` shortcut.
describe('search entry points of the shell', () => {
  it('S1-2.68 the top bar links to the search route, and / opens it', async () => {
    shellApi();
    const { router } = renderShell('/app/accounts/7/profile/settings');
    await shellReady();
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(banner.querySelector('a[href="/app/accounts/7/search"]')).toHaveTextContent('Search'));
    await userEvent.keyboard('[Slash]');
    expect(router.state.location.pathname).toBe('/app/accounts/7/search');
  });

  it('offers neither to a checker, nor while the route has no screen', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'checker')] }));
    const { router } = renderShell('/app/accounts/7/dashboard');
    await shellReady();
    expect(screen.getByRole('banner').querySelector('a[href$="/search"]')).toBeNull();
    await userEvent.keyboard('[Slash]');
    expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard');
  });

  it('hides the link when the router has no search screen', async () => {
    shellApi();
    renderShell('/app/accounts/7/dashboard', { registry: new Set([...EVERY_ROUTE].filter((route) => route !== 'search')) as ReadonlySet<RouteName> });
    await shellReady();
    expect(screen.getByRole('banner').querySelector('a[href$="/search"]')).toBeNull();
  });
});
