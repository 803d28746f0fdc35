import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { resolveFeatures, type Account } from '@app/shared/accounts';
import { makeAccountDetails } from '../testing/account-details.ts';
import type { CurrentUser } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { sessionKeys } from '../../auth/index.ts';
import { GeneralSettingsPage } from './general-settings-page.tsx';

const ACCOUNT_URL = '/api/v1/accounts/7';
function openGeneral(handlers: Record<string, Reply | ((call: Call) => Reply)> = {}, account = makeAccountDetails()) {
  const server = fakeApi({
    [`GET ${ACCOUNT_URL}`]: { body: account },
    [`PATCH ${ACCOUNT_URL}`]: (call) => ({ body: { ...account, ...(call.body as { account: Partial<Account> }).account } }),
    ...handlers,
  });
  const view = renderAccountScreen(<GeneralSettingsPage />, { path: '/app/accounts/7/settings/general' });
  view.client.setQueryData(sessionKeys.currentUser(), makeUser());
  return { server, ...view };
}

const card = async (name: string) => screen.findByRole('form', { name }, { timeout: 3000 });

describe('general settings', () => {
  it('S0-2.12 S0-5.01 refuses an empty account name before any call, on blur and on save', async () => {
    const { server } = openGeneral();
    const general = await card('General');
    const name = within(general).getByLabelText('Account name');
    await userEvent.clear(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Please enter a valid account name');
    await userEvent.type(name, '   ');
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Please enter a valid account name');
    expect(server.called(`PATCH ${ACCOUNT_URL}`)).toHaveLength(0);
  });

  it('S0-5.02 S0-1.08 renames the account to one character and picks a language from the list; the session entry follows', async () => {
    const { server, client } = openGeneral();
    const general = await card('General');
    const language = within(general).getByLabelText('Site language');
    expect(language).toHaveValue('en');
    expect(within(language).getAllByRole('option').length).toBeGreaterThanOrEqual(175);
    await userEvent.clear(within(general).getByLabelText('Account name'));
    await userEvent.type(within(general).getByLabelText('Account name'), 'N');
    await userEvent.selectOptions(language, 'ar');
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(server.called(`PATCH ${ACCOUNT_URL}`)[0]!.body).toEqual({ account: { name: 'N', locale: 'ar' } });
    expect(client.getQueryData<CurrentUser>(sessionKeys.currentUser())!.accounts[0]).toMatchObject({ name: 'N', locale: 'ar' });
  });

  it('shows a server 422 under the account name', async () => {
    openGeneral({ [`PATCH ${ACCOUNT_URL}`]: { status: 422, body: { message: 'Name is too long', attributes: ['name'], errors: { name: ['is too long'] } } } });
    const general = await card('General');
    await userEvent.type(within(general).getByLabelText('Account name'), ' Ltd');
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(general).getByLabelText('Account name')).toHaveAccessibleDescription('Account name is too long'));
  });

  it('S0-6.25 saves auto-resolve in minutes within 10 minutes and 999 days', async () => {
    const { server } = openGeneral({}, makeAccountDetails({ settings: { auto_resolve_after: 2880, auto_resolve_message: 'Bye', auto_resolve_ignore_waiting: false } }));
    const auto = await card('Automatic resolution');
    const amount = within(auto).getByLabelText('Inactive for');
    expect(amount).toHaveValue(2);
    expect(within(auto).getByLabelText('Unit')).toHaveValue('days');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.selectOptions(within(auto).getByLabelText('Unit'), 'minutes');
    await userEvent.click(within(auto).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription('Enter a duration between 10 minutes and 999 days');
    expect(server.called(`PATCH ${ACCOUNT_URL}`)).toHaveLength(0);
    await userEvent.selectOptions(within(auto).getByLabelText('Unit'), 'hours');
    await userEvent.click(within(auto).getByRole('switch', { name: 'Skip conversations waiting for an agent’s reply' }));
    await userEvent.click(within(auto).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(server.called(`PATCH ${ACCOUNT_URL}`)[0]!.body).toEqual({
      account: { auto_resolve_after: 300, auto_resolve_message: 'Bye', auto_resolve_ignore_waiting: true },
    });
    await userEvent.click(within(auto).getByRole('switch', { name: 'Resolve inactive conversations automatically' }));
    await userEvent.click(within(auto).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.called(`PATCH ${ACCOUNT_URL}`)).toHaveLength(2));
    expect((server.called(`PATCH ${ACCOUNT_URL}`)[1]!.body as { account: object }).account).toMatchObject({ auto_resolve_after: null });
  });

  it('S0-6.21 shows the features read-only, and auto-resolve only when its feature is on', async () => {
    openGeneral({}, makeAccountDetails({ features: { ...resolveFeatures({}), auto_resolve_conversations: false, labels: true } }));
    const features = await screen.findByRole('list', { name: 'Account features' });
    expect(within(features).getByText('Labels').nextSibling).toHaveTextContent('On');
    expect(within(features).getByText('Auto resolve conversations').nextSibling).toHaveTextContent('Off');
    expect(within(features).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Automatic resolution is not enabled for this account.')).toBeInTheDocument();
  });

  it('shows the error state when the account does not load', async () => {
    openGeneral({ [`GET ${ACCOUNT_URL}`]: { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page.');
  });
});
