import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { API, findHeading, openScreen, unprocessable } from '../testing/open-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const app = (id: number, title: string, url: string) => ({ id, title, content: [{ type: 'frame' as const, url }], created_at: '2026-11-25T10:00:00.000Z' });

describe('dashboard apps screen', () => {
  it('S1-2.18 is settings/integrations/dashboard_apps and lists each app with its page URL', async () => {
    openScreen('/dashboard_apps', { [`GET ${API}/dashboard_apps`]: { body: [app(1, 'Orders', 'https://crm.example.com/orders')] } });
    await findHeading('Dashboard apps');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Orders')).toBeInTheDocument();
    expect(within(row).getByText('https://crm.example.com/orders')).toBeInTheDocument();
  });

  it('needs a name and an http(s) URL, then creates the app as one frame', async () => {
    const { server } = openScreen('/dashboard_apps', {
      [`GET ${API}/dashboard_apps`]: { body: [] },
      [`POST ${API}/dashboard_apps`]: { body: app(2, 'Billing', 'https://billing.example.com') },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add dashboard app' }));
    const form = await screen.findByRole('form', { name: 'Add a dashboard app' });
    await userEvent.type(within(form).getByLabelText('Page URL'), 'billing');
    await userEvent.click(within(form).getByRole('button', { name: 'Create app' }));
    expect(await within(form).findByText('Enter a name for the app.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid URL starting with http:// or https://.')).toBeInTheDocument();
    expect(server.called(`POST ${API}/dashboard_apps`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Name'), 'Billing');
    await userEvent.clear(within(form).getByLabelText('Page URL'));
    await userEvent.type(within(form).getByLabelText('Page URL'), 'https://billing.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(server.called(`POST ${API}/dashboard_apps`)).toHaveLength(1));
    expect(server.called(`POST ${API}/dashboard_apps`)[0]!.body).toEqual({ dashboard_app: { title: 'Billing', content: [{ type: 'frame', url: 'https://billing.example.com' }] } });
    expect(await screen.findByText('Dashboard app added')).toBeInTheDocument();
  });

  it('S1-8.21 shows the server’s message when the create fails', async () => {
    openScreen('/dashboard_apps', {
      [`GET ${API}/dashboard_apps`]: { body: [] },
      [`POST ${API}/dashboard_apps`]: unprocessable('Content is limited to five frames per account plan', { base: ['is limited'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add dashboard app' }));
    const form = await screen.findByRole('form', { name: 'Add a dashboard app' });
    await userEvent.type(within(form).getByLabelText('Name'), 'CRM');
    await userEvent.type(within(form).getByLabelText('Page URL'), 'https://crm.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create app' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Content is limited to five frames per account plan');
  });

  it('edits the name and URL, and deletes after the confirmation', async () => {
    const { server } = openScreen('/dashboard_apps', {
      [`GET ${API}/dashboard_apps`]: { body: [app(1, 'Orders', 'https://crm.example.com/orders')] },
      [`PATCH ${API}/dashboard_apps/1`]: { body: app(1, 'Order history', 'https://crm.example.com/orders') },
      [`DELETE ${API}/dashboard_apps/1`]: { body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Orders' }));
    const form = await screen.findByRole('form', { name: 'Edit dashboard app' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Orders');
    await userEvent.clear(name);
    await userEvent.type(name, 'Order history');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.called(`PATCH ${API}/dashboard_apps/1`)).toHaveLength(1));
    expect((server.called(`PATCH ${API}/dashboard_apps/1`)[0]!.body as { dashboard_app: { title: string } }).dashboard_app.title).toBe('Order history');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete: Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Orders?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.called(`DELETE ${API}/dashboard_apps/1`)).toHaveLength(1));
    expect(await screen.findByText('Dashboard app deleted')).toBeInTheDocument();
  });
});
