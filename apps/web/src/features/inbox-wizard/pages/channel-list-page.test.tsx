import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { api, findForm, locationOf, renderWizard, wizardPath } from '../test-utils.tsx';
import { pageLoader } from '../../../lib/full-page-load.ts';


const cards = async () => {
  await screen.findByRole('link', { name: /Website/ }, { timeout: 5000 });
  return screen.getAllByRole('link').filter((link) => link.className.includes('channel-card'));
};

describe('inbox wizard: channel list', () => {
  it('S1-2.05 S1-2.14 offers a card per channel, each leading to settings/inboxes/new/{sub_page}', async () => {
    renderWizard(wizardPath());
    const links = await cards();
    expect(links.map((link) => link.getAttribute('href')!.split('/').pop())).toEqual(['website', 'facebook', 'twitter', 'api', 'email', 'sms', 'whatsapp', 'line', 'telegram']);
    expect(within(links[0]!).getByText('Website')).toBeInTheDocument();
  });

  it('S0-4.77 the step list marks "Choose a channel" as the current step', async () => {
    renderWizard(wizardPath());
    await cards();
    const steps = within(screen.getByRole('navigation', { name: 'Steps to add an inbox' })).getAllByRole('listitem');
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps).toHaveLength(4);
  });

  it('marks Facebook and Twitter "Not configured" without their provider apps, and a channel whose feature is off', async () => {
    renderWizard(wizardPath(), {}, { off: ['channel_email'] });
    const links = await cards();
    await waitFor(() => expect(within(links[1]!).getByText('Not configured')).toBeInTheDocument());
    expect(within(links[2]!).getByText('Not configured')).toBeInTheDocument();
    expect(within(links[4]!).getByText('Not enabled for this account')).toBeInTheDocument();
    expect(within(links[0]!).queryByText(/Not/)).toBeNull();
  });

  it('a channel without its provider app explains what the server needs instead of starting the flow', async () => {
    renderWizard(wizardPath('twitter'));
    expect(await screen.findByRole('heading', { name: 'Twitter is not configured on this installation' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('TWITTER_CLIENT_ID')).toBeInTheDocument();
    expect(screen.getByText('TWITTER_CLIENT_SECRET')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Twitter' })).toBeNull();
  });

  it('S1-2.90 S1-7.02 Twitter, when configured: the form is a sign-in button that asks twitter/authorization for the URL and goes there', async () => {
    const { server } = renderWizard(wizardPath('twitter'), { [`POST ${api('twitter/authorization')}`]: { body: { url: 'https://twitter.example/consent' } } }, { oauth: { twitter: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Twitter' }, { timeout: 5000 }));
    await waitFor(() => expect(pageLoader.load).toHaveBeenCalledWith('https://twitter.example/consent'));
    expect(server.called(`POST ${api('twitter/authorization')}`)).toHaveLength(1);
  });

  it('S1-8.10 a failed Twitter start shows a fixed localized message', async () => {
    renderWizard(wizardPath('twitter'), { [`POST ${api('twitter/authorization')}`]: { status: 500, body: { error: 'boom from server' } } }, { oauth: { twitter: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Twitter' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not start the Twitter sign-in. Please try again.');
  });

  it('S1-2.13 an unknown sub_page says so and links back to the channel list', async () => {
    const { router } = renderWizard(wizardPath('fax'));
    expect(await screen.findByText(/There is no channel called “fax”/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Choose another channel' }));
    expect(locationOf(router)).toBe('settings/inboxes/new');
  });

  it('shows the error state with a retry when the installation config cannot be read', async () => {
    renderWizard(wizardPath('api'), { 'GET /api/v1/global_config': { status: 500, body: { error: 'down' } } });
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('S1-2.16 the wizard pages have a back link, to the inbox list', async () => {
    const { router } = renderWizard(wizardPath('api'));
    await findForm('API inbox');
    await userEvent.click(screen.getByRole('link', { name: /Back/ }));
    expect(locationOf(router)).toBe('settings/inboxes/list');
  });
});
