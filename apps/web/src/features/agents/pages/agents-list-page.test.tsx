import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Agent } from '@app/shared/agents';
import type { CurrentUser } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { storeSession } from '../../../lib/session.ts';
import { realtimeKeys } from '../../../lib/realtime/index.ts';

const BASE = '/api/v1/accounts/7';
const LIST = '/app/accounts/7/settings/agents/list';

function makeAgent(id: number, name: string, extra: Partial<Agent> = {}): Agent {
  const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
  return {
    id,
    account_id: 7,
    availability_status: 'online',
    auto_offline: true,
    confirmed: true,
    email,
    available_name: name,
    name,
    role: 'agent',
    thumbnail: '',
    custom_role_id: null,
    provider: 'email',
    ...extra,
  };
}

// The signed-in administrator is Jane (user id 1).
const JANE = makeAgent(1, 'Jane Doe', { role: 'administrator', email: 'jane@example.com' });
const OMAR = makeAgent(2, 'Omar Haddad', { availability_status: 'busy' });
const LIN = makeAgent(3, 'Lin Chen', { confirmed: false, availability_status: 'offline', custom_role_id: 9 });
const ROLES = [{ id: 9, account_id: 7, name: 'Billing lead', description: null, permissions: ['conversation_manage'], created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }];

type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

function openAgents(agents: Agent[] = [JANE, OMAR, LIN], extra: Record<string, Handler> = {}, path = LIST, user: CurrentUser = makeUser()) {
  storeSession(new Headers(sessionHeaders()));
  let current = agents;
  const server = fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: user } } },
    [`GET ${BASE}/agents`]: () => ({ body: current }),
    [`GET ${BASE}/custom_roles`]: { body: ROLES },
    ...extra,
  });
  const view = renderApp(path);
  return { server, setAgents: (next: Agent[]) => (current = next), ...view };
}

const findTable = () => screen.findByRole('table', undefined, { timeout: 5000 });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const unprocessable = (errors: Record<string, string[]>, message: string): Reply => ({ status: 422, body: { message, attributes: Object.keys(errors), errors } });

async function openInvite() {
  await findTable();
  await userEvent.click(screen.getAllByRole('button', { name: 'Invite agents' })[0]!);
  return screen.getByRole('dialog', { name: 'Invite agents' });
}

