import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { findWorkspace, renderApp } from '../../../test/render-app.tsx';
import { hasSession, readSession } from '../../../lib/session.ts';

const USER = makeUser();
const signedInApi = (extra = {}) =>
  fakeApi({
    'POST /auth/sign_in': { body: { data: USER }, headers: sessionHeaders() },
    'GET /auth/validate_token': { body: { payload: { success: true, data: USER } } },
    ...extra,
  });

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen', () => {
  it('renders the email and password fields, a disabled submit and the forgot-password link', async () => {
    fakeApi({});
    renderApp('/app/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Relay Desk' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/app/auth/reset/password');
  });

  it('S0-7.01 S0-7.02 submits the credentials, keeps the session headers in the cookie and opens the account dashboard', async () => {
    const server = signedInApi();
    const { router } = renderApp('/app/login');
    await fillAndSubmit(' jane@example.com ', 'secret-1');
    await findWorkspace();
    expect(server.called('POST /auth/sign_in')[0]!.body).toEqual({ email: 'jane@example.com', password: 'secret-1' });
    expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard');
    expect(readSession()).toMatchObject({ 'access-token': 'tok-123', client: 'client-abc', uid: 'jane@example.com' });
  });

  it('shows the loading state while signing in', async () => {
    let release!: () => void;
    fakeApi({ 'POST /auth/sign_in': () => new Promise((resolve) => (release = () => resolve({ status: 401, body: { errors: ['x'] } }))) });
    renderApp('/app/login');
    await fillAndSubmit('jane@example.com', 'secret-1');
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByRole('button', { name: 'Sign in' });
  });

  it('shows the server refusal for wrong credentials and stays signed out', async () => {
    fakeApi({ 'POST /auth/sign_in': { status: 401, body: { success: false, errors: ['Invalid login credentials. Please try again.'] } } });
    const { router } = renderApp('/app/login');
    await fillAndSubmit('jane@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials. Please try again.');
    expect(router.state.location.pathname).toBe('/app/login');
    expect(hasSession()).toBe(false);
  });

  it('says to wait when sign-in is rate limited (429)', async () => {
    fakeApi({ 'POST /auth/sign_in': { status: 429, body: { error: 'Too many requests. Please wait a moment and try again.' } } });
    renderApp('/app/login');
    await fillAndSubmit('jane@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
  });

  it('returns to the page the guard sent the visitor away from', async () => {
    const user = makeUser({ accounts: [makeAccount(7), makeAccount(8)], account_id: 7 });
    fakeApi({ 'POST /auth/sign_in': { body: { data: user }, headers: sessionHeaders() } });
    const { router } = renderApp('/app/login?redirect=%2Fapp%2Faccounts%2F8%2Fdashboard');
    await fillAndSubmit('jane@example.com', 'secret-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/8/dashboard'));
  });

  it('never follows a redirect off the app', async () => {
    signedInApi();
    const { router } = renderApp('/app/login?redirect=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('jane@example.com', 'secret-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
  });

  it('shows a notice after a confirmed email', async () => {
    fakeApi({});
    renderApp('/app/login?email_confirmed=1');
    expect(await screen.findByText('Your email address is confirmed. You can sign in now.')).toBeInTheDocument();
  });

  it('shows the failed-confirmation notice', async () => {
    fakeApi({});
    renderApp('/app/login?confirmation_failed=1');
    expect(await screen.findByText(/That confirmation link is invalid or has expired/)).toBeInTheDocument();
  });
});
