import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CannedResponse } from '@app/shared/canned-responses';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount } from '../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { CannedResponsesPage } from './canned-responses-page.tsx';

const BASE = '/api/v1/accounts/7/canned_responses';
const canned = (id: number, short_code: string, content: string): CannedResponse => ({
  id,
  account_id: 7,
  short_code,
  content,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const REFUND = canned(1, 'refund', 'Refunds take 5 days.\nThanks!');

function openCanned(handlers: Record<string, Reply | ((call: Call) => Reply)> = {}, role: 'administrator' | 'agent' = 'administrator') {
  const server = fakeApi({ [`GET ${BASE}`]: { body: [REFUND] }, ...handlers });
  renderAccountScreen(<CannedResponsesPage />, { path: '/app/accounts/7/settings/canned-response/list', account: makeAccount(7, role) });
  return server;
}

describe('canned responses settings', () => {
  it('S0-2.24 S0-6.04 an agent opens the list and may add a canned response', async () => {
    openCanned({}, 'agent');
    expect(await screen.findByRole('rowheader', { name: 'refund' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /refund/ })).toHaveTextContent('Refunds take 5 days.');
    expect(screen.getByRole('button', { name: 'Add canned response' })).toBeEnabled();
  });

  it('S0-7.35 searches on the server with the search key', async () => {
    const server = openCanned({ [`GET ${BASE}?search=ship`]: { body: [] } });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search canned responses' }), 'ship');
    expect(await screen.findByText('No canned response matches “ship”.', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(server.called(`GET ${BASE}?search=ship`)).toHaveLength(1);
  });

  it('shows the empty state and the error state', async () => {
    fakeApi({ [`GET ${BASE}`]: { status: 500, body: {} } });
    renderAccountScreen(<CannedResponsesPage />, { path: '/app/accounts/7/settings/canned-response/list' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page.');
    fakeApi({ [`GET ${BASE}`]: { body: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No canned responses yet' })).toBeInTheDocument();
  });

  it('requires a short code without spaces and a message, on blur and on submit, before any call', async () => {
    const server = openCanned();
    await userEvent.click(await screen.findByRole('button', { name: 'Add canned response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add canned response' });
    const code = within(dialog).getByLabelText('Short code');
    await userEvent.click(code);
    await userEvent.tab();
    expect(code).toHaveAccessibleDescription('Please enter a short code');
    await userEvent.type(code, 'two words');
    await userEvent.type(within(dialog).getByLabelText('Message'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(code).toHaveAccessibleDescription('The short code cannot contain spaces');
    expect(within(dialog).getByLabelText('Message')).toHaveAccessibleDescription(/Please enter the message/);
    expect(server.called(`POST ${BASE}`)).toHaveLength(0);
  });

  it('S0-3.16 creates one with short_code and content (line breaks kept), and shows a taken short code under its field', async () => {
    let taken = true;
    const server = openCanned({
      [`POST ${BASE}`]: (call) =>
        taken
          ? { status: 422, body: { message: 'Short code has already been taken', attributes: ['short_code'], errors: { short_code: ['has already been taken'] } } }
          : { body: canned(2, 'ship', (call.body as { canned_response: CannedResponse }).canned_response.content) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add canned response' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Short code'), ' refund ');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Line one{Enter}Line two');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Short code')).toHaveAccessibleDescription('Short code has already been taken'));
    taken = false;
    await userEvent.clear(within(dialog).getByLabelText('Short code'));
    await userEvent.type(within(dialog).getByLabelText('Short code'), 'ship');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Canned response added successfully')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}`).map((c) => c.body)).toEqual([
      { canned_response: { short_code: 'refund', content: 'Line one\nLine two' } },
      { canned_response: { short_code: 'ship', content: 'Line one\nLine two' } },
    ]);
  });

  it('edits with the values filled in, and deletes after the confirmation', async () => {
    const server = openCanned({
      [`PATCH ${BASE}/1`]: (call) => ({ body: { ...REFUND, ...(call.body as { canned_response: object }).canned_response } }),
      [`DELETE ${BASE}/1`]: { status: 200 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit canned response refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit canned response' });
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Refunds take 5 days.\nThanks!');
    await userEvent.clear(within(dialog).getByLabelText('Short code'));
    await userEvent.type(within(dialog).getByLabelText('Short code'), 'refunds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Canned response updated successfully')).toBeInTheDocument();
    expect(server.called(`PATCH ${BASE}/1`)[0]!.body).toEqual({ canned_response: { short_code: 'refunds', content: 'Refunds take 5 days.\nThanks!' } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete canned response refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the canned response “refund”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Canned response deleted successfully')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(1);
  });
});
