import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentBot } from '@app/shared/agent-bots';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { AgentBotEditPage } from './agent-bot-edit-page.tsx';
import { AgentBotNewPage } from './agent-bot-new-page.tsx';
import { AgentBotsPage } from './agent-bots-page.tsx';

const BASE = '/api/v1/accounts/7/agent_bots';
const SETTINGS = '/app/accounts/7/settings/agent-bots';

const bot = (id: number, extra: Partial<AgentBot> = {}): AgentBot => ({
  id,
  name: `Bot ${id}`,
  description: null,
  thumbnail: '',
  outgoing_url: 'https://bots.example.com/hook',
  bot_type: 'webhook',
  bot_config: {},
  account_id: 7,
  access_token: `token-${id}`,
  system_bot: false,
  ...extra,
});

type Handlers = Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>;

/** The three screens at their paths; `at` is where the test starts. */
function open(at: string, handlers: Handlers) {
  const server = fakeApi(handlers);
  const view = renderAccountScreen(<AgentBotsPage />, {
    path: SETTINGS,
    extraRoutes: [
      { path: `${SETTINGS}/csml/new`, element: <AgentBotNewPage /> },
      { path: `${SETTINGS}/csml/:botId`, element: <AgentBotEditPage /> },
    ],
  });
  if (at !== SETTINGS) void view.router.navigate(at);
  return { server, ...view };
}

