import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeInbox } from '../../../../test/fixtures.ts';
import { api, findForm, locationOf, renderWizard, wizardPath } from '../../test-utils.tsx';

// jsdom has no layout; ProseMirror measures the caret (as in the reply editor's tests).
beforeAll(() => {
  Range.prototype.getClientRects ??= function getClientRects() {
    return Object.assign([], { item: () => null }) as unknown as DOMRectList;
  };
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  document.elementFromPoint ??= () => null;
});

const created = (extra: Parameters<typeof makeInbox>[2] = {}) => ({ body: makeInbox(41, 'New inbox', extra) });
const submitOf = (form: HTMLElement) => within(form).getByRole('button', { name: 'Create inbox' });

describe('website form', () => {
  it('S1-2.85 shows name, domain, widget colour, welcome title and tagline, and the greeting switch', async () => {
    renderWizard(wizardPath('website'));
    const form = await findForm('Website inbox');
    for (const label of ['Inbox name', 'Website domain', 'Welcome heading', 'Welcome tagline']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /Widget colour/ })).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'Greeting message' })).toHaveAttribute('aria-checked', 'false');
  });

  it('S1-2.86 S1-9.02 the widget colour starts at #009CE0', async () => {
    renderWizard(wizardPath('website'));
    const form = await findForm('Website inbox');
    expect(within(form).getByRole('button', { name: /Widget colour/ })).toHaveTextContent(/#009ce0/i);
  });

  it('S1-2.87 S1-9.04 the greeting message is a rich editor of minimum height 8, shown when the greeting is on', async () => {
    renderWizard(wizardPath('website'));
    const form = await findForm('Website inbox');
    expect(within(form).queryByRole('textbox', { name: 'Greeting message text' })).toBeNull();
    await userEvent.click(within(form).getByRole('switch', { name: 'Greeting message' }));
    const editor = await within(form).findByRole('textbox', { name: 'Greeting message text' }, { timeout: 5000 });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor).toHaveStyle({ minHeight: '8rem' });
    expect(within(form).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('S1-5.01 S1-5.02 S1-2.89 submit is disabled while the domain or the name is empty', async () => {
    renderWizard(wizardPath('website'));
    const form = await findForm('Website inbox');
    expect(submitOf(form)).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Inbox name'), 'Acme');
    expect(submitOf(form)).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Website domain'), 'acme.com');
    expect(submitOf(form)).toBeEnabled();
    await userEvent.clear(within(form).getByLabelText('Inbox name'));
    await userEvent.type(within(form).getByLabelText('Inbox name'), '   ');
    expect(submitOf(form)).toBeDisabled();
  });

  it('S1-5.03 S1-3.01 S1-2.104 with name and domain there is no other rule: it posts the website payload and goes to add agents', async () => {
    const { server, router } = renderWizard(wizardPath('website'), { [`POST ${api('inboxes')}`]: created({ channel_type: 'Channel::WebWidget' }) });
    const form = await findForm('Website inbox');
    await userEvent.type(within(form).getByLabelText('Inbox name'), 'Acme site');
    await userEvent.type(within(form).getByLabelText('Website domain'), 'not a domain at all');
    await userEvent.click(within(form).getByRole('switch', { name: 'Greeting message' }));
    const greeting = await within(form).findByRole('textbox', { name: 'Greeting message text' }, { timeout: 5000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Bold' }));
    await userEvent.type(greeting, 'Hello!');
    await userEvent.click(submitOf(form));
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/41/agents'));
    expect(server.called(`POST ${api('inboxes')}`)[0]!.body).toEqual({
      name: 'Acme site',
      greeting_enabled: true,
      greeting_message: '**Hello!**',
      channel: { type: 'web_widget', website_url: 'not a domain at all', widget_color: '#009CE0', welcome_title: '', welcome_tagline: '' },
    });
  });

  it('S1-8.01 S1-8.02 a failed creation alerts with the server message, and a 422 shows under its field', async () => {
    renderWizard(wizardPath('website'), {
      [`POST ${api('inboxes')}`]: { status: 422, body: { message: 'Website url is too long', attributes: ['channel.website_url'], errors: { 'channel.website_url': ['is too long (maximum is 2048 characters)'] } } },
    });
    const form = await findForm('Website inbox');
    await userEvent.type(within(form).getByLabelText('Inbox name'), 'Acme');
    await userEvent.type(within(form).getByLabelText('Website domain'), 'acme.com');
    await userEvent.click(submitOf(form));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Website url is too long');
    expect(within(form).getByLabelText('Website domain')).toHaveAccessibleDescription('Website domain is too long (maximum is 2048 characters)');
  });

  it('S1-8.02 without a server message the alert is the localized website message', async () => {
    renderWizard(wizardPath('website'), { [`POST ${api('inboxes')}`]: { status: 500, body: {} } });
    const form = await findForm('Website inbox');
    await userEvent.type(within(form).getByLabelText('Inbox name'), 'Acme');
    await userEvent.type(within(form).getByLabelText('Website domain'), 'acme.com');
    await userEvent.click(submitOf(form));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the website inbox. Please try again.');
  });
});

describe('API form', () => {
  it('S1-2.91 has the channel name and webhook URL fields', async () => {
    renderWizard(wizardPath('api'));
    const form = await findForm('API inbox');
    expect(within(form).getByLabelText('Channel name')).toBeInTheDocument();
    expect(within(form).getByLabelText('Webhook URL')).toBeInTheDocument();
  });

  it('S1-5.04 S1-5.39 S1-5.40 the channel name is required, checked on submit with a localized message', async () => {
    const { server } = renderWizard(wizardPath('api'));
    const form = await findForm('API inbox');
    await userEvent.click(submitOf(form));
    expect(within(form).getByLabelText('Channel name')).toHaveAccessibleDescription('Please enter a channel name.');
    expect(server.called(`POST ${api('inboxes')}`)).toHaveLength(0);
  });

  it('S1-5.38 fields are checked on blur', async () => {
    renderWizard(wizardPath('api'));
    const form = await findForm('API inbox');
    const name = within(form).getByLabelText('Channel name');
    expect(name).not.toHaveAttribute('aria-invalid');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter a channel name.');
  });

  it('a field left by pressing the submit button waits for the submit, so the button does not move under the pointer', async () => {
    const { server } = renderWizard(wizardPath('api'));
    const form = await findForm('API inbox');
    const name = within(form).getByLabelText('Channel name');
    await userEvent.click(name);
    fireEvent.pointerDown(submitOf(form));
    fireEvent.blur(name);
    expect(name).not.toHaveAttribute('aria-invalid');
    fireEvent.click(submitOf(form));
    expect(name).toHaveAccessibleDescription('Please enter a channel name.');
    expect(server.called(`POST ${api('inboxes')}`)).toHaveLength(0);
  });

  it('S1-5.06 a webhook URL must start with http', async () => {
    renderWizard(wizardPath('api'));
    const form = await findForm('API inbox');
    const url = within(form).getByLabelText('Webhook URL');
    await userEvent.type(url, 'ftp://example.com');
    await userEvent.tab();
    expect(url).toHaveAccessibleDescription('Please enter a URL starting with http.');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/hook');
    expect(url).not.toHaveAttribute('aria-invalid');
  });

  it('S1-5.05 S1-3.02 an empty webhook URL is valid; the API payload is posted', async () => {
    const { server, router } = renderWizard(wizardPath('api'), { [`POST ${api('inboxes')}`]: created() });
    const form = await findForm('API inbox');
    await userEvent.type(within(form).getByLabelText('Channel name'), 'Mobile app');
    await userEvent.click(submitOf(form));
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/41/agents'));
    expect(server.called(`POST ${api('inboxes')}`)[0]!.body).toEqual({ name: 'Mobile app', channel: { type: 'api', webhook_url: '' } });
  });

  it('S1-8.07 a failed API inbox creation shows a fixed localized message, not the server text', async () => {
    renderWizard(wizardPath('api'), {
      [`POST ${api('inboxes')}`]: { status: 422, body: { message: 'Webhook url is not a valid URL', errors: { 'channel.webhook_url': ['is not a valid URL'] } } },
    });
    const form = await findForm('API inbox');
    await userEvent.type(within(form).getByLabelText('Channel name'), 'Mobile app');
    await userEvent.type(within(form).getByLabelText('Webhook URL'), 'http://');
    await userEvent.click(submitOf(form));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not create the API inbox. Please try again.');
    expect(within(form).getByLabelText('Webhook URL')).toHaveAccessibleDescription(/Webhook URL is not a valid URL/);
  });
});
