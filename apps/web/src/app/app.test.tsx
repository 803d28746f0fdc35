import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers, createQueryClient } from './providers.tsx';
import { routes } from './router.tsx';
import { hasSession, storeSession } from '../lib/session.ts';

const USER = {
  id: 1, access_token: 't', account_id: 7, available_name: 'Jane Doe', avatar_url: '', thumbnail: '', confirmed: true,
  display_name: null, message_signature: null, email: 'jane@example.com', uid: 'jane@example.com', hmac_identifier: 'h', inviter_id: null,
  name: 'Jane Doe', provider: 'email', pubsub_token: 'p', role: 'administrator', permissions: ['administrator'], custom_role_id: null,
  availability: 'online', availability_status: 'online', auto_offline: true, leader_inbox: [], checker_inbox: [], ui_settings: {},
  custom_attributes: {}, type: null,
  accounts: [{ id: 7, name: 'Northwind', status: 'active', locale: 'en', active_at: null, role: 'administrator', permissions: ['administrator'],
    availability: 'online', availability_status: 'online', auto_offline: true, custom_role_id: null, custom_role: null, leader_inbox: [], checker_inbox: [] }],
};
const SESSION_HEADERS = { 'access-token': 'tok', 'token-type': 'Bearer', client: 'cli', expiry: String(Math.floor(Date.now() / 1000) + 3600), uid: 'jane@example.com' };

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
function server(handler: (url: string, init: RequestInit) => Reply) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const reply = handler(url, init);
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('login screen', () => {
  it('S0-8.26 S0-7.03 a visitor opening a dashboard is sent to login without any session request', async () => {
    const fetchMock = server(() => ({ status: 500, body: {} }));
    const router = renderAt('/app/accounts/7/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to Relay Desk' });
    expect(router.state.location.pathname).toBe('/app/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusal for wrong credentials', async () => {
    server(() => ({ status: 401, body: { success: false, errors: ['Invalid login credentials. Please try again.'] } }));
    renderAt('/app/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials. Please try again.');
    expect(hasSession()).toBe(false);
  });

  it('S0-7.01 signs in, keeps the session and lands on the account dashboard', async () => {
    server((url) => (url === '/auth/sign_in' ? { status: 200, body: { data: USER }, headers: SESSION_HEADERS } : { status: 200, body: { payload: { success: true, data: USER } } }));
    const router = renderAt('/app/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Welcome, Jane Doe' });
    expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard');
    expect(hasSession()).toBe(true);
  });
});

describe('signed-in shell', () => {
  it('S0-7.15 S0-7.16 a 401 from validate_token logs out to the login screen', async () => {
    storeSession(new Headers(SESSION_HEADERS));
    server(() => ({ status: 401, body: { errors: ['expired'] } }));
    const router = renderAt('/app/accounts/7/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(hasSession()).toBe(false);
  });

  it('S0-7.17 sign out ends the session on the server and clears the user', async () => {
    storeSession(new Headers(SESSION_HEADERS));
    const fetchMock = server((url, init) => (url === '/auth/sign_out' && init.method === 'DELETE' ? { status: 200, body: { success: true } } : { status: 200, body: { payload: { success: true, data: USER } } }));
    const router = renderAt('/app/accounts/7/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/auth/sign_out' && init?.method === 'DELETE')).toBe(true);
    expect(hasSession()).toBe(false);
  });

  it('S0-8.01 S0-8.02 account creation shows the exists message for 422 and the generic one otherwise', async () => {
    storeSession(new Headers(SESSION_HEADERS));
    let createStatus = 422;
    server((url) => (url === '/api/v1/accounts' ? { status: createStatus, body: { message: 'taken' } } : { status: 200, body: { payload: { success: true, data: USER } } }));
    renderAt('/app/accounts/7/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'New account' }));
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'Northwind' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this name already exists');
    createStatus = 500;
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not create the account'));
  });

  it('S0-2.05 a suspended account shows the suspended screen', async () => {
    storeSession(new Headers(SESSION_HEADERS));
    const suspended = { ...USER, accounts: [{ ...USER.accounts[0], status: 'suspended' }] };
    server(() => ({ status: 200, body: { payload: { success: true, data: suspended } } }));
    const router = renderAt('/app/accounts/7/dashboard');
    await screen.findByRole('heading', { name: 'This account is suspended' });
    expect(router.state.location.pathname).toBe('/app/accounts/7/suspended');
  });

  it('S0-8.18 an unconfirmed user sees the banner and can resend the verification mail', async () => {
    storeSession(new Headers(SESSION_HEADERS));
    const fetchMock = server((url) => (url === '/api/v1/profile/resend_confirmation' ? { status: 200, body: {} } : { status: 200, body: { payload: { success: true, data: { ...USER, confirmed: false } } } }));
    renderAt('/app/accounts/7/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    await screen.findByText('Verification email has been sent. Please check your inbox.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/profile/resend_confirmation')).toBe(true);
  });
});
