import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Agent } from '@app/shared/agents';
import type { Team } from '@app/shared/teams';
import type { CurrentUser } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount, makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { storeSession } from '../../../lib/session.ts';

const BASE = '/api/v1/accounts/7';
const APP = '/app/accounts/7';

const agent = (id: number, name: string, extra: Partial<Agent> = {}): Agent => ({
  id,
  account_id: 7,
  availability_status: 'online',
  auto_offline: true,
  confirmed: true,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  available_name: name,
  name,
  role: 'agent',
  thumbnail: '',
  custom_role_id: null,
  provider: 'email',
  ...extra,
});
const team = (id: number, name: string, extra: Partial<Team> = {}): Team => ({ id, name, description: null, allow_auto_assign: true, account_id: 7, is_member: false, ...extra });

const AGENTS = [agent(1, 'Jane Doe', { role: 'administrator' }), agent(2, 'Omar Haddad'), agent(3, 'Lin Chen'), agent(4, 'Kit Checker', { role: 'checker' })];
const BILLING = team(5, 'billing', { description: 'Invoices and refunds' });

type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);

function open(path: string, extra: Record<string, Handler> = {}, user: CurrentUser = makeUser()) {
  storeSession(new Headers(sessionHeaders()));
  const server = fakeApi({
    'GET /auth/validate_token': { body: { payload: { success: true, data: user } } },
    [`GET ${BASE}/teams`]: { body: [BILLING, team(6, 'tech')] },
    [`GET ${BASE}/teams/5`]: { body: BILLING },
    [`GET ${BASE}/teams/5/team_members`]: { body: [AGENTS[1]] },
    [`GET ${BASE}/agents`]: { body: AGENTS },
    ...extra,
  });
  return { server, ...renderApp(path) };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const activeStep = () => document.querySelector('[aria-current="step"]')?.textContent;
const unprocessable = (errors: Record<string, string[]>, message: string): Reply => ({ status: 422, body: { message, attributes: Object.keys(errors), errors } });

describe('team routes', () => {
  const screens: [string, string, string][] = [
    ['S1-2.28', 'settings/teams/list', 'Teams'],
    ['S1-2.29', 'settings/teams/new', 'Create a new team'],
    ['S1-2.31', 'settings/teams/new/5/agents', 'Create a new team'],
    ['S1-2.30', 'settings/teams/new/5/finish', 'Create a new team'],
    ['S1-2.32', 'settings/teams/5/edit', 'Edit team'],
    ['S1-2.33', 'settings/teams/5/edit/agents', 'Edit team'],
    ['S1-2.34', 'settings/teams/5/edit/finish', 'Edit team'],
  ];
  for (const [id, path, title] of screens) {
    it(`${id} S1-6.13 ${path} opens for an administrator and sends an agent on to the dashboard`, async () => {
      const admin = open(`${APP}/${path}`);
      expect(await heading(title)).toBeInTheDocument();
      expect(admin.router.state.location.pathname).toBe(`${APP}/${path}`);
      admin.unmount();
      const agentView = open(`${APP}/${path}`, {}, makeUser({ accounts: [makeAccount(7, 'agent')] }));
      await waitFor(() => expect(agentView.router.state.location.pathname).toBe(`${APP}/dashboard`), { timeout: 5000 });
      agentView.unmount();
    });
  }

  it('settings/teams redirects to the list', async () => {
    const { router } = open(`${APP}/settings/teams`);
    expect(await heading('Teams')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${APP}/settings/teams/list`);
  });
});

describe('team list', () => {
  it('lists the teams with description and auto assignment', async () => {
    open(`${APP}/settings/teams/list`);
    const billing = await screen.findByRole('row', { name: /billing/ }, { timeout: 5000 });
    expect(within(billing).getByText('Invoices and refunds')).toBeInTheDocument();
    expect(within(billing).getByText('On')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /tech/ })).getByText('No description')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit billing' })).toHaveAttribute('href', `${APP}/settings/teams/5/edit`);
  });

  it('without teams, offers to create the first one', async () => {
    open(`${APP}/settings/teams/list`, { [`GET ${BASE}/teams`]: { body: [] } });
    expect(await screen.findByText('No teams yet', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create new team' })).toHaveLength(2);
  });

  it('deletes a team only after the confirmation', async () => {
    let teams = [BILLING, team(6, 'tech')];
    const { server } = open(`${APP}/settings/teams/list`, {
      [`GET ${BASE}/teams`]: () => ({ body: teams }),
      [`DELETE ${BASE}/teams/5`]: () => {
        teams = teams.filter((t) => t.id !== 5);
        return { status: 200 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete billing' }, { timeout: 5000 }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete the team billing?' })).getByRole('button', { name: 'Cancel' }));
    expect(server.called(`DELETE ${BASE}/teams/5`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete billing' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete the team billing?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team billing deleted')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/teams/5`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /billing/ })).not.toBeInTheDocument());
  });
});

