import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ACCOUNT, API, findHeading, makeApp, openScreen, unprocessable } from '../testing/open-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const catalogue = [
  makeApp('webhook', { name: 'Webhooks', enabled: true, allow_multiple_hooks: true }),
  makeApp('dashboard_apps', { name: 'Dashboard apps', allow_multiple_hooks: true }),
  makeApp('slack', { name: 'Slack', configured: false, action: null, required_env: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'] }),
  makeApp('openai', { name: 'OpenAI', settings_form_schema: [{ name: 'api_key', label: 'API key', type: 'password', required: true }] }),
];
const slackHook = { id: 4, app_id: 'slack', inbox_id: null, account_id: ACCOUNT, status: true, hook_type: 'account' as const, settings: { team_name: 'Acme' }, reference_id: null };

describe('integrations page', () => {
  it('S1-2.17 is settings/integrations: a card per integration with its state, each opening its screen', async () => {
    const { router } = openScreen('', { [`GET ${API}/integrations/apps`]: { body: { payload: catalogue } } });
    await findHeading('Integrations');
    const cards = within(await screen.findByRole('list', { name: 'Integrations' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Webhooks', 'Dashboard apps', 'Slack', 'OpenAI']);
    expect(within(cards[0]!).getByText('In use')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Not configured')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Configure Webhooks' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT}/settings/integrations/webhook`);
    expect(within(cards[3]!).getByRole('link', { name: 'Configure OpenAI' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT}/settings/integrations/openai`);
    await userEvent.click(within(cards[1]!).getByRole('link', { name: 'Configure Dashboard apps' }));
    expect(router.state.location.pathname).toBe(`/app/accounts/${ACCOUNT}/settings/integrations/dashboard_apps`);
  });

  it('S1-6.09 sends an agent away from every integrations screen', async () => {
    for (const rest of ['', '/webhook', '/dashboard_apps', '/slack', '/openai']) {
      const { router, unmount } = openScreen(rest, { [`GET ${API}/integrations/apps`]: { body: { payload: catalogue } } }, 'agent');
      await waitFor(() => expect(router.state.location.pathname).not.toContain('settings/integrations'), { timeout: 5000 });
      unmount();
    }
  });

  it('shows the error state with a retry when the catalogue does not load', async () => {
    openScreen('', { [`GET ${API}/integrations/apps`]: { status: 500, body: { error: 'boom' } } });
    expect(await screen.findByText('We could not load this page.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('slack screen', () => {
  it('S1-2.20 says what to set when the installation has no Slack app, instead of a dead screen', async () => {
    openScreen('/slack', { [`GET ${API}/integrations/apps/slack`]: { body: catalogue[2] } });
    expect(await screen.findByRole('heading', { name: 'Slack is not configured on this installation' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('SLACK_CLIENT_ID')).toBeInTheDocument();
    expect(screen.getByText('SLACK_CLIENT_SECRET')).toBeInTheDocument();
    expect(screen.getByText(/settings\/integrations\/slack$/)).toBeInTheDocument();
  });

  it('S1-2.21 S1-7.105 reads ?code= and connects Slack with it, then offers the channels', async () => {
    let connected = false;
    const configured = makeApp('slack', { name: 'Slack', action: 'https://slack.com/oauth/v2/authorize?client_id=1' });
    const { server, router } = openScreen('/slack?code=oauth-code', {
      [`GET ${API}/integrations/apps/slack`]: () => ({ body: { ...configured, enabled: connected, hooks: connected ? [slackHook] : [] } }),
      [`POST ${API}/integrations/slack`]: () => {
        connected = true;
        return { body: slackHook };
      },
      [`GET ${API}/integrations/slack/list_all_channels`]: { body: [{ id: 'C1', name: 'support' }] },
      [`PATCH ${API}/integrations/slack`]: { body: { ...slackHook, reference_id: 'C1' } },
    });
    await waitFor(() => expect(server.called(`POST ${API}/integrations/slack`)).toHaveLength(1));
    expect(server.called(`POST ${API}/integrations/slack`)[0]!.body).toEqual({ code: 'oauth-code' });
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Slack connected')).toBeInTheDocument();

    const channel = await screen.findByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: '#support' })).toBeInTheDocument());
    expect(server.called(`GET ${API}/integrations/slack/list_all_channels`)).toHaveLength(1);
    await userEvent.selectOptions(channel, 'C1');
    await userEvent.click(screen.getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(server.called(`PATCH ${API}/integrations/slack`)[0]?.body).toEqual({ reference_id: 'C1' }));
  });

  it('S1-7.107 disconnects Slack with DELETE integrations/slack after the confirmation', async () => {
    const { server } = openScreen('/slack', {
      [`GET ${API}/integrations/apps/slack`]: { body: makeApp('slack', { name: 'Slack', enabled: true, hooks: [slackHook] }) },
      [`GET ${API}/integrations/slack/list_all_channels`]: { body: [] },
      [`DELETE ${API}/integrations/slack`]: { body: '' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect Slack?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(server.called(`DELETE ${API}/integrations/slack`)).toHaveLength(1));
  });
});

describe('an integration with a settings form', () => {
  it('S1-2.22 S1-7.108 is settings/integrations/{id}: checks the required fields, then POSTs integrations/hooks, and removes a hook with DELETE', async () => {
    let hooks: object[] = [];
    const openai = () => makeApp('openai', { name: 'OpenAI', settings_form_schema: [{ name: 'api_key', label: 'API key', type: 'password', required: true }], hooks: hooks as never });
    const { server } = openScreen('/openai', {
      [`GET ${API}/integrations/apps/openai`]: () => ({ body: openai() }),
      [`GET ${API}/inboxes`]: { body: { payload: [] } },
      [`POST ${API}/integrations/hooks`]: (call) => {
        hooks = [{ id: 9, app_id: 'openai', inbox_id: null, account_id: ACCOUNT, status: true, hook_type: 'account', settings: (call.body as { settings: object }).settings, reference_id: null }];
        return { body: hooks[0] };
      },
      [`PATCH ${API}/integrations/hooks/9`]: (call) => ({ body: { ...(hooks[0] as object), status: Boolean((call.body as { status: number }).status) } }),
      [`DELETE ${API}/integrations/hooks/9`]: () => {
        hooks = [];
        return { body: '' };
      },
    });
    await findHeading('OpenAI');
    const form = await screen.findByRole('form', { name: 'Connect OpenAI' });
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('API key is required.')).toBeInTheDocument();
    expect(server.called(`POST ${API}/integrations/hooks`)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('API key'), 'sk-123');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(server.called(`POST ${API}/integrations/hooks`)).toHaveLength(1));
    expect(server.called(`POST ${API}/integrations/hooks`)[0]!.body).toEqual({ app_id: 'openai', inbox_id: null, settings: { api_key: 'sk-123' } });
    expect(await screen.findByText('OpenAI connected')).toBeInTheDocument();

    const enabled = await screen.findByRole('switch', { name: 'Enabled' });
    expect(enabled).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(enabled);
    await waitFor(() => expect(server.called(`PATCH ${API}/integrations/hooks/9`)[0]?.body).toEqual({ status: 0 }));

    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect OpenAI?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(server.called(`DELETE ${API}/integrations/hooks/9`)).toHaveLength(1));
    expect(await screen.findByRole('form', { name: 'Connect OpenAI' })).toBeInTheDocument();
  });

  it('shows a server 422 under the field it names', async () => {
    openScreen('/google_translate', {
      [`GET ${API}/integrations/apps/google_translate`]: {
        body: makeApp('google_translate', {
          name: 'Google Translate',
          settings_form_schema: [
            { name: 'project_id', label: 'Project ID', type: 'text', required: true },
            { name: 'credentials', label: 'Credentials', type: 'textarea', required: true, json: true },
          ],
        }),
      },
      [`POST ${API}/integrations/hooks`]: unprocessable('Settings.project id is not a project', { 'settings.project_id': ['is not a project'] }),
    });
    const form = await screen.findByRole('form', { name: 'Connect Google Translate' }, { timeout: 5000 });
    await userEvent.type(within(form).getByLabelText('Project ID'), 'p-1');
    await userEvent.type(within(form).getByLabelText('Credentials'), 'not json');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('Credentials must be a JSON object.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Credentials'));
    await userEvent.type(within(form).getByLabelText('Credentials'), '{{"type":"service_account"}');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('Project ID is not a project')).toBeInTheDocument();
  });

  it('says so for an integration that does not exist', async () => {
    openScreen('/nope', { [`GET ${API}/integrations/apps/nope`]: { status: 404, body: { error: 'Resource could not be found' } } });
    expect(await screen.findByText('There is no such integration.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
