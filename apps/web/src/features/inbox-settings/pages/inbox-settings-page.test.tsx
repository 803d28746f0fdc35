import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Agent } from '@app/shared/agents';
import type { AgentBot } from '@app/shared/agent-bots';
import { DEFAULT_WORKING_HOURS, type Inbox } from '@app/shared/inboxes';
import { customRole, makeAccount, makeInbox, makeUser } from '../../../test/fixtures.ts';
import { at, openAt, unprocessable, type Handlers } from '../testing/open-inbox-settings.tsx';

const WEBSITE = makeInbox(3, 'Website chat', {
  channel_type: 'Channel::WebWidget',
  website_url: 'acme.com',
  widget_color: '#009CE0',
  welcome_title: null,
  welcome_tagline: null,
  working_hours: DEFAULT_WORKING_HOURS,
});

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
const bot = (id: number, name: string): AgentBot => ({
  id,
  name,
  description: null,
  thumbnail: '',
  outgoing_url: 'https://bots.acme.com',
  bot_type: 'webhook',
  bot_config: {},
  account_id: 7,
  system_bot: false,
});

/** The settings page of `inbox`; PATCH answers the inbox with the changes applied. */
function openInbox(inbox: Inbox = WEBSITE, tab = '', handlers: Handlers = {}) {
  return openAt(`settings/inboxes/${inbox.id}${tab ? `?tab=${tab}` : ''}`, {
    [`GET ${at(`inboxes/${inbox.id}`)}`]: { body: inbox },
    [`PATCH ${at(`inboxes/${inbox.id}`)}`]: (call) => {
      const { channel, ...changes } = (call.body as { inbox: Partial<Inbox> & { channel?: Partial<Inbox> } }).inbox;
      return { body: { ...inbox, ...changes, ...channel } };
    },
    ...handlers,
  });
}
const findPage = (name = 'Website chat') => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const form = (name: string) => screen.findByRole('form', { name });
const lastBody = (server: ReturnType<typeof openInbox>['server'], route: string) => server.called(route).at(-1)?.body;

