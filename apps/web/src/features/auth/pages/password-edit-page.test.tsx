import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { hasSession } from '../../../lib/session.ts';

const PATH = '/app/auth/password/edit?reset_password_token=abc123';

async function choose(password: string, confirmation: string) {
  await userEvent.type(await screen.findByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm the new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
}

describe('set a new password', () => {
  it('sends the token with the new password, signs the user in and opens the dashboard', async () => {
    const server = fakeApi({
      'PUT /auth/password': { body: { data: makeUser() }, headers: sessionHeaders() },
      'GET /auth/validate_token': { body: { payload: { success: true, data: makeUser() } } },
    });
    const { router } = renderApp(PATH);
    await choose('new-secret', 'new-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
    expect(server.called('PUT /auth/password')[0]!.body).toEqual({ reset_password_token: 'abc123', password: 'new-secret', password_confirmation: 'new-secret' });
    expect(hasSession()).toBe(true);
  });

  it('checks length and match before asking the server', async () => {
    const server = fakeApi({});
    renderApp(PATH);
    await choose('abc', 'abd');
    expect(await screen.findByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it('shows the server errors next to their fields', async () => {
    fakeApi({
      'PUT /auth/password': {
        status: 422,
        body: { message: 'Password is too short', attributes: ['password'], errors: { password: ['is too short (minimum is 6 characters)'] } },
      },
    });
    renderApp(PATH);
    await choose('secret-1', 'secret-1');
    expect(await screen.findByText('Is too short (minimum is 6 characters)')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains an invalid or expired link and offers a new one', async () => {
    fakeApi({
      'PUT /auth/password': { status: 422, body: { message: 'Reset password token is invalid', attributes: ['reset_password_token'], errors: { reset_password_token: ['is invalid'] } } },
    });
    renderApp(PATH);
    await choose('secret-1', 'secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/app/auth/reset/password');
  });

  it('says so when the link has no token', async () => {
    fakeApi({});
    renderApp('/app/auth/password/edit');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is missing its token.');
  });
});
