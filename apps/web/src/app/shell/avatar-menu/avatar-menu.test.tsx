import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { hasSession } from '../../../lib/session.ts';
import { renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';

const openMenu = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Your profile and settings' }));
  return within(screen.getByRole('menu', { name: 'Your profile and settings' }));
};

describe('avatar menu', () => {
  it('S0-2.78 the avatar opens the options menu: profile settings, keyboard shortcuts, availability, logout', async () => {
    shellApi();
    renderShell();
    await shellReady();
    const menu = await openMenu();
    expect(menu.getByRole('menuitem', { name: 'Profile settings' })).toHaveAttribute('href', '/app/accounts/7/profile/settings');
    expect(menu.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(menu.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(['Online', 'Busy', 'Offline']);
    expect(screen.getByRole('button', { name: 'Your profile and settings' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Escape and on a click outside, and opens profile settings', async () => {
    shellApi();
    const { router } = renderShell();
    await shellReady();
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your profile and settings' })).toHaveFocus();
    await openMenu();
    await userEvent.click(screen.getByTestId('screen'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Profile settings' }));
    expect(router.state.location.pathname).toBe('/app/accounts/7/profile/settings');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('arrow keys move through the menu items', async () => {
    shellApi();
    renderShell();
    await shellReady();
    const menu = await openMenu();
    // the first enabled item has focus: online is current, so busy
    expect(menu.getByRole('menuitemradio', { name: 'Busy' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitemradio', { name: 'Offline' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(menu.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitemradio', { name: 'Busy' })).toHaveFocus();
  });

  it('S0-1.02 S0-2.79 S0-3.07 the super-admin console link shows for super admins only', async () => {
    shellApi(makeUser({ type: 'SuperAdmin' }));
    const first = renderShell();
    await shellReady();
    let menu = await openMenu();
    expect(menu.getByRole('menuitem', { name: 'Super admin console' })).toHaveAttribute('href', '/super_admin');
    first.unmount();
    shellApi(makeUser({ type: null }));
    renderShell();
    await shellReady();
    menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: 'Super admin console' })).not.toBeInTheDocument();
  });

  it('S0-4.31 S0-4.32 S0-4.33 S0-7.20 S0-7.48 S0-3.11 S1-4.10 the current availability is disabled; choosing another saves it for this account', async () => {
    const user = makeUser();
    const busy = { ...user, accounts: user.accounts.map((a) => ({ ...a, availability: 'busy' as const, availability_status: 'busy' as const })) };
    const server = shellApi(user, { 'POST /api/v1/profile/availability': { body: busy } });
    renderShell();
    await shellReady();
    let menu = await openMenu();
    expect(menu.getByRole('menuitemradio', { name: 'Online' })).toBeDisabled();
    expect(menu.getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(menu.getByRole('menuitemradio', { name: 'Busy' }));
    await waitFor(() => expect(server.called('POST /api/v1/profile/availability')).toHaveLength(1));
    expect(server.called('POST /api/v1/profile/availability')[0]!.body).toEqual({ profile: { availability: 'busy', account_id: 7 } });
    menu = within(screen.getByRole('menu'));
    await waitFor(() => expect(menu.getByRole('menuitemradio', { name: 'Busy' })).toBeDisabled());
    expect(menu.getByRole('menuitemradio', { name: 'Online' })).toBeEnabled();
    expect(await screen.findByText('Your availability is now Busy')).toBeInTheDocument();
  });

  it('S1-4.09 the current availability is the one the server answers for this account', async () => {
    const user = makeUser();
    shellApi({ ...user, accounts: user.accounts.map((a) => ({ ...a, availability: 'offline' as const, availability_status: 'offline' as const })) });
    renderShell();
    await shellReady();
    const menu = await openMenu();
    expect(menu.getByRole('menuitemradio', { name: 'Offline' })).toHaveAttribute('aria-checked', 'true');
    expect(menu.getByRole('menuitemradio', { name: 'Offline' })).toBeDisabled();
    expect(menu.getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute('aria-checked', 'false');
  });

  it('S0-8.23 a failed availability change shows SET_AVAILABILITY_ERROR', async () => {
    shellApi(undefined, { 'POST /api/v1/profile/availability': { status: 500, body: { error: 'boom' } } });
    renderShell();
    await shellReady();
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitemradio', { name: 'Offline' }));
    expect(await screen.findByText('Could not set your availability. Please try again.')).toBeInTheDocument();
    expect(menu.getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute('aria-checked', 'true');
  });

  it('S0-4.34 S0-7.21 S0-7.49 the auto-offline toggle saves the new value for this account', async () => {
    const user = makeUser();
    const off = { ...user, accounts: user.accounts.map((a) => ({ ...a, auto_offline: false })) };
    const server = shellApi(user, { 'POST /api/v1/profile/auto_offline': { body: off } });
    renderShell();
    await shellReady();
    const menu = await openMenu();
    const toggle = menu.getByRole('menuitemcheckbox', { name: /Go offline automatically/ });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(server.called('POST /api/v1/profile/auto_offline')[0]!.body).toEqual({ profile: { auto_offline: false, account_id: 7 } });
  });

  it('S0-6.14 S0-4.47 S0-2.90 with two accounts the account switch opens the account selector, which closes', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'administrator', { name: 'Northwind' }), makeAccount(8, 'agent', { name: 'Globex' })] }));
    renderShell();
    await shellReady();
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Switch account' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch account' });
    expect(within(dialog).getByRole('button', { name: 'Switch account: Globex' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('S0-6.16 with one account and creation disabled there is no account switch', async () => {
    shellApi();
    renderShell();
    await shellReady();
    const menu = await openMenu();
    expect(menu.queryByRole('menuitem', { name: 'Switch account' })).not.toBeInTheDocument();
  });

  it('S0-6.15 with one account, account creation from the dashboard shows the account switch', async () => {
    shellApi(undefined, {
      'GET /api/v1/global_config': { body: { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: true, enable_account_signup: false, oauth_providers: {} } },
    });
    renderShell();
    await shellReady();
    const menu = await openMenu();
    await waitFor(() => expect(menu.getByRole('menuitem', { name: 'Switch account' })).toBeInTheDocument());
  });

  it('S0-7.50 S0-7.17 log out signs out and returns to the login screen', async () => {
    const server = shellApi(undefined, { 'DELETE /auth/sign_out': { body: { success: true } } });
    const { router } = renderShell();
    await shellReady();
    const menu = await openMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(server.called('DELETE /auth/sign_out')).toHaveLength(1);
    expect(hasSession()).toBe(false);
  });

  it('offers profile settings only to the roles that may open them (not to a checker)', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'checker')] }));
    renderShell();
    await shellReady();
    await userEvent.click(screen.getByRole('button', { name: 'Your profile and settings' }));
    expect(screen.getByRole('menuitem', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Profile settings' })).not.toBeInTheDocument();
  });
});
