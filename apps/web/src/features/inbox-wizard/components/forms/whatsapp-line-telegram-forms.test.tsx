import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeInbox } from '../../../../test/fixtures.ts';
import { api, findForm, locationOf, renderWizard, wizardPath } from '../../test-utils.tsx';

const POST = `POST ${api('inboxes')}`;
const ok = { body: makeInbox(45, 'New') };
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);
const create = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Create inbox' }));
async function fill(form: HTMLElement, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await userEvent.type(field(form, label), value);
}

describe('WhatsApp channel', () => {
  it('S1-2.99 S1-2.101 offers whatsapp_cloud and twilio, and the legacy 360dialog-style form', async () => {
    renderWizard(wizardPath('whatsapp'));
    const select = await screen.findByLabelText('Provider', {}, { timeout: 5000 });
    expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['whatsapp_cloud', 'twilio', 'default']);
    await userEvent.selectOptions(select, 'default');
    expect(await findForm('360dialog')).toBeInTheDocument();
  });

  it('S1-2.100 choosing twilio shows the Twilio form with medium whatsapp', async () => {
    const { server } = renderWizard(wizardPath('whatsapp'), { [`POST ${api('channels/twilio_channel')}`]: ok });
    await userEvent.selectOptions(await screen.findByLabelText('Provider', {}, { timeout: 5000 }), 'twilio');
    const form = await findForm('Twilio WhatsApp');
    await fill(form, { 'Channel name': 'WA', 'Account SID': 'AC1', 'Auth token': 'tok', 'Phone number': '+14155550100' });
    await create(form);
    await waitFor(() => expect(server.called(`POST ${api('channels/twilio_channel')}`)).toHaveLength(1));
    expect(server.called(`POST ${api('channels/twilio_channel')}`)[0]!.body).toMatchObject({ twilio_channel: { medium: 'whatsapp' } });
  });

  it('S1-5.27 S1-5.28 S1-5.29 inbox name, api key and phone number are required', async () => {
    renderWizard(wizardPath('whatsapp'));
    const form = await findForm('WhatsApp Cloud');
    await create(form);
    expect(field(form, 'Inbox name')).toHaveAccessibleDescription('Please enter an inbox name.');
    expect(field(form, 'Access token')).toHaveAccessibleDescription('Please enter the API key.');
    expect(field(form, 'Phone number')).toHaveAccessibleDescription('Please enter the phone number.');
  });

  it('S1-5.30 the phone number must be E.164', async () => {
    renderWizard(wizardPath('whatsapp'));
    const form = await findForm('WhatsApp Cloud');
    await userEvent.type(field(form, 'Phone number'), '+0123');
    await userEvent.tab();
    expect(field(form, 'Phone number')).toHaveAccessibleDescription('Please enter a number in E.164 format, such as +14155550100.');
  });

  it('S1-5.31 S1-5.32 cloud: phone_number_id and business_account_id are required and numeric', async () => {
    renderWizard(wizardPath('whatsapp'));
    const form = await findForm('WhatsApp Cloud');
    await create(form);
    expect(field(form, 'Phone number ID')).toHaveAccessibleDescription('Please enter this ID.');
    expect(field(form, 'Business account ID')).toHaveAccessibleDescription('Please enter this ID.');
    await userEvent.type(field(form, 'Phone number ID'), '12a');
    await userEvent.type(field(form, 'Business account ID'), 'abc');
    expect(field(form, 'Phone number ID')).toHaveAccessibleDescription('This ID has digits only.');
    expect(field(form, 'Business account ID')).toHaveAccessibleDescription('This ID has digits only.');
  });

  it('S1-3.07 posts the cloud payload and goes to add agents', async () => {
    const { server, router } = renderWizard(wizardPath('whatsapp'), { [POST]: ok });
    const form = await findForm('WhatsApp Cloud');
    await fill(form, { 'Inbox name': 'WA', 'Phone number': '+14155550100', 'Phone number ID': '123', 'Business account ID': '456', 'Access token': 'key' });
    await create(form);
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/45/agents'));
    expect(server.called(POST)[0]!.body).toEqual({
      name: 'WA',
      channel: { type: 'whatsapp', phone_number: '+14155550100', provider: 'whatsapp_cloud', provider_config: { api_key: 'key', phone_number_id: '123', business_account_id: '456' } },
    });
  });

  it('S1-3.06 the legacy form posts phone number and provider_config{api_key} without the cloud ids', async () => {
    const { server } = renderWizard(wizardPath('whatsapp'), { [POST]: ok });
    await userEvent.selectOptions(await screen.findByLabelText('Provider', {}, { timeout: 5000 }), 'default');
    const form = await findForm('360dialog');
    expect(within(form).queryByLabelText('Phone number ID')).toBeNull();
    await fill(form, { 'Inbox name': 'WA', 'Phone number': '+14155550100', 'API key': 'key' });
    await create(form);
    await waitFor(() => expect(server.called(POST)).toHaveLength(1));
    expect(server.called(POST)[0]!.body).toEqual({ name: 'WA', channel: { type: 'whatsapp', phone_number: '+14155550100', provider_config: { api_key: 'key' } } });
  });

  it('S1-8.04 a failed WhatsApp creation shows the server message, and the 422 under its field', async () => {
    renderWizard(wizardPath('whatsapp'), { [POST]: { status: 422, body: { message: 'Phone number has already been taken', errors: { 'channel.phone_number': ['has already been taken'] } } } });
    const form = await findForm('WhatsApp Cloud');
    await fill(form, { 'Inbox name': 'WA', 'Phone number': '+14155550100', 'Phone number ID': '123', 'Business account ID': '456', 'Access token': 'key' });
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Phone number has already been taken');
    expect(field(form, 'Phone number')).toHaveAccessibleDescription('Phone number has already been taken');
  });
});