describe('agents list', () => {
  it('S0-2.13 settings/agents redirects to the agents list', async () => {
    const { router } = openAgents(undefined, {}, '/app/accounts/7/settings/agents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIST);
  });

  it('S0-2.13 is for administrators only: an agent is sent on to the dashboard', async () => {
    const { router } = openAgents(undefined, {}, LIST, makeUser({ accounts: [makeAccount(7, 'agent')] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/dashboard'), { timeout: 5000 });
  });

  it('shows each member with role (custom role by name), availability and verification', async () => {
    openAgents();
    await findTable();
    const jane = rowOf('Jane Doe');
    expect(within(jane).getByText('You')).toBeInTheDocument();
    expect(within(jane).getByText('Administrator')).toBeInTheDocument();
    expect(within(jane).getByText('Verified')).toBeInTheDocument();
    expect(within(rowOf('Omar Haddad')).getByText('Busy')).toBeInTheDocument();
    const lin = rowOf('Lin Chen');
    expect(within(lin).getByText('Billing lead')).toBeInTheDocument();
    expect(within(lin).getByText('Offline')).toBeInTheDocument();
    expect(within(lin).getByText('Verification pending')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('shows availability as the account\'s presence tells it: the chosen one while connected, offline otherwise', async () => {
    const { client } = openAgents();
    await findTable();
    // before any presence snapshot: what the API answered
    expect(within(rowOf('Jane Doe')).getByText('Online')).toBeInTheDocument();
    // Jane is here and busy; Omar chose busy but has no socket open; Lin is not here either
    act(() => client.setQueryData(realtimeKeys.presence(7), { users: { '1': 'busy' }, contacts: {} }));
    await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Busy')).toBeInTheDocument());
    expect(within(rowOf('Omar Haddad')).getByText('Offline')).toBeInTheDocument();
    expect(within(rowOf('Lin Chen')).getByText('Offline')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let fail = true;
    openAgents(undefined, { [`GET ${BASE}/agents`]: () => (fail ? { status: 500, body: { error: 'boom' } } : { body: [JANE] }) });
    expect(await screen.findByText('We could not load this page.', undefined, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeInTheDocument();
  });

  it('with nobody but the administrator, invites the first agents', async () => {
    openAgents([JANE]);
    await findTable();
    expect(screen.getByText('No agents yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite agents' })).toHaveLength(2);
  });
});

describe('inviting agents', () => {
  it('S1-5.38 S1-5.40 checks the name and email when a field loses focus, with a message under each', async () => {
    const { server } = openAgents();
    const dialog = await openInvite();
    const name = within(dialog).getByLabelText('Name');
    const email = within(dialog).getByLabelText('Email');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Please enter the agent’s name.');
    await userEvent.type(email, 'not-an-address');
    await userEvent.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    // typing takes the message away
    await userEvent.type(name, 'Ana');
    expect(name).not.toHaveAccessibleDescription('Please enter the agent’s name.');
    expect(server.called(`POST ${BASE}/agents`)).toHaveLength(0);
  });

  it('S1-5.39 checks every field on submit and sends nothing while one is wrong', async () => {
    const { server } = openAgents();
    const dialog = await openInvite();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Please enter the agent’s name.');
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Please enter an email address.');
    expect(server.called(`POST ${BASE}/agents`)).toHaveLength(0);
  });

  it('S1-7.37 invites one person with a role: POST agents, a toast, the list reloaded', async () => {
    const ana = makeAgent(4, 'Ana Ruiz', { confirmed: false, role: 'administrator' });
    const { server, setAgents } = openAgents(undefined, {
      [`POST ${BASE}/agents`]: () => {
        setAgents([JANE, OMAR, LIN, ana]);
        return { body: ana };
      },
    });
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Name'), ' Ana Ruiz ');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Ana@Example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ana@example.com')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}/agents`)[0]!.body).toEqual({ agent: { name: 'Ana Ruiz', email: 'ana@example.com', role: 'administrator', custom_role_id: null } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Ana Ruiz/ })).toBeInTheDocument();
  });

  it('invites with a custom role as an agent judged by that role', async () => {
    const { server } = openAgents(undefined, { [`POST ${BASE}/agents`]: { body: makeAgent(4, 'Ana Ruiz', { custom_role_id: 9 }) } });
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ana Ruiz');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Billing lead');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(server.called(`POST ${BASE}/agents`)).toHaveLength(1));
    expect(server.called(`POST ${BASE}/agents`)[0]!.body).toMatchObject({ agent: { role: 'agent', custom_role_id: 9 } });
  });

  it('shows the server’s 422 under its field and keeps the dialog open', async () => {
    openAgents(undefined, { [`POST ${BASE}/agents`]: unprocessable({ email: ['has already been taken'] }, 'Email has already been taken') });
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Omar Again');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'omar@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Email has already been taken'));
    expect(screen.getByRole('dialog', { name: 'Invite agents' })).toBeInTheDocument();
  });

  it('S1-5.39 several at once: every address must be valid, and there must be at least one', async () => {
    const { server } = openAgents();
    const dialog = await openInvite();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Several at once' }));
    const emails = within(dialog).getByLabelText('Email addresses');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(emails).toHaveAccessibleDescription(/Enter at least one email address\./);
    await userEvent.type(emails, 'ok@example.com, nope, also-bad@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(emails).toHaveAccessibleDescription(/These are not valid email addresses: nope, also-bad@/);
    expect(server.called(`POST ${BASE}/agents/bulk_create`)).toHaveLength(0);
  });

  it('S1-7.38 several at once: POST agents/bulk_create with the emails, and says how many were new', async () => {
    const { server } = openAgents(undefined, {
      [`POST ${BASE}/agents/bulk_create`]: { body: [makeAgent(5, 'ana', { email: 'ana@example.com', confirmed: false }), makeAgent(6, 'bo', { email: 'bo@example.com', confirmed: false })] },
    });
    const dialog = await openInvite();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Several at once' }));
    await userEvent.type(within(dialog).getByLabelText('Email addresses'), 'ana@example.com\nBo@example.com; omar@example.com, ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('2 invitations sent; 1 already in the account')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}/agents/bulk_create`)[0]!.body).toEqual({ emails: ['ana@example.com', 'bo@example.com', 'omar@example.com'] });
  });
});

describe('editing and removing agents', () => {
  it('S1-7.37 edits name, role and availability: PATCH agents/{id} and a toast', async () => {
    const { server } = openAgents(undefined, {
      [`PATCH ${BASE}/agents/2`]: (call) => ({ body: { ...OMAR, ...(call.body as { agent: Partial<Agent> }).agent, availability_status: 'offline', role: 'agent', custom_role_id: 9 } }),
    });
    await findTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Omar Haddad' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit agent' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Please enter the agent’s name.');
    await userEvent.type(name, 'Omar H.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Billing lead');
    await userEvent.selectOptions(within(dialog).getByLabelText('Availability'), 'Offline');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
    expect(server.called(`PATCH ${BASE}/agents/2`)[0]!.body).toEqual({ agent: { name: 'Omar H.', role: 'agent', custom_role_id: 9, availability: 'offline' } });
  });

  it('the only administrator keeps the role and cannot be removed', async () => {
    openAgents();
    await findTable();
    expect(screen.getByRole('button', { name: 'Remove Jane Doe' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jane Doe' }));
    const role = within(screen.getByRole('dialog', { name: 'Edit agent' })).getByLabelText('Role');
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription(/The only administrator of the account keeps that role/);
  });

  it('the only verified administrator keeps the role while the other administrators have not accepted', async () => {
    const ada = makeAgent(8, 'Ada Byron', { role: 'administrator' });
    const boss = makeAgent(9, 'Bea Boss', { role: 'administrator', confirmed: false });
    openAgents([{ ...JANE, role: 'agent' }, ada, boss]);
    await findTable();
    expect(screen.getByRole('button', { name: 'Remove Ada Byron' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Ada Byron' })).toHaveAttribute('title', 'The only verified administrator cannot be removed.');
    expect(screen.getByRole('button', { name: 'Remove Bea Boss' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ada Byron' }));
    const role = within(screen.getByRole('dialog', { name: 'Edit agent' })).getByLabelText('Role');
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription(/until another administrator accepts their invitation/);
  });

  it('a refused demotion (the server keeps the last administrator) shows its message under the role', async () => {
    const ada = makeAgent(8, 'Ada Byron', { role: 'administrator' });
    openAgents([JANE, ada, OMAR], {
      [`PATCH ${BASE}/agents/8`]: unprocessable({ role: ['must leave at least one administrator in the account'] }, 'Role must leave at least one administrator in the account'),
    });
    await findTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ada Byron' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit agent' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Agent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Role')).toHaveAccessibleDescription(/Role must leave at least one administrator in the account/));
  });

  it('S1-7.37 removes a member only after the confirmation', async () => {
    const { server } = openAgents(undefined, { [`DELETE ${BASE}/agents/2`]: { status: 200 } });
    await findTable();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Omar Haddad' }));
    let confirm = screen.getByRole('dialog', { name: 'Remove Omar Haddad?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.called(`DELETE ${BASE}/agents/2`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Omar Haddad' }));
    confirm = screen.getByRole('dialog', { name: 'Remove Omar Haddad?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Omar Haddad was removed from the account')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/agents/2`)).toHaveLength(1);
  });

  it('a refused removal shows the server’s message', async () => {
    openAgents(undefined, { [`DELETE ${BASE}/agents/2`]: { status: 403, body: { error: 'You are not authorized to do this action' } } });
    await findTable();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Omar Haddad' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove Omar Haddad?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to do this action');
  });
});