const unprocessable = (errors: Record<string, string[]>): Reply => ({ status: 422, body: { message: 'Validation failed', attributes: Object.keys(errors), errors } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('agent bots list', () => {
  it('S1-7.36 lists the account bots with their webhook URL, and system bots read-only', async () => {
    open(SETTINGS, {
      [`GET ${BASE}`]: { body: [bot(1, { description: 'Answers order questions' }), bot(2, { name: 'Helper', account_id: null, system_bot: true, access_token: undefined, outgoing_url: null })] },
    });
    const table = await screen.findByRole('table', { name: 'Agent bots' });
    const [, first, system] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Bot 1' })).toHaveAttribute('href', `${SETTINGS}/csml/1`);
    expect(within(first!).getByText('Answers order questions')).toBeInTheDocument();
    expect(within(first!).getByText('https://bots.example.com/hook')).toBeInTheDocument();
    expect(within(system!).getByText('System bot')).toBeInTheDocument();
    expect(within(system!).getByText('None (API only)')).toBeInTheDocument();
    expect(within(system!).queryByRole('button')).toBeNull();
    // the token is never on the list
    expect(screen.queryByText('token-1')).toBeNull();
  });

  it('shows the empty state; its button opens the create page', async () => {
    const { router } = open(SETTINGS, { [`GET ${BASE}`]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No agent bots yet' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add bot' })[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${SETTINGS}/csml/new`));
  });

  it('S0-6.23 says so when the account has the agent_bots feature off', async () => {
    open(SETTINGS, { [`GET ${BASE}`]: { status: 403, body: { error: 'off', error_code: 'feature_disabled' } } });
    expect(await screen.findByText('Agent bots are not enabled for this account.')).toBeInTheDocument();
  });

  it('deletes a bot only after confirming', async () => {
    const { server } = open(SETTINGS, { [`GET ${BASE}`]: { body: [bot(1)] }, [`DELETE ${BASE}/1`]: { body: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bot 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bot 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the agent bot “Bot 1”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete bot' }));
    expect(await screen.findByText('Agent bot “Bot 1” deleted')).toBeInTheDocument();
    expect(server.called(`DELETE ${BASE}/1`)).toHaveLength(1);
  });
});

describe('agent bot create page', () => {
  it('needs a name and an http(s) webhook URL, checked on blur and on submit; then POST, a toast and the bot page', async () => {
    const { server, router } = open(`${SETTINGS}/csml/new`, {
      [`POST ${BASE}`]: (call) => ({ body: bot(9, (call.body as { agent_bot: Partial<AgentBot> }).agent_bot) }),
      [`GET ${BASE}/9`]: { body: bot(9, { name: 'Order bot' }) },
    });
    const form = await screen.findByRole('form', { name: 'Details' });
    const name = within(form).getByLabelText('Bot name');
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toHaveAccessibleDescription('Enter a name for the bot.');
    const url = within(form).getByLabelText('Webhook URL');
    await userEvent.type(url, 'bots.example.com');
    await userEvent.tab();
    expect(url).toHaveAccessibleDescription('Enter a full http:// or https:// address.');
    await userEvent.click(within(form).getByRole('button', { name: 'Create bot' }));
    expect(server.called(`POST ${BASE}`)).toHaveLength(0);

    await userEvent.type(name, ' Order bot ');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://bots.example.com/orders');
    expect(url).not.toHaveAccessibleDescription('Enter a full http:// or https:// address.');
    await userEvent.click(within(form).getByRole('button', { name: 'Create bot' }));
    expect(await screen.findByText('Agent bot “Order bot” created')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}`)[0]!.body).toEqual({ agent_bot: { name: 'Order bot', description: null, outgoing_url: 'https://bots.example.com/orders' } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${SETTINGS}/csml/9`));
  });

  it("shows the server's 422 under its field", async () => {
    open(`${SETTINGS}/csml/new`, { [`POST ${BASE}`]: unprocessable({ outgoing_url: ['must be an http or https URL'] }) });
    const form = await screen.findByRole('form', { name: 'Details' });
    await userEvent.type(within(form).getByLabelText('Bot name'), 'Bot');
    await userEvent.type(within(form).getByLabelText('Webhook URL'), 'http://localhost:1/x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create bot' }));
    await waitFor(() => expect(within(form).getByLabelText('Webhook URL')).toHaveAccessibleDescription('Webhook URL must be an http or https URL'));
  });
});

describe('agent bot edit page', () => {
  it('edits the details with PATCH and a toast', async () => {
    const { server } = open(`${SETTINGS}/csml/1`, {
      [`GET ${BASE}/1`]: { body: bot(1) },
      [`PATCH ${BASE}/1`]: (call) => ({ body: bot(1, (call.body as { agent_bot: Partial<AgentBot> }).agent_bot) }),
      [`GET ${BASE}`]: { body: [bot(1)] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Bot 1' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Details' });
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Description'), 'Tracks parcels');
    await userEvent.clear(within(form).getByLabelText('Webhook URL'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Agent bot “Bot 1” updated')).toBeInTheDocument();
    expect(server.called(`PATCH ${BASE}/1`)[0]!.body).toEqual({ agent_bot: { name: 'Bot 1', description: 'Tracks parcels', outgoing_url: null } });
  });

  it('hides the access token until asked, copies it, and resets it only after confirming', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { server } = open(`${SETTINGS}/csml/1`, {
      [`GET ${BASE}/1`]: { body: bot(1) },
      [`POST ${BASE}/1/reset_access_token`]: { body: bot(1, { access_token: 'token-new' }) },
      [`GET ${BASE}`]: { body: [bot(1, { access_token: 'token-new' })] },
    });
    const token = await screen.findByLabelText('Access token of Bot 1');
    expect(token).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(token).toHaveAttribute('type', 'text');
    expect(token).toHaveValue('token-1');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(token).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('token-1');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset token' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep the current one' }));
    expect(server.called(`POST ${BASE}/1/reset_access_token`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reset token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the access token of “Bot 1”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset token' }));
    expect(await screen.findByText('A new access token was made. The old one no longer works.')).toBeInTheDocument();
    expect(server.called(`POST ${BASE}/1/reset_access_token`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Access token of Bot 1')).toHaveValue('token-new'));
    expect(screen.getByLabelText('Access token of Bot 1')).toHaveAttribute('type', 'text');
  });

  it('says "Unable to copy text to clipboard" when the browser refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    open(`${SETTINGS}/csml/1`, { [`GET ${BASE}/1`]: { body: bot(1) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Unable to copy text to clipboard')).toBeInTheDocument();
  });

  it('says a bot that does not exist, or a system bot, cannot be edited', async () => {
    open(`${SETTINGS}/csml/5`, { [`GET ${BASE}/5`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByText(/This agent bot does not exist/)).toBeInTheDocument();
  });
});