describe('Line form', () => {
  it('S1-2.102 S1-5.33 S1-5.34 S1-5.35 S1-5.36 channel name, channel id, secret and token are all required', async () => {
    renderWizard(wizardPath('line'));
    const form = await findForm('Line inbox');
    await create(form);
    expect(field(form, 'Channel name')).toHaveAccessibleDescription('Please enter a channel name.');
    expect(field(form, 'Channel ID')).toHaveAccessibleDescription('Please enter the channel ID.');
    expect(field(form, 'Channel secret')).toHaveAccessibleDescription('Please enter the channel secret.');
    expect(field(form, 'Channel access token')).toHaveAccessibleDescription('Please enter the channel access token.');
  });

  it('S1-3.08 S1-8.09 posts the Line payload; a failure shows a fixed localized message', async () => {
    const { server } = renderWizard(wizardPath('line'), { [POST]: { status: 422, body: { message: 'Line channel id has already been taken', errors: { 'channel.line_channel_id': ['has already been taken'] } } } });
    const form = await findForm('Line inbox');
    await fill(form, { 'Channel name': 'LINE', 'Channel ID': '1656', 'Channel secret': 'sec', 'Channel access token': 'tok' });
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the Line inbox. Please try again.');
    expect(field(form, 'Channel ID')).toHaveAccessibleDescription('Channel ID has already been taken');
    expect(server.called(POST)[0]!.body).toEqual({ name: 'LINE', channel: { type: 'line', line_channel_id: '1656', line_channel_secret: 'sec', line_channel_token: 'tok' } });
  });
});

describe('Telegram form', () => {
  it('S1-2.103 S1-5.37 the only field is the bot token, which is required', async () => {
    renderWizard(wizardPath('telegram'));
    const form = await findForm('Telegram inbox');
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    await create(form);
    expect(field(form, 'Bot token')).toHaveAccessibleDescription('Please enter the bot token.');
  });

  it('S1-3.09 posts channel{type telegram, bot_token}', async () => {
    const { server, router } = renderWizard(wizardPath('telegram'), { [POST]: ok });
    const form = await findForm('Telegram inbox');
    await userEvent.type(field(form, 'Bot token'), '123:abc');
    await create(form);
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/45/agents'));
    expect(server.called(POST)[0]!.body).toEqual({ channel: { type: 'telegram', bot_token: '123:abc' } });
  });

  it('S1-8.05 a failed Telegram creation shows the server message, else the localized Telegram message', async () => {
    const first = renderWizard(wizardPath('telegram'), { [POST]: { status: 422, body: { message: 'Bot token is not valid', errors: { 'channel.bot_token': ['is not valid'] } } } });
    let form = await findForm('Telegram inbox');
    await userEvent.type(field(form, 'Bot token'), '123:abc');
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bot token is not valid');
    first.unmount();
    renderWizard(wizardPath('telegram'), { [POST]: { status: 503, body: {} } });
    form = await findForm('Telegram inbox');
    await userEvent.type(field(form, 'Bot token'), '123:abc');
    await create(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the Telegram inbox. Please try again.');
  });
});
