import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Agent } from '@app/shared/agents';
import { makeInbox } from '../../../test/fixtures.ts';
import { api, locationOf, renderWizard, wizardPath } from '../test-utils.tsx';

const agent = (id: number, name: string, extra: Partial<Agent> = {}): Agent => ({
  id,
  account_id: 7,
  availability_status: 'online',
  auto_offline: true,
  confirmed: true,
  email: `${name.toLowerCase().replace(/\s/g, '.')}@acme.com`,
  available_name: name,
  name,
  role: 'agent',
  thumbnail: '',
  custom_role_id: null,
  provider: 'email',
  ...extra,
});
const AGENTS = [agent(2, 'Ann Lee'), agent(3, 'Bo Chen', { confirmed: false }), agent(1, 'Jane Doe', { role: 'administrator' })];
const API_INBOX = makeInbox(41, 'Mobile app', { inbox_identifier: 'ident-123', hmac_token: 'hmac-456', webhook_url: 'https://hooks.acme.com/relay' });

function openAgents(handlers = {}, agents = AGENTS) {
  return renderWizard(wizardPath('41/agents'), {
    [`GET ${api('inboxes/41')}`]: { body: API_INBOX },
    [`GET ${api('agents')}`]: { body: agents },
    [`GET ${api('inbox_members/41')}`]: { body: { payload: [] } },
    ...handlers,
  });
}
const list = () => screen.findByRole('list', { name: 'Agents of the account' }, { timeout: 5000 });

describe('add agents step', () => {
  it('S0-4.78 the step list shows the earlier steps completed and add agents as current', async () => {
    openAgents();
    await list();
    const steps = within(screen.getByRole('navigation', { name: 'Steps to add an inbox' })).getAllByRole('listitem');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]!.querySelector('.step-list__check')).not.toBeNull();
    expect(steps[1]!.querySelector('.step-list__check')).not.toBeNull();
  });

  it('S1-7.24 S1-2.105 S1-4.05 PATCHes inbox_members with the chosen agents and leaders, then goes to finish', async () => {
    const { server, router } = openAgents({ [`PATCH ${api('inbox_members')}`]: { body: { payload: [] } } });
    const agents = await list();
    await userEvent.click(within(agents).getByRole('checkbox', { name: /Ann Lee/ }));
    await userEvent.click(within(agents).getByRole('checkbox', { name: /Jane Doe/ }));
    await userEvent.click(within(agents).getAllByRole('checkbox', { name: 'Leads this inbox' })[0]!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add agents' }));
    await waitFor(() => expect(locationOf(router)).toBe('settings/inboxes/new/41/finish'));
    expect(server.called(`PATCH ${api('inbox_members')}`)[0]!.body).toEqual({ inbox_id: 41, user_ids: [2, 1], team_leader_ids: [2] });
  });

  it('asks for at least one agent, and may be skipped', async () => {
    const { server, router } = openAgents();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Add agents' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one agent, or skip this step.');
    expect(server.called(`PATCH ${api('inbox_members')}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(locationOf(router)).toBe('settings/inboxes/new/41/finish');
  });

  it('filters agents by name or email and marks pending invitations', async () => {
    openAgents();
    const agents = await list();
    expect(within(agents).getByText(/invitation pending/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'chen');
    expect(within(agents).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'zzz');
    expect(within(agents).getByText('No agent matches “chenzzz”.')).toBeInTheDocument();
  });

  it('shows the server error when saving fails', async () => {
    openAgents({ [`PATCH ${api('inbox_members')}`]: { status: 422, body: { message: 'User ids must belong to the account' } } });
    const agents = await list();
    await userEvent.click(within(agents).getByRole('checkbox', { name: /Ann Lee/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add agents' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User ids must belong to the account');
  });

  it('says so when the account has no agents, leaving only skip', async () => {
    openAgents({}, []);
    expect(await screen.findByText('This account has no agents yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add agents' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
  });

  it('an unknown inbox says so instead of a broken form', async () => {
    openAgents({ [`GET ${api('inboxes/41')}`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByText('This inbox does not exist, or was deleted.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('finish page', () => {
  it('S1-2.06 an API inbox shows its identifier, HMAC token and webhook URL, each copyable', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWizard(wizardPath('41/finish'), { [`GET ${api('inboxes/41')}`]: { body: API_INBOX } });
    expect(await screen.findByRole('heading', { name: 'Your inbox is ready!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Inbox identifier')).toHaveTextContent('ident-123');
    expect(screen.getByLabelText('HMAC token')).toHaveTextContent('hmac-456');
    expect(screen.getByLabelText('Webhook URL')).toHaveTextContent('https://hooks.acme.com/relay');
    const copies = screen.getAllByRole('button', { name: 'Copy' });
    expect(copies).toHaveLength(3);
    await userEvent.click(copies[1]!);
    expect(writeText).toHaveBeenCalledWith('hmac-456');
    const steps = within(screen.getByRole('navigation', { name: 'Steps to add an inbox' })).getAllByRole('listitem');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
  });

  it('a website inbox shows the widget script in a code snippet', async () => {
    const script = '<script>\n  window.chatwootSDK.run({ websiteToken: "tok" });\n</script>';
    renderWizard(wizardPath('41/finish'), { [`GET ${api('inboxes/41')}`]: { body: makeInbox(41, 'Site', { channel_type: 'Channel::WebWidget', web_widget_script: script, website_token: 'tok' }) } });
    expect(await screen.findByLabelText('Widget script', {}, { timeout: 5000 })).toHaveTextContent('window.chatwootSDK.run({ websiteToken: "tok" });');
    expect(screen.getByRole('link', { name: 'Take me there' })).toHaveAttribute('href', '/app/accounts/7/inbox/41');
    expect(screen.getByRole('link', { name: 'Open inbox settings' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/41');
  });

  it('an API inbox without a webhook says where to add one', async () => {
    renderWizard(wizardPath('41/finish'), { [`GET ${api('inboxes/41')}`]: { body: { ...API_INBOX, webhook_url: null } } });
    expect(await screen.findByText('No webhook URL is set. You can add one in the inbox settings.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a retry when the inbox cannot be loaded', async () => {
    renderWizard(wizardPath('41/finish'), { [`GET ${api('inboxes/41')}`]: { status: 500, body: {} } });
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
