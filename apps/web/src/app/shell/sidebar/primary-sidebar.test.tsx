import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RouteName } from '@app/shared/permissions';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { makeAccountDetails, renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';

const rail = () => within(screen.getByRole('navigation', { name: 'Main navigation' }));
const railLabels = () => rail().getAllByRole('link').map((link) => link.getAttribute('aria-label'));

describe('primary sidebar', () => {
  it('S0-2.69 S0-1.04 shows, in order, the sections an administrator may open with every flag on', async () => {
    shellApi();
    renderShell();
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Contacts' })).toBeInTheDocument());
    expect(railLabels()).toEqual(['My inbox', 'Conversations', 'Contacts', 'Reports', 'Campaigns', 'Help center', 'Settings', 'Checker view', 'Notifications']);
    expect(rail().getByRole('link', { name: 'Conversations' })).toHaveAttribute('href', '/app/accounts/7/dashboard');
    expect(rail().getByRole('link', { name: 'Conversations' })).toHaveAttribute('aria-current', 'page');
    expect(rail().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/accounts/7/settings/general');
  });

  it('S0-2.71 S0-6.21 S0-6.22 S0-7.32 hides the items whose feature flag is off in the current account', async () => {
    const user = makeUser({ accounts: [makeAccount(7, 'administrator'), makeAccount(8, 'administrator')] });
    const server = shellApi(user, {
      'GET /api/v1/accounts/7': { body: makeAccountDetails(7, { off: ['crm', 'campaigns', 'inbox_view', 'reports'] }) },
      'GET /api/v1/accounts/8': { body: makeAccountDetails(8) },
    });
    renderShell();
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Help center' })).toBeInTheDocument());
    expect(server.called('GET /api/v1/accounts/7')).toHaveLength(1);
    expect(server.called('GET /api/v1/accounts/8')).toHaveLength(0);
    expect(rail().queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument();
    expect(rail().queryByRole('link', { name: 'Campaigns' })).not.toBeInTheDocument();
    expect(rail().queryByRole('link', { name: 'My inbox' })).not.toBeInTheDocument();
    expect(rail().queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('S0-2.70 S0-2.72 an agent sees what the role opens; reports land on csat; settings on macros', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'agent')] }));
    renderShell();
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/app/accounts/7/reports/csat'));
    expect(rail().queryByRole('link', { name: 'Campaigns' })).not.toBeInTheDocument();
    expect(rail().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/accounts/7/settings/macros');
    expect(rail().queryByRole('link', { name: 'Checker view' })).not.toBeInTheDocument();
  });

  it('S0-2.75 S0-1.10 the bottom of the bar has the docs entry (not custom-branded): help for users, inside the app', async () => {
    shellApi();
    renderShell();
    await shellReady();
    await userEvent.click(rail().getByRole('button', { name: 'Help' }));
    const help = screen.getByRole('dialog', { name: 'Help' });
    expect(within(help).getByRole('region', { name: 'Replying' })).toHaveTextContent('Private note stays with your team');
    // the API reference is there for developers, no longer what the "?" opens
    expect(within(help).getByRole('link', { name: 'Developers: the API reference' })).toHaveAttribute('href', '/api/docs');
    await userEvent.click(within(help).getByRole('button', { name: 'See every shortcut' }));
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('S0-2.77 S0-7.44 the bell shows the unread count from unread_count', async () => {
    shellApi(undefined, { 'GET /api/v1/accounts/7/notifications/unread_count': { body: 7 } });
    renderShell();
    await shellReady();
    expect(await rail().findByRole('link', { name: 'Notifications, 7 unread' })).toHaveAttribute('href', '/app/accounts/7/notifications');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('7');
  });

  it('S0-4.43 S0-9.26 the bell caps at 99+ from 100', async () => {
    shellApi(undefined, { 'GET /api/v1/accounts/7/notifications/unread_count': { body: 100 } });
    renderShell();
    await shellReady();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('99+'));
  });

  it('a server without unread_count yet (404) shows no count', async () => {
    const server = shellApi(undefined, { 'GET /api/v1/accounts/7/notifications/unread_count': { status: 404, body: { error: 'not found' } } });
    renderShell();
    await shellReady();
    await waitFor(() => expect(server.called('GET /api/v1/accounts/7/notifications/unread_count')).toHaveLength(1));
    expect(rail().getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('S0-7.71 S0-7.72 S0-7.73 notification events keep the count live', async () => {
    shellApi(undefined, { 'GET /api/v1/accounts/7/notifications/unread_count': { body: 2 } });
    const { cable } = renderShell();
    await shellReady();
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    act(() => cable.last.accept());
    act(() => cable.last.event('notification.created', { account_id: 7, notification: { id: 1 }, unread_count: 3, count: 3 }, 1));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('3'));
    act(() => cable.last.event('notification.updated', { account_id: 7, notification: { id: 1 }, unread_count: 2, count: 3 }, 2));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('2'));
    act(() => cable.last.event('notification.deleted', { account_id: 7, notification: { id: 1 }, unread_count: 0, count: 2 }, 3));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
  });

  it('hides every section whose screen is not in the router yet, and shows each as soon as it is', async () => {
    shellApi();
    const partial = new Set<RouteName>(['home', 'profile_settings_index', 'notifications_index', 'labels_list', 'canned_list']);
    const first = renderShell('/app/accounts/7/dashboard', { registry: partial });
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/accounts/7/settings/labels/list'));
    expect(railLabels()).toEqual(['Conversations', 'Settings', 'Notifications']);
    first.unmount();
    renderShell('/app/accounts/7/dashboard', { registry: new Set<RouteName>([...partial, 'contacts_dashboard']) });
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/app/accounts/7/contacts'));
  });

  it('a checker gets neither the bell nor its unread_count call (notifications are not open to the role)', async () => {
    const server = shellApi(makeUser({ accounts: [makeAccount(7, 'checker')] }));
    renderShell();
    await shellReady();
    await waitFor(() => expect(rail().getByRole('link', { name: 'Conversations' })).toBeInTheDocument());
    expect(rail().queryByRole('link', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/7/notifications/unread_count')).toHaveLength(0);
  });
});
