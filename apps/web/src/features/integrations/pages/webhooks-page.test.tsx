import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { API, findHeading, makeDelivery, makeWebhook, openScreen, unprocessable } from '../testing/open-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const inboxes = { body: { payload: [{ id: 3, name: 'Website', channel_type: 'Channel::WebWidget' }] } };
const list = (...webhooks: ReturnType<typeof makeWebhook>[]) => ({ body: { payload: { webhooks } } });

describe('webhooks screen', () => {
  it('S1-2.19 is settings/integrations/webhook: lists each webhook with its name, URL, events and inbox', async () => {
    openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(makeWebhook(1, { name: 'CRM', subscriptions: ['conversation_created', 'message_created'] }), makeWebhook(2, { inbox: { id: 3, name: 'Website', channel_type: 'Channel::WebWidget' } })),
      [`GET ${API}/inboxes`]: inboxes,
    });
    await findHeading('Webhooks');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('CRM')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('https://hooks.example.com/1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Conversation created')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('All inboxes')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Website')).toBeInTheDocument();
  });

  it('shows the empty state with the add button when there are no webhooks', async () => {
    openScreen('/webhook', { [`GET ${API}/webhooks`]: list(), [`GET ${API}/inboxes`]: inboxes });
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeInTheDocument();
  });

  it('checks the URL and the events before sending, then creates the webhook with the chosen events and inbox', async () => {
    const { server } = openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(),
      [`GET ${API}/inboxes`]: inboxes,
      [`POST ${API}/webhooks`]: (call) => ({ body: { payload: { webhook: makeWebhook(5, (call.body as { webhook: object }).webhook) } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    const url = within(form).getByLabelText('Webhook URL');
    await userEvent.type(url, 'example.com/hook');
    // Two events are ticked for a new webhook; untick them to see the events rule.
    await userEvent.click(within(form).getByLabelText('Conversation created'));
    await userEvent.click(within(form).getByLabelText('Message created'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(await within(form).findByText('Enter a valid URL starting with http:// or https://.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(server.called(`POST ${API}/webhooks`)).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, ' https://crm.example.com/hook ');
    await userEvent.type(within(form).getByLabelText('Name'), 'CRM');
    await userEvent.selectOptions(within(form).getByLabelText('Inbox'), 'Website');
    await userEvent.click(within(form).getByLabelText('Contact created'));
    await userEvent.click(within(form).getByLabelText('Message created'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(server.called(`POST ${API}/webhooks`)).toHaveLength(1));
    expect(server.called(`POST ${API}/webhooks`)[0]!.body).toEqual({
      webhook: { url: 'https://crm.example.com/hook', name: 'CRM', subscriptions: ['message_created', 'contact_created'], inbox_id: 3 },
    });
    expect(await screen.findByText('Webhook added')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument();
  });

  it('shows the server’s 422 under the URL field and keeps the form open', async () => {
    openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(),
      [`GET ${API}/inboxes`]: inboxes,
      [`POST ${API}/webhooks`]: unprocessable('Url must not point to a private address', { url: ['must not point to a private address'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    await userEvent.type(within(form).getByLabelText('Webhook URL'), 'http://10.0.0.5/hook');
    await userEvent.click(within(form).getByRole('button', { name: 'Create webhook' }));
    expect(await within(form).findByText('Webhook URL must not point to a private address')).toBeInTheDocument();
    expect(within(form).getByLabelText('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a webhook with its saved values and PATCHes the change', async () => {
    const { server } = openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(makeWebhook(1, { name: 'CRM', subscriptions: ['contact_updated'] })),
      [`GET ${API}/inboxes`]: inboxes,
      [`PATCH ${API}/webhooks/1`]: { body: { payload: { webhook: makeWebhook(1) } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: CRM' }));
    const form = await screen.findByRole('form', { name: 'Edit webhook' });
    expect(within(form).getByLabelText('Webhook URL')).toHaveValue('https://hooks.example.com/1');
    expect(within(form).getByLabelText('Contact updated')).toBeChecked();
    expect(within(form).getByLabelText('Message created')).not.toBeChecked();
    await userEvent.click(within(form).getByLabelText('Select all'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.called(`PATCH ${API}/webhooks/1`)).toHaveLength(1));
    expect((server.called(`PATCH ${API}/webhooks/1`)[0]!.body as { webhook: { subscriptions: string[] } }).webhook.subscriptions).toHaveLength(10);
    expect(await screen.findByText('Webhook updated')).toBeInTheDocument();
  });

  it('deletes a webhook only after the confirmation', async () => {
    const { server } = openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(makeWebhook(1, { name: 'CRM' })),
      [`GET ${API}/inboxes`]: inboxes,
      [`DELETE ${API}/webhooks/1`]: { body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete: CRM' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.called(`DELETE ${API}/webhooks/1`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete: CRM' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.called(`DELETE ${API}/webhooks/1`)).toHaveLength(1));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
  });

  it('shows the delivery log with status, response code and time, the payload on demand, and redelivers', async () => {
    const { server } = openScreen('/webhook', {
      [`GET ${API}/webhooks`]: list(makeWebhook(1, { name: 'CRM' })),
      [`GET ${API}/inboxes`]: inboxes,
      [`GET ${API}/webhooks/1/deliveries?page=1`]: {
        body: { meta: { count: 2, current_page: 1 }, payload: [makeDelivery(12), makeDelivery(11, { status: 'failed', last_status_code: 500, event: 'conversation_created' })] },
      },
      [`POST ${API}/webhooks/1/deliveries/11/redeliver`]: { body: makeDelivery(11, { status: 'pending', next_attempt_at: '2026-11-25T10:01:00.000Z' }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Deliveries: CRM' }));
    const sheet = await screen.findByRole('dialog', { name: 'Deliveries' });
    const [delivered, failed] = await within(sheet).findAllByRole('listitem');
    expect(within(delivered!).getByText('Delivered')).toBeInTheDocument();
    expect(within(delivered!).getByText('200')).toBeInTheDocument();
    expect(within(delivered!).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === '2026-11-25T10:00:00.000Z')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('500')).toBeInTheDocument();

    await userEvent.click(within(delivered!).getByRole('button', { name: 'View payload' }));
    expect(within(delivered!).getByText(/"content": "Hello there"/)).toBeInTheDocument();

    await userEvent.click(within(failed!).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(server.called(`POST ${API}/webhooks/1/deliveries/11/redeliver`)).toHaveLength(1));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
  });
});
