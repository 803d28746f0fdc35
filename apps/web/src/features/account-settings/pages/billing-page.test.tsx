import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { makeAccountDetails } from '../testing/account-details.ts';
import { BillingPage } from './billing-page.tsx';
import { pageLoader } from '../../../lib/full-page-load.ts';


const config = (deployment: 'cloud' | 'self_hosted', billing_configured: boolean) => ({
  body: { agent_bots_enabled: true, deployment, create_new_account_from_dashboard: true, billing_configured, enable_account_signup: false, oauth_providers: {} },
});
const LIMITS = { body: { id: 7, limits: { conversation: { allowed: 500, consumed: 12 }, non_web_inboxes: { allowed: null, consumed: 2 } } } };

function openBilling(handlers: Record<string, Reply>) {
  const server = fakeApi({ 'GET /api/v1/accounts/7/limits': LIMITS, ...handlers });
  renderAccountScreen(<BillingPage />, { path: '/app/accounts/7/settings/billing' });
  return server;
}

describe('billing settings', () => {
  it('S0-6.09 says there is no billing on a self-hosted install', async () => {
    const server = openBilling({ 'GET /api/v1/global_config': config('self_hosted', false) });
    expect(await screen.findByRole('heading', { name: 'No billing on this installation' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says billing is not configured on a cloud install without a checkout address', async () => {
    const server = openBilling({ 'GET /api/v1/global_config': config('cloud', false) });
    expect(await screen.findByRole('heading', { name: 'Billing is not configured' })).toBeInTheDocument();
    expect(screen.getByText(/BILLING_CHECKOUT_URL/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('S1-7.11 starts the subscription of an account without a plan, then shows plan and usage', async () => {
    const server = openBilling({
      'GET /api/v1/global_config': config('cloud', true),
      'GET /api/v1/accounts/7': { body: makeAccountDetails() },
      'POST /enterprise/api/v1/accounts/7/subscription': { body: makeAccountDetails({ custom_attributes: { plan_name: 'Free' } }) },
    });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(server.called('POST /enterprise/api/v1/accounts/7/subscription')).toHaveLength(1);
    expect(screen.getByText('12 of 500')).toBeInTheDocument();
    expect(screen.getByText('2 (no limit)')).toBeInTheDocument();
  });

  it('S1-7.10 goes to the checkout redirect_url; a failure shows the server message', async () => {
    const server = openBilling({
      'GET /api/v1/global_config': config('cloud', true),
      'GET /api/v1/accounts/7': { body: makeAccountDetails({ custom_attributes: { plan_name: 'Business', subscription_status: 'active', subscribed_quantity: 5 } }) },
      'POST /enterprise/api/v1/accounts/7/checkout': { body: { redirect_url: 'https://billing.example.com/portal?client_reference_id=7' } },
    });
    expect(await screen.findByText('Business')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(server.called('POST /enterprise/api/v1/accounts/7/subscription')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Go to the billing portal' }));
    await waitFor(() => expect(pageLoader.load).toHaveBeenCalledWith('https://billing.example.com/portal?client_reference_id=7'));
    server.fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ message: 'Billing is not configured on this installation' }), { status: 422 }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to the billing portal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Billing is not configured on this installation');
  });
});
