import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { openAccountSwitch, renderApp } from '../../../test/render-app.tsx';
import { storeSession } from '../../../lib/session.ts';

const USER = makeUser();

function openDashboard(createReply: Reply | (() => Reply | Promise<Reply>)) {
  storeSession(new Headers(sessionHeaders()));
  const server = fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: USER } } },
    'POST /api/v1/accounts': createReply,
    'GET /api/v1/global_config': { body: { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: true } },
  });
  return { server, ...renderApp('/app/accounts/7/dashboard') };
}

async function openDialog() {
  const switcher = await openAccountSwitch();
  await userEvent.click(within(switcher).getByRole('button', { name: /New account/ }));
  return screen.getByRole('dialog', { name: 'Create a new account' });
}

describe('account creation dialog', () => {
  it('S0-2.92 S0-2.93 S0-5.01 S0-5.02 has one field, the name; submit is disabled until the name is valid', async () => {
    openDashboard({ status: 500, body: {} });
    const dialog = await openDialog();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    const submit = within(dialog).getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Account name'), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'N');
    expect(submit).toBeEnabled();
  });

  it('S0-2.93 submit is disabled while a creation runs', async () => {
    let release!: (reply: Reply) => void;
    openDashboard(() => new Promise<Reply>((resolve) => (release = resolve)));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Globex');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating…' })).toBeDisabled();
    release({ status: 500, body: {} });
    expect(await within(dialog).findByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('S0-8.01 a 422 answer shows CREATE_ACCOUNT.API.EXIST_MESSAGE', async () => {
    openDashboard({ status: 422, body: { message: 'Name has already been taken', attributes: ['name'], errors: { name: ['has already been taken'] } } });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Northwind');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with this name already exists');
  });

  it('S0-8.02 any other error shows CREATE_ACCOUNT.API.ERROR_MESSAGE', async () => {
    openDashboard({ status: 500, body: { error: 'Something went wrong on our side.' } });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Globex');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not create the account. Please try again.');
  });

  it('S0-7.12 S0-7.13 S0-8.03 S0-8.04 success posts account_name, shows SUCCESS_MESSAGE and opens /app/accounts/{id}/dashboard', async () => {
    const created = makeUser({ account_id: 12, accounts: [...USER.accounts, makeAccount(12, 'administrator', { name: 'Globex' })] });
    const { server, router } = openDashboard({ body: { data: created } });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Account name'), '  Globex ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/12/dashboard'));
    expect(server.called('POST /api/v1/accounts')[0]!.body).toEqual({ account_name: 'Globex' });
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    // the dialog and the account switch it was opened from close as the new account opens
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTitle('Globex')).toHaveTextContent('Globex'));
  });
});