describe('inbox settings page', { timeout: 20_000 }, () => {
  it('S1-2.09 S1-2.16 opens at settings/inboxes/{id} with a back link to the list and the tabs', async () => {
    const { router } = openInbox();
    await findPage();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/list');
    const tabs = within(screen.getByRole('tablist', { name: 'Inbox settings' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Settings', 'Collaborators', 'Configuration', 'Business hours', 'Bot']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tabs[3]!);
    expect(router.state.location.search).toBe('?tab=business-hours');
    expect(await form('Business hours')).toBeInTheDocument();
  });

  it('an unknown inbox says so, with a way back', async () => {
    openAt('settings/inboxes/99', { [`GET ${at('inboxes/99')}`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByText('This inbox does not exist, or it has been deleted.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to inboxes' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/list');
  });

  it('refuses a blank name and website domain before any call, then saves the details with a toast', async () => {
    const { server } = openInbox();
    const details = await form('Inbox details');
    await userEvent.clear(within(details).getByLabelText('Inbox name'));
    await userEvent.clear(within(details).getByLabelText('Website domain'));
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(within(details).getByLabelText('Inbox name')).toHaveAccessibleDescription('Please enter an inbox name.');
    expect(within(details).getByLabelText('Website domain')).toHaveAccessibleDescription('Please enter your website domain.');
    expect(server.called(`PATCH ${at('inboxes/3')}`)).toHaveLength(0);
    await userEvent.type(within(details).getByLabelText('Inbox name'), ' Support chat ');
    await userEvent.type(within(details).getByLabelText('Website domain'), 'help.acme.com');
    await userEvent.type(within(details).getByLabelText('Welcome heading'), 'Hi there');
    await userEvent.click(within(details).getByRole('switch', { name: 'Greeting message' }));
    await userEvent.type(within(details).getByLabelText('Greeting text'), 'Hello!');
    expect(within(details).getByLabelText('Greeting text')).toHaveAttribute('rows', '8');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inbox settings updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/3')}`)).toEqual({
      inbox: {
        name: 'Support chat',
        greeting_enabled: true,
        greeting_message: 'Hello!',
        channel: { website_url: 'help.acme.com', widget_color: '#009CE0', welcome_title: 'Hi there', welcome_tagline: null },
      },
    });
    expect(await findPage('Support chat')).toBeInTheDocument();
  });

  it("shows the server's 422 under its field and nothing else changes", async () => {
    openInbox(WEBSITE, '', { [`PATCH ${at('inboxes/3')}`]: unprocessable({ 'channel.website_url': ['is too long (maximum is 2048 characters)'] }) });
    const details = await form('Inbox details');
    await userEvent.type(within(details).getByLabelText('Website domain'), '/x');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(details).getByLabelText('Website domain')).toHaveAccessibleDescription('Website domain is too long (maximum is 2048 characters)'));
    expect(screen.queryByText('Inbox settings updated')).toBeNull();
  });

  it('S1-7.24 saves collaborators with PATCH inbox_members: user_ids, team_leader_ids and view_data_ids', async () => {
    const agents = [agent(11, 'Ada Lovelace'), agent(12, 'Grace Hopper'), agent(13, 'Alan Turing', { role: 'checker' })];
    const { server } = openInbox(WEBSITE, 'collaborators', {
      [`GET ${at('agents')}`]: { body: agents },
      [`GET ${at('inbox_members/3')}`]: { body: { payload: [{ ...agents[0]!, team_leader: false, view_data: false }] } },
      [`PATCH ${at('inbox_members')}`]: (call) => {
        const body = call.body as { user_ids: number[]; team_leader_ids: number[]; view_data_ids: number[] };
        return { body: { payload: agents.filter((a) => body.user_ids.includes(a.id)).map((a) => ({ ...a, team_leader: body.team_leader_ids.includes(a.id), view_data: body.view_data_ids.includes(a.id) })) } };
      },
    });
    const card = await form('Agents');
    expect(await within(card).findByRole('checkbox', { name: 'Add Ada Lovelace to this inbox' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    // a team leader is a member too
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Grace Hopper leads this inbox' }));
    expect(within(card).getByRole('checkbox', { name: 'Add Grace Hopper to this inbox' })).toBeChecked();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Alan Turing sees payment data' }));
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Add Ada Lovelace to this inbox' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Collaborators updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inbox_members')}`)).toEqual({ inbox_id: 3, user_ids: [12, 13], team_leader_ids: [12], view_data_ids: [13] });
  });

  it('leaving the inbox drops the flags; search narrows the agents', async () => {
    const agents = [agent(11, 'Ada Lovelace'), agent(12, 'Grace Hopper')];
    const { server } = openInbox(WEBSITE, 'collaborators', {
      [`GET ${at('agents')}`]: { body: agents },
      [`GET ${at('inbox_members/3')}`]: { body: { payload: [{ ...agents[1]!, team_leader: true, view_data: true }] } },
      [`PATCH ${at('inbox_members')}`]: { body: { payload: [] } },
    });
    const card = await form('Agents');
    await userEvent.type(await within(card).findByLabelText('Search agents'), 'grace');
    expect(within(card).queryByText('Ada Lovelace')).toBeNull();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Add Grace Hopper to this inbox' }));
    expect(within(card).getByRole('checkbox', { name: 'Grace Hopper leads this inbox' })).not.toBeChecked();
    expect(within(card).getByText('No agent is selected: only administrators will see this inbox.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastBody(server, `PATCH ${at('inbox_members')}`)).toEqual({ inbox_id: 3, user_ids: [], team_leader_ids: [], view_data_ids: [] }));
  });

  it('the assignment limit is empty or a whole number of 1 or more', async () => {
    const { server } = openInbox(WEBSITE, 'collaborators', { [`GET ${at('agents')}`]: { body: [] }, [`GET ${at('inbox_members/3')}`]: { body: { payload: [] } } });
    const card = await form('Conversation assignment');
    const limit = within(card).getByLabelText('Most open conversations per agent');
    await userEvent.type(limit, '0');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(limit).toHaveAccessibleDescription('Please enter a whole number of 1 or more, or leave it empty.');
    expect(server.called(`PATCH ${at('inboxes/3')}`)).toHaveLength(0);
    await userEvent.clear(limit);
    await userEvent.type(limit, '12');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Assignment settings updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/3')}`)).toEqual({ inbox: { enable_auto_assignment: true, auto_assignment_config: { max_assignment_limit: 12 } } });
  });

  it('business hours: a day must close after it opens; saves the week, time zone and out-of-office message', async () => {
    const { server } = openInbox(WEBSITE, 'business-hours');
    const card = await form('Business hours');
    await userEvent.click(within(card).getByRole('switch', { name: 'Use business hours' }));
    const closes = within(card).getByLabelText('Closes on Monday');
    await userEvent.clear(closes);
    await userEvent.type(closes, '08:00');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(closes).toHaveAccessibleDescription('The closing time must be after the opening time.');
    expect(server.called(`PATCH ${at('inboxes/3')}`)).toHaveLength(0);
    await userEvent.clear(closes);
    await userEvent.type(closes, '18:30');
    await userEvent.click(within(card).getByRole('switch', { name: 'Open on Saturday' }));
    await userEvent.click(within(card).getByRole('switch', { name: 'Open on Friday' }));
    await userEvent.selectOptions(within(card).getByLabelText('Time zone'), 'Europe/Berlin');
    await userEvent.type(within(card).getByLabelText('Out-of-office message'), 'Back soon');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business hours updated')).toBeInTheDocument();
    const body = lastBody(server, `PATCH ${at('inboxes/3')}`) as { inbox: Partial<Inbox> };
    expect(body.inbox).toMatchObject({ working_hours_enabled: true, timezone: 'Europe/Berlin', out_of_office_message: 'Back soon' });
    const day = (n: number) => body.inbox.working_hours!.find((d) => d.day_of_week === n);
    expect(day(1)).toMatchObject({ closed_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 18, close_minutes: 30 });
    expect(day(5)).toMatchObject({ closed_all_day: true, open_hour: null, close_hour: null });
    expect(day(6)).toMatchObject({ closed_all_day: false, open_hour: 9, close_hour: 17 });
    expect(body.inbox.working_hours).toHaveLength(7);
  });

  it('S1-4.06 S1-4.07 S1-7.19 S1-7.20 connects one agent bot with POST set_agent_bot and its id', async () => {
    let current: AgentBot | null = null;
    const bots = [bot(21, 'Triage bot'), bot(22, 'FAQ bot')];
    const { server } = openInbox(WEBSITE, 'bot', {
      [`GET ${at('agent_bots')}`]: { body: bots },
      [`GET ${at('inboxes/3/agent_bot')}`]: () => ({ body: { agent_bot: current } }),
      [`POST ${at('inboxes/3/set_agent_bot')}`]: (call) => {
        const id = (call.body as { agent_bot: number | null }).agent_bot;
        current = bots.find((b) => b.id === id) ?? null;
        return { status: 200 }; // the API answers 204; the fake cannot build an empty 204
      },
    });
    const card = await form('Agent bot');
    expect(await within(card).findByText('No bot is connected to this inbox.')).toBeInTheDocument();
    await userEvent.selectOptions(within(card).getByLabelText('Bot'), 'FAQ bot');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent bot updated')).toBeInTheDocument();
    expect(lastBody(server, `POST ${at('inboxes/3/set_agent_bot')}`)).toEqual({ agent_bot: 22 });
    expect(await within(await form('Agent bot')).findByText('FAQ bot', { selector: 'strong' })).toBeInTheDocument();
  });

  it('S1-4.08 S1-7.21 disconnecting the bot sends agent_bot null', async () => {
    let current: AgentBot | null = bot(21, 'Triage bot');
    const { server } = openInbox(WEBSITE, 'bot', {
      [`GET ${at('agent_bots')}`]: { body: [current] },
      [`GET ${at('inboxes/3/agent_bot')}`]: () => ({ body: { agent_bot: current } }),
      [`POST ${at('inboxes/3/set_agent_bot')}`]: () => {
        current = null;
        return { status: 200 }; // the API answers 204; the fake cannot build an empty 204
      },
    });
    const card = await form('Agent bot');
    await userEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Agent bot disconnected')).toBeInTheDocument();
    expect(lastBody(server, `POST ${at('inboxes/3/set_agent_bot')}`)).toEqual({ agent_bot: null });
    expect(await within(await form('Agent bot')).findByText('No bot is connected to this inbox.')).toBeInTheDocument();
  });

  it('configuration of a website: the widget script, the token and identity validation', async () => {
    const inbox = { ...WEBSITE, website_token: 'tok-123', web_widget_script: '<script>run("tok-123")</script>', hmac_token: 'hmac-abc', hmac_mandatory: false };
    const { server } = openInbox(inbox, 'configuration');
    await findPage();
    expect(screen.getByLabelText('Widget script', { selector: 'pre' })).toHaveTextContent('<script>run("tok-123")</script>');
    expect(screen.getByText('hmac-abc')).toBeInTheDocument();
    const identity = await form('Identity validation');
    await userEvent.click(within(identity).getByRole('switch', { name: 'Require identity validation' }));
    await userEvent.click(within(identity).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/3')}`)).toEqual({ inbox: { channel: { hmac_mandatory: true } } });
  });

  it('S1-5.38 S1-5.39 an API inbox: the identifier to copy; the webhook URL is checked on blur and on submit', async () => {
    const api = makeInbox(4, 'Backend', { inbox_identifier: 'ident-4', webhook_url: null, hmac_token: 'h', hmac_mandatory: false });
    const { server } = openInbox(api, 'configuration');
    await findPage('Backend');
    expect(screen.getByText('ident-4')).toBeInTheDocument();
    const card = await form('API channel');
    const url = within(card).getByLabelText('Webhook URL');
    await userEvent.type(url, 'ftp://acme.com');
    await userEvent.tab();
    expect(url).toHaveAccessibleDescription('Please enter a valid URL starting with http.');
    await userEvent.clear(url);
    await userEvent.type(url, 'www.acme.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(url).toHaveAccessibleDescription('Please enter a valid URL starting with http.');
    expect(server.called(`PATCH ${at('inboxes/4')}`)).toHaveLength(0);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://acme.com/hook');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/4')}`)).toEqual({ inbox: { channel: { webhook_url: 'https://acme.com/hook' } } });
  });

  it("an email inbox's address must be valid; a taken address shows the server's message under it", async () => {
    const email = makeInbox(5, 'Support mail', { channel_type: 'Channel::Email', email: 'help@acme.com' });
    const { server } = openInbox(email, 'configuration', { [`PATCH ${at('inboxes/5')}`]: unprocessable({ 'channel.email': ['has already been taken'] }) });
    const card = await form('Email address');
    const field = within(card).getByLabelText('Email address');
    await userEvent.clear(field);
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(server.called(`PATCH ${at('inboxes/5')}`)).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'sales@acme.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Email address has already been taken'));
  });

  it('WhatsApp credentials: only the changed ones are sent', async () => {
    const wa = makeInbox(6, 'WhatsApp', { channel_type: 'Channel::Whatsapp', provider: 'default', phone_number: '+442079460000', provider_config: { api_key: 'key-1' } });
    const { server } = openInbox(wa, 'configuration');
    const card = await form('Channel credentials');
    const key = within(card).getByLabelText('API key');
    await userEvent.clear(key);
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(key).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(key, 'key-2');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Configuration updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/6')}`)).toEqual({ inbox: { channel: { provider_config: { api_key: 'key-2' } } } });
  });

  it('a member without the administrator role sees the settings read-only', async () => {
    const user = makeUser({ accounts: [makeAccount(7, 'agent', { custom_role: customRole(['conversation_manage']) })] });
    openAt('settings/inboxes/3', { [`GET ${at('inboxes/3')}`]: { body: WEBSITE } }, user);
    await findPage();
    expect(screen.getByRole('note')).toHaveTextContent('Only administrators can change inbox settings.');
    expect(within(await form('Inbox details')).getByLabelText('Inbox name')).toBeDisabled();
  });

  it('an email inbox chooses how replies are signed: sender name type and business name', async () => {
    const email = makeInbox(5, 'Support mail', { channel_type: 'Channel::Email', email: 'help@acme.com' });
    const { server } = openInbox(email);
    const details = await form('Inbox details');
    await userEvent.selectOptions(within(details).getByLabelText('Sender name in replies'), 'Professional');
    expect(within(details).getByLabelText('Sender name in replies')).toHaveAccessibleDescription('Replies come from the business name only.');
    await userEvent.type(within(details).getByLabelText('Business name'), 'Acme Inc');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inbox settings updated')).toBeInTheDocument();
    expect(lastBody(server, `PATCH ${at('inboxes/5')}`)).toEqual({
      inbox: { name: 'Support mail', greeting_enabled: false, greeting_message: null, sender_name_type: 'professional', business_name: 'Acme Inc' },
    });
  });

  it('S1-7.18 a chosen picture uploads as multipart inbox[avatar]; removing it asks first and calls DELETE avatar', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const withAvatar = { ...WEBSITE, avatar_url: '/uploads/inbox.png' };
    const { server } = openInbox(WEBSITE, '', {
      [`PATCH ${at('inboxes/3')}`]: { body: withAvatar },
      [`DELETE ${at('inboxes/3/avatar')}`]: { body: WEBSITE },
    });
    const details = await form('Inbox details');
    await userEvent.upload(within(details).getByLabelText('Inbox picture', { selector: 'input' }), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Inbox picture updated')).toBeInTheDocument();
    const sent = server.fetchMock.mock.calls.find(([path, init]) => path === at('inboxes/3') && init?.method === 'PATCH')![1]!.body as FormData;
    expect((sent.get('inbox[avatar]') as File).name).toBe('logo.png');
    await userEvent.click(await within(details).findByRole('button', { name: 'Remove' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove the inbox picture?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Inbox picture removed')).toBeInTheDocument();
    expect(server.called(`DELETE ${at('inboxes/3/avatar')}`)).toHaveLength(1);
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('a Facebook inbox that lost its connection says so, and has no configuration tab', async () => {
    const page = makeInbox(8, 'Acme page', { channel_type: 'Channel::FacebookPage', page_id: '123', reauthorization_required: true });
    openInbox(page);
    await findPage('Acme page');
    expect(screen.getByRole('alert')).toHaveTextContent('This inbox lost its connection to the provider');
    expect(within(screen.getByRole('tablist')).queryByRole('tab', { name: 'Configuration' })).toBeNull();
  });

  it('leaving a tab with unsaved changes asks first; keep editing stays, discard moves on', async () => {
    const { router } = openInbox();
    const details = await form('Inbox details');
    await userEvent.type(within(details).getByLabelText('Inbox name'), ' 2');
    await userEvent.click(screen.getByRole('tab', { name: 'Business hours' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.search).toBe('');
    expect(within(details).getByLabelText('Inbox name')).toHaveValue('Website chat 2');
    await userEvent.click(screen.getByRole('tab', { name: 'Business hours' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard changes' }));
    expect(await form('Business hours')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=business-hours');
    // nothing edited here: the next tab opens at once
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(within(await form('Inbox details')).getByLabelText('Inbox name')).toHaveValue('Website chat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
