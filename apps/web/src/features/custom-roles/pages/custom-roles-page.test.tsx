import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CustomRole } from '@app/shared/custom-roles';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { CustomRolesPage } from './custom-roles-page.tsx';

const makeAgent = (id: number) => ({
  id,
  account_id: 7,
  availability_status: 'online',
  auto_offline: true,
  confirmed: true,
  email: `agent${id}@example.com`,
  available_name: `Agent ${id}`,
  name: `Agent ${id}`,
  role: 'agent',
  thumbnail: '',
  custom_role_id: null as number | null,
  provider: 'email',
});

const BASE = '/api/v1/accounts/7/custom_roles';
const PATH = '/app/accounts/7/settings/custom-roles/list';

const role = (id: number, extra: Partial<CustomRole> = {}): CustomRole => ({
  id,
  account_id: 7,
  name: `Role ${id}`,
  description: null,
  permissions: ['contact_manage'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

type Handlers = Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>;

function openPage(list: CustomRole[] | Reply = [role(1, { name: 'Support lead', description: 'Leads the queue', permissions: ['conversation_manage', 'report_manage'] })], extra: Handlers = {}) {
  const server = fakeApi({ [`GET ${BASE}`]: Array.isArray(list) ? { body: list } : list, ...extra });
  renderAccountScreen(<CustomRolesPage />, { path: PATH });
  return server;
}

const unprocessable = (errors: Record<string, string[]>): Reply => ({ status: 422, body: { message: 'Validation failed', attributes: Object.keys(errors), errors } });
const dialog = () => screen.findByRole('dialog', { name: 'Add a custom role' });

describe('custom roles page', () => {
  it('lists the roles from GET custom_roles with their description and permissions', async () => {
    openPage();
    const row = (await screen.findByText('Support lead')).closest('tr')!;
    expect(within(row).getByText('Leads the queue')).toBeInTheDocument();
    const chips = within(row).getByRole('list', { name: 'Permissions' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Manage all conversations', 'See reports']);
  });

  it('counts the agents who hold each role, and says how many lose it on delete', async () => {
    const agent = (id: number, customRoleId: number | null) => ({ ...makeAgent(id), custom_role_id: customRoleId });
    openPage([role(1, { name: 'Support lead' }), role(2, { name: 'Triage' })], {
      ['GET /api/v1/accounts/7/agents']: { body: [agent(1, 1), agent(2, 1), agent(3, null)] },
    });
    const lead = (await screen.findByText('Support lead')).closest('tr')!;
    await waitFor(() => expect(within(lead).getByText('2 agents')).toBeInTheDocument());
    expect(within(screen.getByText('Triage').closest('tr')!).getByText('No agents')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Support lead' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the custom role “Support lead”?' })).toHaveAccessibleDescription(
      '2 agents have this role and become plain agents. This cannot be undone.',
    );
  });

  it('shows the empty state with an add button, and the error state with a retry', async () => {
    openPage([]);
    expect(await screen.findByRole('heading', { name: 'No custom roles yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add custom role' })).toHaveLength(2);
  });

  it('shows a load error with a retry that asks again', async () => {
    let calls = 0;
    openPage({ status: 500, body: { error: 'boom' } }, {
      [`GET ${BASE}`]: () => (++calls <= 2 ? { status: 500, body: { error: 'boom' } } : { body: [role(2)] }),
    });
    // a 500 is tried once more before the error shows
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 }));
    expect(await screen.findByText('Role 2')).toBeInTheDocument();
  });

  it('S0-6.55 says so when the account has the custom_roles feature off', async () => {
    openPage({ status: 403, body: { error: 'The custom_roles feature is not enabled for this account.', error_code: 'feature_disabled' } });
    expect(await screen.findByText('Custom roles are not enabled for this account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add custom role' })).toBeNull();
  });

  it('S1-7.104 creates a role: a name and one permission are required, checked on blur and on submit, then POST and a toast', async () => {
    const server = openPage([], {
      [`POST ${BASE}`]: (call) => ({ body: role(5, { ...(call.body as { custom_role: Partial<CustomRole> }).custom_role }) }),
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add custom role' }))[0]!);
    const modal = await dialog();
    const name = within(modal).getByLabelText('Name');
    expect(name).toHaveFocus();
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Enter a name for the role.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Create role' }));
    expect(within(modal).getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}`)).toHaveLength(0);

    await userEvent.type(name, '  Triage  ');
    expect(name).not.toHaveAccessibleDescription('Enter a name for the role.');
    await userEvent.type(within(modal).getByLabelText('Description'), 'Works the unassigned queue');
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Manage unassigned conversations/ }));
    expect(within(modal).queryByText('Choose at least one permission.')).toBeNull();
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Manage contacts/ }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Create role' }));

    expect(await screen.findByText('Custom role “Triage” created')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}`)[0]!.body).toEqual({
      custom_role: { name: 'Triage', description: 'Works the unassigned queue', permissions: ['conversation_unassigned_manage', 'contact_manage'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"manage all conversations" locks the narrower conversation permissions ticked and sends only itself', async () => {
    const server = openPage([], { [`POST ${BASE}`]: { body: role(6, { name: 'All' }) } });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add custom role' }))[0]!);
    const modal = await dialog();
    await userEvent.type(within(modal).getByLabelText('Name'), 'All');
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Manage participating conversations/ }));
    await userEvent.click(within(modal).getByRole('checkbox', { name: /^Manage all conversations/ }));
    for (const narrower of [/Manage unassigned conversations/, /Manage participating conversations/]) {
      const box = within(modal).getByRole('checkbox', { name: narrower });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
      expect(box).toHaveAccessibleDescription('Included in “Manage all conversations”');
    }
    await userEvent.click(within(modal).getByRole('button', { name: 'Create role' }));
    await screen.findByText('Custom role “All” created');
    expect((server.called(`POST ${BASE}`)[0]!.body as { custom_role: { permissions: string[] } }).custom_role.permissions).toEqual(['conversation_manage']);
  });

  it('offers the checker view and conversation summaries permissions in a "Payment operations" group and sends them', async () => {
    let rows: CustomRole[] = [];
    const server = openPage([], {
      [`GET ${BASE}`]: () => ({ body: rows }),
      [`POST ${BASE}`]: (call) => {
        rows = [role(8, { ...(call.body as { custom_role: Partial<CustomRole> }).custom_role })];
        return { body: rows[0] };
      },
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add custom role' }))[0]!);
    const modal = await dialog();
    const group = within(modal).getByRole('group', { name: 'Payment operations' });
    const checker = within(group).getByRole('checkbox', { name: /Use the checker view/ });
    const summaries = within(group).getByRole('checkbox', { name: /See conversation summaries/ });
    expect(checker).toHaveAccessibleDescription(/Withdraw and recharge records/);
    expect(summaries).toHaveAccessibleDescription(/Conversation counts per inbox by status and by agent/);
    await userEvent.type(within(modal).getByLabelText('Name'), 'Payments desk');
    await userEvent.click(summaries);
    await userEvent.click(checker);
    await userEvent.click(within(modal).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Custom role “Payments desk” created')).toBeInTheDocument();
    // in the order of the shared list, whatever the order they were ticked in
    expect((server.called(`POST ${BASE}`)[0]!.body as { custom_role: { permissions: string[] } }).custom_role.permissions).toEqual([
      'checker_view_manage',
      'conversation_summary_manage',
    ]);
    const row = (await screen.findByText('Payments desk', { selector: 'td *, td' })).closest('tr')!;
    const chips = within(row).getByRole('list', { name: 'Permissions' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Use the checker view', 'See conversation summaries']);
  });

  it("shows the server's 422 under its field and keeps the dialog open", async () => {
    openPage([], { [`POST ${BASE}`]: unprocessable({ name: ['has already been taken'] }) });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add custom role' }))[0]!);
    const modal = await dialog();
    await userEvent.type(within(modal).getByLabelText('Name'), 'Support lead');
    await userEvent.click(within(modal).getByRole('checkbox', { name: /See reports/ }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(within(modal).getByLabelText('Name')).toHaveAccessibleDescription('Name has already been taken'));
    expect(screen.getByRole('dialog', { name: 'Add a custom role' })).toBeInTheDocument();
  });

  it('edits a role with PATCH, prefilled, and updates the row', async () => {
    let rows = [role(1, { name: 'Support lead', description: 'Leads the queue', permissions: ['conversation_manage', 'report_manage'] })];
    const server = openPage(undefined, {
      [`GET ${BASE}`]: () => ({ body: rows }),
      [`PATCH ${BASE}/1`]: (call) => {
        rows = [role(1, { ...(call.body as { custom_role: Partial<CustomRole> }).custom_role })];
        return { body: rows[0] };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Support lead' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit custom role' });
    expect(within(modal).getByLabelText('Name')).toHaveValue('Support lead');
    expect(within(modal).getByRole('checkbox', { name: /^Manage all conversations/ })).toBeChecked();
    await userEvent.clear(within(modal).getByLabelText('Description'));
    await userEvent.click(within(modal).getByRole('checkbox', { name: /See reports/ }));
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Manage the help center/ }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Custom role “Support lead” updated')).toBeInTheDocument();
    expect(server.called(`PATCH ${BASE}/1`)[0]!.body).toEqual({
      custom_role: { name: 'Support lead', description: null, permissions: ['conversation_manage', 'knowledge_base_manage'] },
    });
    const row = (await screen.findByText('Support lead')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Manage the help center')).toBeInTheDocument());
  });

  it('deletes a role only after confirming, then removes the row', async () => {
    const server = openPage(undefined, { [`DELETE ${BASE}/1`]: { body: {} } });
    // without the agents list the dialog cannot count the role's agents
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Support lead' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the custom role “Support lead”?' })).toHaveAccessibleDescription(
      'Agents who have this role become plain agents. This cannot be undone.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Support lead' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the custom role “Support lead”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText('Custom role “Support lead” deleted')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(1);
  });
});
