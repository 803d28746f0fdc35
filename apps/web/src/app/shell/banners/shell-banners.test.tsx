import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { makeAccountDetails, renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';
import { DISMISSED_UPDATE_KEY } from './banner-rules.ts';

const cloud = { body: { agent_bots_enabled: true, deployment: 'cloud', create_new_account_from_dashboard: false, enable_account_signup: false, oauth_providers: {} } };
const newer = { body: makeAccountDetails(7, { latest_chatwoot_version: '1.4.0' }) };
const overLimit = { body: { id: 7, limits: { conversation: { allowed: 10, consumed: 11 }, non_web_inboxes: { allowed: null, consumed: 0 } } } };

describe('banners at the top', () => {
  it('S0-2.94 S0-6.17 an administrator sees the update banner; dismissing remembers the version', async () => {
    window.localStorage.removeItem(DISMISSED_UPDATE_KEY);
    shellApi(undefined, { 'GET /api/v1/accounts/7': newer });
    const first = renderShell();
    await shellReady();
    expect(await screen.findByText(/A new version of Relay Desk \(1.4.0\) is available/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this version' }));
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISMISSED_UPDATE_KEY)).toBe('1.4.0');
    first.unmount();
    shellApi(undefined, { 'GET /api/v1/accounts/7': newer });
    renderShell();
    await shellReady();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contacts' })).toBeInTheDocument());
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
    window.localStorage.removeItem(DISMISSED_UPDATE_KEY);
  });

  it('S0-6.17 an agent does not see the update banner', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'agent')] }), { 'GET /api/v1/accounts/7': newer });
    renderShell();
    await shellReady();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contacts' })).toBeInTheDocument());
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
  });

  it('S0-6.19 S0-7.33 the limits banner shows to any role on the cloud installation (limits loaded there only)', async () => {
    const server = shellApi(makeUser({ accounts: [makeAccount(7, 'agent')] }), { 'GET /api/v1/global_config': cloud, 'GET /api/v1/accounts/7/limits': overLimit });
    renderShell();
    await shellReady();
    expect(await screen.findByText(/used more than its plan allows/)).toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/7/limits')).toHaveLength(1);
  });

  it('self-hosted installations never ask for limits', async () => {
    const server = shellApi(undefined, { 'GET /api/v1/accounts/7/limits': overLimit });
    renderShell();
    await shellReady();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contacts' })).toBeInTheDocument());
    expect(server.called('GET /api/v1/accounts/7/limits')).toHaveLength(0);
    expect(screen.queryByText(/used more than its plan allows/)).not.toBeInTheDocument();
  });

  it('S0-4.03 S0-6.18 the payment-pending banner shows administrators of a past-due cloud account the billing link', async () => {
    const pastDue = { body: makeAccountDetails(7, { custom_attributes: { subscription_status: 'past_due', subscription_ends_on: '2024-01-01' } }) };
    shellApi(undefined, { 'GET /api/v1/global_config': cloud, 'GET /api/v1/accounts/7': pastDue, 'GET /api/v1/accounts/7/limits': { body: { id: 7, limits: { conversation: { allowed: null, consumed: 0 }, non_web_inboxes: { allowed: null, consumed: 0 } } } } });
    renderShell();
    await shellReady();
    expect(await screen.findByText(/payment for your subscription is overdue/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open billing' })).toHaveAttribute('href', '/app/accounts/7/settings/billing');
  });

  it('while billing has no screen the payment banner still warns, without a link that leads nowhere', async () => {
    const pastDue = { body: makeAccountDetails(7, { custom_attributes: { subscription_status: 'past_due', subscription_ends_on: '2024-01-01' } }) };
    shellApi(undefined, { 'GET /api/v1/global_config': cloud, 'GET /api/v1/accounts/7': pastDue, 'GET /api/v1/accounts/7/limits': { body: { id: 7, limits: { conversation: { allowed: null, consumed: 0 }, non_web_inboxes: { allowed: null, consumed: 0 } } } } });
    renderShell('/app/accounts/7/dashboard', { registry: new Set(['home', 'profile_settings_index']) });
    await shellReady();
    expect(await screen.findByText(/payment for your subscription is overdue/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open billing' })).not.toBeInTheDocument();
  });

  it('S0-6.20 an unconfirmed user sees the email-unverified banner', async () => {
    shellApi(makeUser({ confirmed: false }));
    renderShell();
    await shellReady();
    expect(screen.getByText(/Your email address is not verified yet/)).toBeInTheDocument();
  });
});
