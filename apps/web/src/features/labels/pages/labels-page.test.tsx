import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Label } from '@app/shared/labels';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { LabelsPage } from './labels-page.tsx';

const LIST = 'GET /api/v1/accounts/7/labels';
const label = (id: number, title: string, extra: Partial<Label> = {}): Label => ({ id, title, description: null, color: '#1f93ff', show_on_sidebar: true, ...extra });

function openLabels(handlers: Record<string, Reply | ((call: Call) => Reply)> = {}, labels: Label[] = [label(1, 'billing', { description: 'Money matters' })]) {
  const server = fakeApi({ [LIST]: { body: { payload: labels } }, ...handlers });
  renderAccountScreen(<LabelsPage />, { path: '/app/accounts/7/settings/labels/list' });
  return server;
}

const openDialog = async (name: string) => {
  await userEvent.click((await screen.findAllByRole('button', { name }))[0]!);
  return screen.findByRole('dialog');
};

describe('labels settings', () => {
  it('S1-2.24 lists the labels with their colour, description and sidebar choice', async () => {
    openLabels({}, [label(2, 'vip', { color: '#d92d20', show_on_sidebar: false }), label(1, 'billing', { description: 'Money matters' })]);
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('billing');
    expect(rows[1]).toHaveTextContent('Money matters');
    expect(rows[2]).toHaveTextContent('#d92d20');
    expect(rows[2]).toHaveTextContent('Hidden');
  });

  it('shows the empty state with its add button, and the error state with a retry', async () => {
    const server = fakeApi({ [LIST]: { status: 500, body: { error: 'boom' } } });
    renderAccountScreen(<LabelsPage />, { path: '/app/accounts/7/settings/labels/list' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page.');
    server.calls.length = 0;
    const empty = fakeApi({ [LIST]: { body: { payload: [] } } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No labels yet' })).toBeInTheDocument();
    expect(empty.called(LIST)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add label' })).toBeInTheDocument();
  });

  it('validates the name on blur and on submit: required, at least 2 characters, no spaces; nothing is sent', async () => {
    const server = openLabels();
    const dialog = await openDialog('Add label');
    const name = within(dialog).getByLabelText('Label name');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Label name is required');
    await userEvent.type(name, 'a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(name).toHaveAccessibleDescription('Minimum length 2 is required');
    await userEvent.type(name, 'b c');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(name).toHaveAccessibleDescription('Only letters, numbers, hyphens and underscores are allowed');
    expect(server.called('POST /api/v1/accounts/7/labels')).toHaveLength(0);
  });

  it('creates a label with description, picked colour and sidebar choice, toasts and refreshes the list', async () => {
    let labels = [label(1, 'billing')];
    const server = fakeApi({
      [LIST]: () => ({ body: { payload: labels } }),
      'POST /api/v1/accounts/7/labels': (call) => {
        const created = { id: 5, ...(call.body as { label: Omit<Label, 'id'> }).label };
        labels = [...labels, created];
        return { body: created };
      },
    });
    renderAccountScreen(<LabelsPage />, { path: '/app/accounts/7/settings/labels/list' });
    const dialog = await openDialog('Add label');
    await userEvent.type(within(dialog).getByLabelText('Label name'), 'Refunds');
    await userEvent.type(within(dialog).getByLabelText('Description'), ' Money going back ');
    await userEvent.click(within(dialog).getByRole('button', { name: /Colour/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '#12b76a' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Show label on sidebar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Label added successfully')).toBeInTheDocument();
    expect(server.called('POST /api/v1/accounts/7/labels')[0]!.body).toEqual({
      label: { title: 'refunds', description: 'Money going back', color: '#12b76a', show_on_sidebar: false },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'refunds' })).toBeInTheDocument();
  });

  it('S1-8.19 shows the server 422 under the name and other failures as the server message', async () => {
    const server = openLabels({
      'POST /api/v1/accounts/7/labels': { status: 422, body: { message: 'Title has already been taken', attributes: ['title'], errors: { title: ['has already been taken'] } } },
    });
    const dialog = await openDialog('Add label');
    await userEvent.type(within(dialog).getByLabelText('Label name'), 'billing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Label name')).toHaveAccessibleDescription('Label name has already been taken'));
    expect(server.called('POST /api/v1/accounts/7/labels')).toHaveLength(1);
    server.fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ error: 'Label limit reached' }), { status: 403 }));
    await userEvent.clear(within(dialog).getByLabelText('Label name'));
    await userEvent.type(within(dialog).getByLabelText('Label name'), 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Label limit reached');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a label with its values filled in and sends a PATCH', async () => {
    const server = openLabels({
      'PATCH /api/v1/accounts/7/labels/1': (call) => ({ body: { id: 1, ...(call.body as { label: object }).label } }),
    });
    const dialog = await openDialog('Edit label billing');
    expect(within(dialog).getByRole('heading', { name: 'Edit label' })).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Label name');
    expect(name).toHaveValue('billing');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Money matters');
    await userEvent.clear(name);
    await userEvent.type(name, 'invoices');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Label updated successfully')).toBeInTheDocument();
    expect(server.called('PATCH /api/v1/accounts/7/labels/1')[0]!.body).toEqual({
      label: { title: 'invoices', description: 'Money matters', color: '#1f93ff', show_on_sidebar: true },
    });
  });

  it('deletes only after the confirmation', async () => {
    const server = openLabels({ 'DELETE /api/v1/accounts/7/labels/1': { status: 200 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete label billing' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete the label “billing”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.called('DELETE /api/v1/accounts/7/labels/1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete label billing' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete the label “billing”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Label deleted successfully')).toBeInTheDocument();
    expect(server.called('DELETE /api/v1/accounts/7/labels/1')).toHaveLength(1);
  });
});
