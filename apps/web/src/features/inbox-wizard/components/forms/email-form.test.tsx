import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeInbox } from '../../../../test/fixtures.ts';
import { api, findForm, locationOf, renderWizard, wizardPath } from '../../test-utils.tsx';
import { pageLoader } from '../../../../lib/full-page-load.ts';


const providerNames = async () => {
  const group = await screen.findByRole('group', { name: 'Email provider' }, { timeout: 5000 });
  return within(group).getAllByRole('radio').map((radio) => radio.closest('label')!.querySelector('.choice-card__title')!.textContent);
};

describe('email channel', () => {
  it('S1-2.92 S1-2.93 offers Google and Microsoft only when configured, Other always', async () => {
    renderWizard(wizardPath('email'), {}, { oauth: { google: true } });
    expect(await providerNames()).toEqual(['Google', 'Other providers']);
  });

  it('S1-2.92 with both configured the picker offers Microsoft, Google and Other', async () => {
    renderWizard(wizardPath('email'), {}, { oauth: { google: true, microsoft: true } });
    expect(await providerNames()).toEqual(['Microsoft', 'Google', 'Other providers']);
  });

  it('S1-2.94 on the vendor hosted instance (cloud) every provider is offered, configured or not', async () => {
    renderWizard(wizardPath('email'), {}, { deployment: 'cloud' });
    expect(await providerNames()).toEqual(['Microsoft', 'Google', 'Other providers']);
  });

  it('S1-2.96 S1-5.07 S1-5.08 the Other form takes channel name and email, both required', async () => {
    renderWizard(wizardPath('email'));
    const form = await findForm('Other providers');
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    expect(within(form).getByLabelText('Channel name')).toHaveAccessibleDescription('Please enter a channel name.');
    expect(within(form).getByLabelText('Email address')).toHaveAccessibleDescription('Please enter the email address.');
  });

  it('S1-5.09 the email must be a valid address', async () => {
    renderWizard(wizardPath('email'));
    const form = await findForm('Other providers');
    const email = within(form).getByLabelText('Email address');
    await userEvent.type(email, 'support@');
    await userEvent.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await userEvent.type(email, 'acme.com');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('S1-3.03 posts name and channel{type email, email}, then goes to add agents', async () => {
    const { server, router } = renderWizard(wizardPath('email'), { [`POST ${api('inboxes')}`]: { body: makeInbox(43, 'Support', { channel_type: 'Channel::Email' }) } });
    const form = await findForm('Other providers');
    await userEvent.type(within(form).getByLabelText('Channel name'), 'Support');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/43/agents'));
    expect(server.called(`POST ${api('inboxes')}`)[0]!.body).toEqual({ name: 'Support', channel: { type: 'email', email: 'help@acme.com' } });
  });

  it('S1-8.03 S1-8.22 a failed email creation shows the server message, and a taken address under the email field', async () => {
    renderWizard(wizardPath('email'), {
      [`POST ${api('inboxes')}`]: { status: 422, body: { message: 'Email has already been taken', errors: { 'channel.email': ['has already been taken'] } } },
    });
    const form = await findForm('Other providers');
    await userEvent.type(within(form).getByLabelText('Channel name'), 'Support');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Email has already been taken');
    expect(within(form).getByLabelText('Email address')).toHaveAccessibleDescription('Email address has already been taken');
  });

  it('S1-8.03 without a server message the alert is the localized email message', async () => {
    renderWizard(wizardPath('email'), { [`POST ${api('inboxes')}`]: { status: 502, body: {} } });
    const form = await findForm('Other providers');
    await userEvent.type(within(form).getByLabelText('Channel name'), 'Support');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the email inbox. Please try again.');
  });

  it('S1-2.95 S1-7.04 the Google form takes an email, asks google/authorization and redirects', async () => {
    const { server } = renderWizard(wizardPath('email'), { [`POST ${api('google/authorization')}`]: { body: { url: 'https://accounts.google.example/consent' } } }, { oauth: { google: true } });
    await userEvent.click(await screen.findByRole('radio', { name: /Google/ }, { timeout: 5000 }));
    const form = await findForm('Google');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(pageLoader.load).toHaveBeenCalledWith('https://accounts.google.example/consent'));
    expect(server.called(`POST ${api('google/authorization')}`)[0]!.body).toEqual({ email: 'help@acme.com' });
  });

  it('S1-7.03 S1-8.11 the Microsoft form asks microsoft/authorization; a failure shows the Microsoft error message', async () => {
    const { server } = renderWizard(wizardPath('email'), { [`POST ${api('microsoft/authorization')}`]: { status: 422, body: { message: 'Microsoft is not configured' } } }, { oauth: { microsoft: true } });
    await userEvent.click(await screen.findByRole('radio', { name: /Microsoft/ }, { timeout: 5000 }));
    const form = await findForm('Microsoft');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not start the Microsoft sign-in. Please try again.');
    expect(server.called(`POST ${api('microsoft/authorization')}`)[0]!.body).toEqual({ email: 'help@acme.com' });
  });

  it('S1-8.12 a Google failure shows the Google error message', async () => {
    renderWizard(wizardPath('email'), { [`POST ${api('google/authorization')}`]: { status: 500, body: {} } }, { oauth: { google: true } });
    await userEvent.click(await screen.findByRole('radio', { name: /Google/ }, { timeout: 5000 }));
    const form = await findForm('Google');
    await userEvent.type(within(form).getByLabelText('Email address'), 'help@acme.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in with Google' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not start the Google sign-in. Please try again.');
  });
});
