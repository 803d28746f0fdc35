import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, type Reply } from '../test/fake-api.ts';
import { customRole, makeAccount, makeUser, sessionHeaders } from '../test/fixtures.ts';
import { findWorkspace, renderApp } from '../test/render-app.tsx';
import { registry } from './router.tsx';
import { makeAccountDetails } from './shell/shell-test-utils.tsx';
import { hasSession, storeSession } from '../lib/session.ts';
import { setLocale } from '../lib/i18n/i18n.ts';

const USER = makeUser();
const validate = (user = USER): Reply => ({ body: { payload: { success: true, data: user } } });
const signedIn = () => storeSession(new Headers(sessionHeaders()));

/** Every pathname the router went through. */
function trail(router: ReturnType<typeof renderApp>['router']) {
  const seen = [router.state.location.pathname];
  router.subscribe((state) => seen.push(state.location.pathname));
  return seen;
}

afterEach(() => setLocale('en'));

describe('routes and the access guard in the app', () => {
  it('S0-2.02 S0-8.26 S0-7.03 S1-4.13 a visitor opening a dashboard is sent to /app/login, without any session request', async () => {
    const server = fakeApi({});
    const { router } = renderApp('/app/accounts/7/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to Relay Desk' });
    expect(router.state.location.pathname).toBe('/app/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/accounts/7/dashboard');
    expect(server.calls).toHaveLength(0);
  });

  it('S0-7.03 S0-7.15 with the session cookie present the session is fetched with GET /auth/validate_token', async () => {
    signedIn();
    const server = fakeApi({ 'GET /auth/validate_token': validate() });
    renderApp('/app/accounts/7/dashboard');
    await findWorkspace();
    expect(server.called('GET /auth/validate_token')).toHaveLength(1);
    expect(server.called('GET /auth/validate_token')[0]!.body).toBeUndefined();
  });

  it('S0-2.03 /app and /app/accounts/{id} (routes without a name) redirect to the account dashboard', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate() });
    const first = renderApp('/app');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
    first.unmount();
    const second = renderApp('/app/accounts/7');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
  });

  it('S0-2.04 an account the user does not belong to goes to the login screen', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate() });
    const { router } = renderApp('/app/accounts/99/dashboard');
    const seen = trail(router);
    // the login screen, finding the user signed in, sends them on to their own dashboard
    await findWorkspace();
    expect(seen).toContain('/app/login');
    expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard');
  });

  it('S0-2.05 S0-4.02 a suspended account shows the suspended screen, which can sign out', async () => {
    signedIn();
    const suspended = makeUser({ accounts: [makeAccount(7, 'agent', { name: 'Northwind', status: 'suspended' })] });
    const server = fakeApi({ 'GET /auth/validate_token': validate(suspended), 'DELETE /auth/sign_out': { body: { success: true } } });
    const { router } = renderApp('/app/accounts/7/dashboard');
    await screen.findByRole('heading', { name: 'This account is suspended' });
    expect(router.state.location.pathname).toBe('/app/accounts/7/suspended');
    expect(screen.getByRole('alert')).toHaveTextContent('Access to Northwind has been suspended');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(server.called('DELETE /auth/sign_out')).toHaveLength(1);
  });

  it('a route the role does not open sends the user to the first allowed fallback that has a screen', async () => {
    signedIn();
    const reportsOnly = makeUser({ accounts: [makeAccount(7, 'agent', { custom_role: customRole(['report_manage']) })] });
    fakeApi({ 'GET /auth/validate_token': validate(reportsOnly) });
    const { router } = renderApp('/app/accounts/7/dashboard');
    // reports, their first fallback with a screen (features/reports)
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/reports/overview'));
  });

  it('the registry of routes with a screen comes from the route tree: built screens are in it, unbuilt ones are not', () => {
    for (const name of ['home', 'inbox_conversation', 'profile_settings_index', 'notifications_index', 'settings_home', 'account_suspended', 'checker_view', 'contacts_dashboard', 'contacts_segments_dashboard', 'contacts_labels_dashboard', 'contact_profile_dashboard', 'account_overview_reports', 'csat_reports'] as const) {
      expect(registry.has(name)).toBe(true);
    }
    for (const name of ['ongoing_campaigns', 'list_all_portals', 'captain', 'inbox_view', 'automation_list', 'macros_wrapper', 'sla_list', 'sla_reports'] as const) {
      expect(registry.has(name)).toBe(false);
    }
  });

  it('the real app offers no link to a screen that is not built', async () => {
    signedIn();
    // every feature flag on: only the registry hides them
    fakeApi({ 'GET /auth/validate_token': validate(), 'GET /api/v1/accounts/7': { body: makeAccountDetails(7) } });
    renderApp('/app/accounts/7/dashboard');
    await findWorkspace();
    const rail = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await waitFor(() => expect(rail.getByRole('link', { name: 'Conversations' })).toBeInTheDocument());
    for (const name of ['Campaigns', 'Help center', 'My inbox', 'Captain']) {
      expect(rail.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    // built: the checker view (features/payments), first of its section's screens
    expect(registry.has('conversation_summaries')).toBe(true);
    expect(await rail.findByRole('link', { name: 'Checker view' })).toHaveAttribute('href', '/app/accounts/7/checker-view');
    // built: the contacts pages (features/contacts)
    expect(rail.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/app/accounts/7/contacts');
    // built: the reports (features/reports), landing on the overview
    expect(rail.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/app/accounts/7/reports/overview');
  });

  it('S0-4.01 the dashboard shows the product, the account, the user with initials and role', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate() });
    renderApp('/app/accounts/7/dashboard');
    // the shell's header (the workspace's panes have headers of their own)
    await findWorkspace();
    const banner = screen.getAllByRole('banner').find((b) => b.classList.contains('shell-header'))!;
    expect(within(banner).getByText('Relay Desk')).toBeInTheDocument();
    expect(within(banner).getByText('Northwind')).toBeInTheDocument();
    expect(within(banner).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(banner).getByText('JD')).toBeInTheDocument();
    expect(within(banner).getByText('Administrator')).toBeInTheDocument();
    expect(screen.queryByText(/not verified/)).not.toBeInTheDocument();
  });

  it('S0-7.16 S1-4.12 S1-8.13 a 401 from validate_token logs out: cookie cleared, login screen with a notice', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': { status: 401, body: { errors: ['Invalid session'] } } });
    const { router } = renderApp('/app/accounts/7/dashboard');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/login');
    expect(hasSession()).toBe(false);
  });

  it('any API 401 while signed in logs out and forgets the cached user', async () => {
    signedIn();
    fakeApi({
      'GET /auth/validate_token': validate(makeUser({ confirmed: false })),
      'POST /api/v1/profile/resend_confirmation': { status: 401, body: { errors: ['Invalid session'] } },
    });
    const { router, client } = renderApp('/app/accounts/7/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(hasSession()).toBe(false);
    expect(client.getQueryData(['session', 'current-user'])).toBeUndefined();
    // the login screen's chunk may still be loading when the location has changed
    expect(await screen.findByRole('heading', { name: 'Sign in to Relay Desk' })).toBeInTheDocument();
  });

  it('S0-7.17 S1-4.11 sign out calls DELETE auth/sign_out, clears the user and returns to the login screen', async () => {
    signedIn();
    const server = fakeApi({ 'GET /auth/validate_token': validate(), 'DELETE /auth/sign_out': { body: { success: true } } });
    const { router, client } = renderApp('/app/accounts/7/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(server.called('DELETE /auth/sign_out')).toHaveLength(1);
    expect(server.called('DELETE /auth/sign_out')[0]!.headers['access-token']).toBe('tok-123');
    expect(hasSession()).toBe(false);
    expect(client.getQueryData(['session', 'current-user'])).toBeUndefined();
  });

  it('sign out forgets the sidebar cache this browser kept of the user\'s accounts', async () => {
    // A browser's IndexedDB for this test only (the idb wrapper needs the classes as well as the factory).
    const fake = await import('fake-indexeddb');
    for (const name of ['IDBCursor', 'IDBCursorWithValue', 'IDBDatabase', 'IDBIndex', 'IDBKeyRange', 'IDBObjectStore', 'IDBOpenDBRequest', 'IDBRequest', 'IDBTransaction', 'IDBVersionChangeEvent'] as const) {
      vi.stubGlobal(name, fake[name]);
    }
    vi.stubGlobal('indexedDB', new fake.IDBFactory());
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('cw-store-7', 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate(), 'DELETE /auth/sign_out': { body: { success: true } } });
    const { router } = renderApp('/app/accounts/7/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    await waitFor(async () => expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('cw-store-7'), { timeout: 4000 });
  });

  it('S0-6.20 S0-7.25 S0-8.18 an unconfirmed user sees the banner and resending shows EMAIL_VERIFICATION_SENT', async () => {
    signedIn();
    const server = fakeApi({
      'GET /auth/validate_token': validate(makeUser({ confirmed: false })),
      'POST /api/v1/profile/resend_confirmation': { body: {} },
    });
    renderApp('/app/accounts/7/dashboard');
    expect(await screen.findByText(/Your email address is not verified yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('Verification email has been sent. Please check your inbox.')).toBeInTheDocument();
    expect(server.called('POST /api/v1/profile/resend_confirmation')).toHaveLength(1);
    expect(server.called('POST /api/v1/profile/resend_confirmation')[0]!.body).toBeUndefined();
  });

  it('shows a loading state, then an error state with a retry when the session check fails', async () => {
    signedIn();
    let fail = true;
    fakeApi({ 'GET /auth/validate_token': () => (fail ? { status: 500, body: { error: 'down' } } : validate()) });
    renderApp('/app/accounts/7/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your workspace…');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your workspace.');
    expect(hasSession()).toBe(true);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await findWorkspace();
  });

  it('shows the not-found page for unknown paths under /app', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate() });
    renderApp('/app/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/app');
  });

  it('writes the interface right to left for an account whose locale is ar', async () => {
    signedIn();
    fakeApi({ 'GET /auth/validate_token': validate(makeUser({ accounts: [makeAccount(7, 'administrator', { locale: 'ar' })] })) });
    renderApp('/app/accounts/7/dashboard');
    await findWorkspace();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
  });
});
