import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeInbox } from '../../../../test/fixtures.ts';
import { api, locationOf, renderWizard, wizardPath } from '../../test-utils.tsx';
import { facebookSdk } from '../../utils/facebook-sdk.ts';

// Facebook's SDK cannot load in tests: the loader and the login are replaced, the API is the fake one.
const sdk = {
  loadFacebookSdk: vi.fn<typeof facebookSdk.load>(),
  facebookLogin: vi.fn<typeof facebookSdk.login>(),
};

const PAGES = {
  data: {
    page_details: [
      { id: '111', name: 'Acme', access_token: 'page-111', exists: false },
      { id: '222', name: 'Acme Shop', access_token: 'page-222', exists: true },
    ],
    user_access_token: 'long-user',
  },
};
const CONFIGURED = { oauth: { facebook: true }, facebookAppId: 'fb-app' };

beforeEach(() => {
  sdk.loadFacebookSdk.mockReset().mockResolvedValue({} as Awaited<ReturnType<typeof facebookSdk.load>>);
  sdk.facebookLogin.mockReset().mockResolvedValue('short-user');
  vi.spyOn(facebookSdk, 'load').mockImplementation(sdk.loadFacebookSdk);
  vi.spyOn(facebookSdk, 'login').mockImplementation(sdk.facebookLogin);
});

const login = async () => userEvent.click(await screen.findByRole('button', { name: 'Continue with Facebook' }, { timeout: 5000 }));

describe('Facebook page flow', () => {
  it('S0-7.26 S0-7.27 S0-7.28 S0-4.30 S1-7.14 logs in, lists the pages, registers the chosen one and goes to add agents', async () => {
    const { server, router } = renderWizard(
      wizardPath('facebook'),
      { [`POST ${api('callbacks/facebook_pages.json')}`]: { body: PAGES }, [`POST ${api('callbacks/register_facebook_page')}`]: { body: makeInbox(46, 'Acme', { channel_type: 'Channel::FacebookPage' }) } },
      CONFIGURED,
    );
    await login();
    expect(sdk.loadFacebookSdk).toHaveBeenCalledWith('fb-app');
    const form = await screen.findByRole('form', { name: 'Facebook page inbox' });
    expect(server.called(`POST ${api('callbacks/facebook_pages.json')}`)[0]!.body).toEqual({ omniauth_token: 'short-user' });
    await userEvent.selectOptions(within(form).getByLabelText('Facebook page'), '111');
    expect(within(form).getByLabelText('Inbox name')).toHaveValue('Acme');
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/46/agents'));
    expect(server.called(`POST ${api('callbacks/register_facebook_page')}`)[0]!.body).toEqual({ user_access_token: 'long-user', page_access_token: 'page-111', page_id: '111', inbox_name: 'Acme' });
  });

  it('S0-5.03 S0-5.04 S0-5.05 a page must be chosen and the inbox named; connected pages cannot be chosen', async () => {
    const { server } = renderWizard(wizardPath('facebook'), { [`POST ${api('callbacks/facebook_pages.json')}`]: { body: PAGES } }, CONFIGURED);
    await login();
    const form = await screen.findByRole('form', { name: 'Facebook page inbox' });
    expect(within(form).getByRole('option', { name: 'Acme Shop (already connected)' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    expect(within(form).getByLabelText('Facebook page')).toHaveAccessibleDescription('Please choose a page.');
    expect(within(form).getByLabelText('Inbox name')).toHaveAccessibleDescription('Please enter a name for the inbox.');
    expect(server.called(`POST ${api('callbacks/register_facebook_page')}`)).toHaveLength(0);
  });

  it('S0-8.05 the SDK failing to load shows ERROR_FB_LOADING', async () => {
    sdk.loadFacebookSdk.mockRejectedValue(new Error('blocked'));
    renderWizard(wizardPath('facebook'), {}, CONFIGURED);
    await login();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the Facebook sign-in');
  });

  it('S0-8.07 S0-8.08 a not_authorized login shows ERROR_FB_UNAUTHORIZED with its help text', async () => {
    sdk.facebookLogin.mockRejectedValue(Object.assign(new Error('no'), { status: 'not_authorized' }));
    renderWizard(wizardPath('facebook'), {}, CONFIGURED);
    await login();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You did not authorize this app on Facebook.');
    expect(alert).toHaveTextContent('allow every permission');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('S0-8.06 a page list the server refuses shows ERROR_FB_AUTH', async () => {
    renderWizard(wizardPath('facebook'), { [`POST ${api('callbacks/facebook_pages.json')}`]: { status: 422, body: { message: 'refused' } } }, CONFIGURED);
    await login();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong with the Facebook sign-in. Please try again.');
  });

  it('without the app id published the channel shows the not-configured explanation', async () => {
    renderWizard(wizardPath('facebook'), {}, { oauth: { facebook: true } });
    expect(await screen.findByRole('heading', { name: 'Facebook is not configured on this installation' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