describe('create team wizard', () => {
  it('S1-5.38 S1-5.40 checks the team name when it loses focus', async () => {
    open(`${APP}/settings/teams/new`);
    await heading('Create a new team');
    const name = screen.getByLabelText('Team name');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Please enter a team name.');
    await userEvent.type(name, 'Billing');
    expect(name).not.toHaveAccessibleDescription('Please enter a team name.');
  });

  it('S1-5.39 checks the fields on submit and sends nothing while one is wrong', async () => {
    const { server } = open(`${APP}/settings/teams/new`);
    await heading('Create a new team');
    await userEvent.click(screen.getByLabelText('Description'));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(screen.getByLabelText('Team name')).toHaveAccessibleDescription('Please enter a team name.');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(/The description can be at most 1000 characters\./);
    expect(server.called(`POST ${BASE}/teams`)).toHaveLength(0);
  });

  it('shows a taken name from the server under the name field', async () => {
    open(`${APP}/settings/teams/new`, { [`POST ${BASE}/teams`]: unprocessable({ name: ['has already been taken'] }, 'Name has already been taken') });
    await heading('Create a new team');
    await userEvent.type(screen.getByLabelText('Team name'), 'billing');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.getByLabelText('Team name')).toHaveAccessibleDescription('Team name has already been taken'));
  });

  it('S0-4.77 S0-4.78 runs create, add agents, finish: POST teams, then PATCH team_members with the chosen agents', async () => {
    const created = team(9, 'vip', { description: 'Top customers', allow_auto_assign: false });
    let members: Agent[] = [];
    const { server, router } = open(`${APP}/settings/teams/new`, {
      [`POST ${BASE}/teams`]: { body: created },
      [`GET ${BASE}/teams/9`]: { body: created },
      [`GET ${BASE}/teams/9/team_members`]: () => ({ body: members }),
      [`PATCH ${BASE}/teams/9/team_members`]: (call) => {
        const ids = (call.body as { user_ids: number[] }).user_ids;
        members = AGENTS.filter((a) => ids.includes(a.id));
        return { body: members };
      },
    });
    await heading('Create a new team');
    expect(activeStep()).toContain('Create');
    await userEvent.type(screen.getByLabelText('Team name'), ' vip ');
    await userEvent.type(screen.getByLabelText('Description'), 'Top customers');
    await userEvent.click(screen.getByRole('switch', { name: 'Allow auto assignment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team vip created')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}/teams`)[0]!.body).toEqual({ team: { name: 'vip', description: 'Top customers', allow_auto_assign: false } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/settings/teams/new/9/agents`));

    // the agents step: checkers are not offered
    expect(await screen.findByRole('heading', { name: 'Add agents to vip' })).toBeInTheDocument();
    expect(activeStep()).toContain('Add agents');
    expect(document.querySelector('.step-list__item--completed')?.textContent).toContain('Create');
    expect(screen.queryByText('Kit Checker')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add agents' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose at least one agent for the team.');
    expect(server.called(`PATCH ${BASE}/teams/9/team_members`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Omar Haddad' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lin Chen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add agents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/settings/teams/new/9/finish`));
    expect(server.called(`PATCH ${BASE}/teams/9/team_members`)[0]!.body).toEqual({ user_ids: [2, 3] });

    expect(await screen.findByRole('heading', { name: 'The team vip is ready' })).toBeInTheDocument();
    expect(activeStep()).toContain('Finish');
    const list = screen.getByRole('region', { name: 'Agents in the team' });
    expect(within(list).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(list).getByText('Lin Chen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to teams' })).toHaveAttribute('href', `${APP}/settings/teams/list`);
  });
});

describe('choosing agents', () => {
  it('searches by name or email; select all takes the rows shown, then clears them', async () => {
    open(`${APP}/settings/teams/5/edit/agents`);
    expect(await screen.findByRole('heading', { name: 'Agents of billing' }, { timeout: 5000 })).toBeInTheDocument();
    // the current members start selected
    expect(screen.getByRole('checkbox', { name: 'Select Omar Haddad' })).toBeChecked();
    const all = screen.getByRole('checkbox', { name: 'Select all agents shown' });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(screen.getByText('1 of 3 selected')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'LIN@');
    expect(screen.queryByText('Omar Haddad')).not.toBeInTheDocument();
    expect(screen.getByText('Lin Chen')).toBeInTheDocument();
    await userEvent.click(all);
    expect(screen.getByRole('checkbox', { name: 'Select Lin Chen' })).toBeChecked();
    expect(screen.getByText('2 of 3 selected')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search agents' }));
    await userEvent.click(all);
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(screen.getByText('0 of 3 selected')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'nobody');
    expect(screen.getByText('No agent matches “nobody”.')).toBeInTheDocument();
  });
});

describe('edit team wizard', () => {
  it('S1-7.104 saves the details (PATCH teams/{id}), then the agents (PATCH team_members), then finishes', async () => {
    const { server, router } = open(`${APP}/settings/teams/5/edit`, {
      [`PATCH ${BASE}/teams/5`]: (call) => ({ body: { ...BILLING, ...(call.body as { team: Partial<Team> }).team } }),
      [`PATCH ${BASE}/teams/5/team_members`]: { body: [AGENTS[1], AGENTS[2]] },
    });
    await heading('Edit team');
    const name = await screen.findByLabelText('Team name');
    expect(name).toHaveValue('billing');
    expect(screen.getByLabelText('Description')).toHaveValue('Invoices and refunds');
    await userEvent.clear(name);
    await userEvent.type(name, 'billing and refunds');
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/settings/teams/5/edit/agents`));
    expect(server.called(`PATCH ${BASE}/teams/5`)[0]!.body).toEqual({ team: { name: 'billing and refunds', description: null, allow_auto_assign: true } });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Lin Chen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update agents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${APP}/settings/teams/5/edit/finish`));
    expect(server.called(`PATCH ${BASE}/teams/5/team_members`)[0]!.body).toEqual({ user_ids: [2, 3] });
  });

  it('an unknown team shows the error state', async () => {
    open(`${APP}/settings/teams/77/edit`);
    expect(await screen.findByText('We could not load this page.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
