import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storeSession } from '../../lib/session.ts';

/** The app at `path`, signed in as `role` of account 7; every list answers empty. */
function openAs(role: 'administrator' | 'agent', path: string) {
  storeSession(new Headers(sessionHeaders()));
  fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: makeUser({ accounts: [makeAccount(7, role)] }) } } },
    'GET /api/v1/accounts/7/labels': { body: { payload: [] } },
    'GET /api/v1/accounts/7/canned_responses': { body: [] },
    'GET /api/v1/accounts/7/custom_attribute_definitions?attribute_model=conversation_attribute': { body: [] },
  });
  return renderApp(path);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('account configuration routes', () => {
  it('S1-2.23 S1-2.24 settings/labels redirects to the labels list, which an administrator opens', async () => {
    const { router } = openAs('administrator', '/app/accounts/7/settings/labels');
    expect(await heading('Labels')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/labels/list');
  });

  it('S1-2.24 an agent may not open the labels list', async () => {
    const { router } = openAs('agent', '/app/accounts/7/settings/labels/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
  });

  it('S0-2.23 S0-2.24 settings/canned-response leads an agent to the canned responses list', async () => {
    const { router } = openAs('agent', '/app/accounts/7/settings/canned-response');
    expect(await heading('Canned responses')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/canned-response/list');
  });

  it('S0-2.17 settings/custom-attributes redirects to the list', async () => {
    const { router } = openAs('administrator', '/app/accounts/7/settings/custom-attributes');
    expect(await heading('Custom attributes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/custom-attributes/list');
  });

  it('S0-2.20 S0-2.12 an agent may open neither billing nor general settings', async () => {
    const billing = openAs('agent', '/app/accounts/7/settings/billing');
    await waitFor(() => expect(billing.router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
    billing.unmount();
    const general = openAs('agent', '/app/accounts/7/settings/general');
    await waitFor(() => expect(general.router.state.location.pathname).toBe('/app/accounts/7/dashboard'));
  });
});
