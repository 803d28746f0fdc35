import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeInbox } from '../../../../test/fixtures.ts';
import { api, findForm, locationOf, renderWizard, wizardPath } from '../../test-utils.tsx';

const TWILIO = `POST ${api('channels/twilio_channel')}`;
const twilioInbox = { body: makeInbox(44, 'Twilio', { channel_type: 'Channel::TwilioSms', provider: 'twilio' }) };
const describedBy = (form: HTMLElement, label: string) => within(form).getByLabelText(label);

async function fillTwilio(form: HTMLElement, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await userEvent.type(within(form).getByLabelText(label), value);
}
const create = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));

describe('SMS channel', () => {
  it('S1-2.97 S1-2.98 offers twilio and bandwidth; twilio (the default) shows the Twilio form with medium sms', async () => {
    const { server } = renderWizard(wizardPath('sms'), { [TWILIO]: twilioInbox });
    const provider = await screen.findByLabelText('Provider', {}, { timeout: 5000 });
    expect(within(provider).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['twilio', 'bandwidth']);
    const form = await findForm('Twilio SMS');
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC123', 'Auth token': 'secret', 'Phone number': '+14155550100' });
    await create(form);
    await waitFor(() => expect(server.called(TWILIO)).toHaveLength(1));
    expect((server.called(TWILIO)[0]!.body as { twilio_channel: { medium: string } }).twilio_channel.medium).toBe('sms');
  });

  it('S1-5.10 to S1-5.15 Bandwidth: inbox name, api key, api secret, application id, account id and phone number are required', async () => {
    renderWizard(wizardPath('sms'));
    await userEvent.selectOptions(await screen.findByLabelText('Provider', {}, { timeout: 5000 }), 'bandwidth');
    const form = await findForm('Bandwidth');
    await create(form);
    expect(describedBy(form, 'Inbox name')).toHaveAccessibleDescription('Please enter an inbox name.');
    expect(describedBy(form, 'API key')).toHaveAccessibleDescription('Please enter the API key.');
    expect(describedBy(form, 'API secret')).toHaveAccessibleDescription('Please enter the API secret.');
    expect(describedBy(form, 'Application ID')).toHaveAccessibleDescription('Please enter the application ID.');
    expect(describedBy(form, 'Account ID')).toHaveAccessibleDescription('Please enter the account ID.');
    expect(describedBy(form, 'Phone number')).toHaveAccessibleDescription('Please enter the phone number.');
  });

  it('S1-5.16 Bandwidth: the phone number must start with +', async () => {
    renderWizard(wizardPath('sms'));
    await userEvent.selectOptions(await screen.findByLabelText('Provider', {}, { timeout: 5000 }), 'bandwidth');
    const form = await findForm('Bandwidth');
    await userEvent.type(describedBy(form, 'Phone number'), '14155550100');
    await userEvent.tab();
    expect(describedBy(form, 'Phone number')).toHaveAccessibleDescription('The phone number must start with +.');
  });

  it('S1-3.04 S1-8.08 posts the bandwidth payload; a failure shows a fixed localized message', async () => {
    const { server } = renderWizard(wizardPath('sms'), { [`POST ${api('inboxes')}`]: { status: 422, body: { message: 'Phone number has already been taken', errors: { 'channel.phone_number': ['has already been taken'] } } } });
    await userEvent.selectOptions(await screen.findByLabelText('Provider', {}, { timeout: 5000 }), 'bandwidth');
    const form = await findForm('Bandwidth');
    await fillTwilio(form, { 'Inbox name': 'SMS', 'Phone number': '+1 415 555 0100', 'Account ID': 'acc', 'Application ID': 'app', 'API key': 'key', 'API secret': 'sec' });
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the SMS inbox. Please try again.');
    expect(describedBy(form, 'Phone number')).toHaveAccessibleDescription('Phone number has already been taken');
    expect(server.called(`POST ${api('inboxes')}`)[0]!.body).toEqual({
      name: 'SMS',
      channel: { type: 'sms', phone_number: '+14155550100', provider_config: { api_key: 'key', api_secret: 'sec', application_id: 'app', account_id: 'acc' } },
    });
  });
});

