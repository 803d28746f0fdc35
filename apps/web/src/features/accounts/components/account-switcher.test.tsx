import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { openAccountSwitch, renderApp, renderWithRouter } from '../../../test/render-app.tsx';
import { storeSession } from '../../../lib/session.ts';
import { AccountSwitcher } from './account-switcher.tsx';
import { pageLoader } from '../../../lib/full-page-load.ts';


const USER = makeUser({ accounts: [makeAccount(7, 'administrator', { name: 'Northwind' }), makeAccount(8, 'agent', { name: 'Globex' })], account_id: 7 });

describe('account switcher', () => {
  it('S0-7.23 S0-7.24 switching sends profile.account_id to set_active_account, then loads the new dashboard as a fresh page', async () => {
    storeSession(new Headers(sessionHeaders()));
    const server = fakeApi({
      'GET /auth/validate_token': { body: { payload: { success: true, data: USER } } },
      'PUT /api/v1/profile/set_active_account': { body: { ...USER, account_id: 8 } },
    });
    renderApp('/app/accounts/7/dashboard');
    const switcher = await openAccountSwitch();
    expect(within(switcher).getByRole('button', { name: /Northwind/ })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(switcher).getByRole('button', { name: 'Switch account: Globex' }));
    await waitFor(() => expect(pageLoader.load).toHaveBeenCalledWith('/app/accounts/8/dashboard'));
    expect(server.called('PUT /api/v1/profile/set_active_account')[0]!.body).toEqual({ profile: { account_id: 8 } });
  });

  it('stays put and says so when the switch fails', async () => {
    vi.mocked(pageLoader.load).mockClear();
    fakeApi({ 'PUT /api/v1/profile/set_active_account': { status: 500, body: { error: 'boom' } } });
    renderWithRouter(<AccountSwitcher user={USER} currentAccountId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch account: Globex' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not switch the account. Please try again.');
    expect(pageLoader.load).not.toHaveBeenCalled();
  });

  it('S0-6.16 with one account and creation disabled there is nothing to show', () => {
    fakeApi({});
    const { container } = renderWithRouter(<AccountSwitcher user={makeUser()} currentAccountId={7} creationEnabled={false} />);
    expect(container.querySelector('.panel')).toBeNull();
  });

  it('S0-6.15 with one account and creation enabled it offers a new account', () => {
    fakeApi({});
    renderWithRouter(<AccountSwitcher user={makeUser()} currentAccountId={7} creationEnabled />);
    expect(screen.getByRole('button', { name: /New account/ })).toBeInTheDocument();
  });
});
