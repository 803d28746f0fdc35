import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { customRole, makeAccount, makeInbox, makeUser } from '../../../test/fixtures.ts';
import { at, openAt } from '../testing/open-inbox-settings.tsx';

const WEBSITE = makeInbox(1, 'Website chat', { channel_type: 'Channel::WebWidget', website_url: 'https://acme.com' });
const API = makeInbox(2, 'Backend', { channel_type: 'Channel::Api', webhook_url: 'https://acme.com/hook' });
const findList = () => screen.findByRole('heading', { level: 1, name: 'Inboxes' }, { timeout: 10_000 });

// The first test of the file waits for the lazy chunks to be transformed.
describe('inbox list', { timeout: 20_000 }, () => {
  it('S1-2.04 S1-2.15 S1-2.16 lists the inboxes with their channel; a New inbox header button and no back link', async () => {
    const { router } = openAt('settings/inboxes/list', { [`GET ${at('inboxes')}`]: { body: { payload: [WEBSITE, API] } } });
    await findList();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Website chat' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/1');
    expect(within(rows[1]!).getByText('Website')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('https://acme.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('API')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Settings of Backend' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/2');
    expect(screen.getByRole('link', { name: 'New inbox' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/new');
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'New inbox' }));
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/inboxes/new');
  });

  it('settings/inboxes redirects to the list', async () => {
    const { router } = openAt('settings/inboxes', { [`GET ${at('inboxes')}`]: { body: { payload: [] } } });
    await findList();
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/inboxes/list');
  });

  it('deletes an inbox only once its name is typed exactly, with a success toast', async () => {
    let deleted = false;
    const { server } = openAt('settings/inboxes/list', {
      [`GET ${at('inboxes')}`]: () => ({ body: { payload: deleted ? [API] : [WEBSITE, API] } }),
      [`DELETE ${at('inboxes/1')}`]: () => {
        deleted = true;
        return { status: 200 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Website chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this inbox?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete inbox' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type Website chat to confirm'), 'website chat');
    expect(confirm).toBeDisabled();
    expect(server.called(`DELETE ${at('inboxes/1')}`)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Type Website chat to confirm'));
    await userEvent.type(within(dialog).getByLabelText('Type Website chat to confirm'), 'Website chat');
    await userEvent.click(confirm);
    expect(await screen.findByText('Website chat has been deleted')).toBeInTheDocument();
    expect(server.called(`DELETE ${at('inboxes/1')}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Website chat' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Backend' })).toBeInTheDocument();
  });

  it('a failed delete keeps the dialog open with an error toast', async () => {
    openAt('settings/inboxes/list', {
      [`GET ${at('inboxes')}`]: { body: { payload: [API] } },
      [`DELETE ${at('inboxes/2')}`]: { status: 500, body: { error: 'boom' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Backend' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Type Backend to confirm'), 'Backend');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete inbox' }));
    expect(await screen.findByText('Could not delete the inbox. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('without inboxes invites the administrator to create the first one', async () => {
    openAt('settings/inboxes/list', { [`GET ${at('inboxes')}`]: { body: { payload: [] } } });
    expect(await screen.findByText('No inboxes yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first inbox' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/new');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    openAt('settings/inboxes/list', { [`GET ${at('inboxes')}`]: () => (fail ? { status: 500, body: { error: 'down' } } : { body: { payload: [API] } }) });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Backend' })).toBeInTheDocument();
  });

  it('S1-2.04 S1-6.08 a custom role opens the list, without New inbox or delete', async () => {
    const user = makeUser({ accounts: [makeAccount(7, 'agent', { custom_role: customRole(['conversation_manage']) })] });
    const { router } = openAt('settings/inboxes/list', { [`GET ${at('inboxes')}`]: { body: { payload: [API] } } }, user);
    expect(await screen.findByRole('link', { name: 'Backend' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/accounts/7/settings/inboxes/list');
    expect(screen.queryByRole('link', { name: 'New inbox' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Backend' })).toBeNull();
  });

  it('S1-2.04 a plain agent is not let in: the guard sends them away from the list', async () => {
    const user = makeUser({ accounts: [makeAccount(7, 'agent')] });
    const { router } = openAt('settings/inboxes/list', { [`GET ${at('inboxes')}`]: { body: { payload: [API] } } }, user);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/app/accounts/7/settings/inboxes/list'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Inboxes' })).toBeNull();
  });
});