describe('Twilio form', () => {
  const open = async () => {
    const view = renderWizard(wizardPath('sms'), { [TWILIO]: twilioInbox });
    return { ...view, form: await findForm('Twilio SMS') };
  };
  const sent = (server: Awaited<ReturnType<typeof open>>['server']) => (server.called(TWILIO)[0]!.body as { twilio_channel: Record<string, unknown> }).twilio_channel;

  it('S1-5.17 S1-5.18 S1-5.19 channel name, auth token and account SID are required', async () => {
    const { form, server } = await open();
    await create(form);
    expect(describedBy(form, 'Channel name')).toHaveAccessibleDescription('Please enter a channel name.');
    expect(describedBy(form, 'Auth token')).toHaveAccessibleDescription('Please enter the auth token.');
    expect(describedBy(form, 'Account SID')).toHaveAccessibleDescription('Please enter the account SID.');
    expect(server.called(TWILIO)).toHaveLength(0);
  });

  it('S1-5.21 a phone number, if given, must be E.164', async () => {
    const { form } = await open();
    await userEvent.type(describedBy(form, 'Phone number'), '4155550100');
    await userEvent.tab();
    expect(describedBy(form, 'Phone number')).toHaveAccessibleDescription('Please enter a number in E.164 format, such as +14155550100.');
  });

  it('S1-5.23 without a phone number the messaging service SID is required', async () => {
    const { form } = await open();
    await create(form);
    expect(describedBy(form, 'Messaging service SID')).toHaveAccessibleDescription('Please enter a messaging service SID or a phone number.');
  });

  it('S1-5.22 S1-5.25 with a phone number the SID is optional; the number is sent as + and digits only', async () => {
    const { form, server, router } = await open();
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC1', 'Auth token': 'tok', 'Phone number': '+1 (415) 555-0100' });
    await create(form);
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/44/agents'));
    expect(sent(server)).toEqual({ name: 'Texts', medium: 'sms', account_sid: 'AC1', api_key_sid: null, auth_token: 'tok', messaging_service_sid: null, phone_number: '+14155550100' });
  });

  it('S1-5.26 S1-3.05 S1-7.13 the phone number is sent as null when a messaging service SID is used', async () => {
    const { form, server } = await open();
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC1', 'Auth token': 'tok', 'Phone number': '+14155550100', 'Messaging service SID': 'MG1' });
    await create(form);
    await waitFor(() => expect(server.called(TWILIO)).toHaveLength(1));
    expect(sent(server)).toMatchObject({ messaging_service_sid: 'MG1', phone_number: null });
  });

  it('S1-5.24 the api key SID is required only with the api key option on', async () => {
    const { form, server } = await open();
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC1', 'Auth token': 'tok', 'Messaging service SID': 'MG1' });
    expect(within(form).queryByLabelText('API key SID')).toBeNull();
    await userEvent.click(within(form).getByRole('switch', { name: 'Use an API key to authenticate' }));
    await create(form);
    expect(describedBy(form, 'API key SID')).toHaveAccessibleDescription('Please enter the API key SID.');
    expect(server.called(TWILIO)).toHaveLength(0);
    await userEvent.clear(describedBy(form, 'API key secret'));
    expect(describedBy(form, 'API key secret')).toHaveAccessibleDescription('Please enter the API key secret.');
    await userEvent.type(describedBy(form, 'API key secret'), 'tok');
    await userEvent.type(describedBy(form, 'API key SID'), 'SK1');
    await create(form);
    await waitFor(() => expect(server.called(TWILIO)).toHaveLength(1));
    expect(sent(server)).toMatchObject({ api_key_sid: 'SK1', auth_token: 'tok' });
  });

  it('S1-8.06 a failed Twilio creation shows the extracted API error message', async () => {
    renderWizard(wizardPath('sms'), { [TWILIO]: { status: 422, body: { message: 'Account sid has already been taken', errors: { account_sid: ['has already been taken'] } } } });
    const form = await findForm('Twilio SMS');
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC1', 'Auth token': 'tok', 'Messaging service SID': 'MG1' });
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Account sid has already been taken');
    expect(describedBy(form, 'Account SID')).toHaveAccessibleDescription('Account SID has already been taken');
  });

  it('S1-8.06 without an API message the Twilio fallback is shown', async () => {
    renderWizard(wizardPath('sms'), { [TWILIO]: { status: 500, body: {} } });
    const form = await findForm('Twilio SMS');
    await fillTwilio(form, { 'Channel name': 'Texts', 'Account SID': 'AC1', 'Auth token': 'tok', 'Messaging service SID': 'MG1' });
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the Twilio inbox. Please try again.');
  });
});
