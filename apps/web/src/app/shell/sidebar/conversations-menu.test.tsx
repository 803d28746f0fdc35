import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteName } from '@app/shared/permissions';
import { customRole, makeAccount, makeUser } from '../../../test/fixtures.ts';
import { makeAccountDetails, makeInbox, renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';
import { COUNT_REFRESH_MS } from '../use-shell-realtime.ts';

const menu = () => within(screen.getByRole('navigation', { name: 'Section navigation' }));
const section = (name: string) => within(screen.getByRole('region', { name }));
const label = (id: number, title: string, show_on_sidebar = true) => ({ id, title, description: null, color: '#1f93ff', show_on_sidebar });
const team = (id: number, name: string, is_member = true) => ({ id, name, description: null, allow_auto_assign: true, account_id: 7, is_member });
const folder = (id: number, name: string) => ({ id, name, filter_type: 'conversation', query: {}, created_at: '', updated_at: '' });

const lists = {
  'GET /api/v1/accounts/7/inboxes': { body: { payload: [makeInbox(1, 'Website'), makeInbox(2, 'Support mail', { reauthorization_required: true }), makeInbox(3, 'WhatsApp')] } },
  'GET /api/v1/accounts/7/teams': { body: [team(4, 'Billing'), team(5, 'Sales', false)] },
  'GET /api/v1/accounts/7/labels': { body: { payload: [label(6, 'vip'), label(7, 'spam', false), label(8, 'needs review')] } },
  'GET /api/v1/accounts/7/custom_filters?filter_type=conversation': { body: [folder(9, 'Open urgent')] },
};

describe('conversations menu', () => {
  it('S0-2.80 has all conversations, mentions and unattended at their routes', async () => {
    shellApi(undefined, lists);
    renderShell();
    await shellReady();
    expect(menu().getByRole('link', { name: 'All conversations' })).toHaveAttribute('href', '/app/accounts/7/dashboard');
    expect(menu().getByRole('link', { name: 'Mentions' })).toHaveAttribute('href', '/app/accounts/7/mentions/conversations');
    expect(menu().getByRole('link', { name: 'Unattended' })).toHaveAttribute('href', '/app/accounts/7/unattended/conversations');
    expect(menu().getByRole('link', { name: 'All conversations' })).toHaveAttribute('aria-current', 'page');
  });

  it('S0-2.81 S0-7.40 S0-7.45 S0-3.32 S0-3.33 S0-3.34 S0-3.35 lists folders, the user\'s teams, inboxes and sidebar labels with their routes', async () => {
    shellApi(undefined, lists);
    renderShell();
    await shellReady();
    await waitFor(() => expect(section('Folders').getByRole('link', { name: 'Open urgent' })).toHaveAttribute('href', '/app/accounts/7/custom_view/9'));
    await waitFor(() => expect(section('Teams').getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/app/accounts/7/team/4'));
    expect(section('Teams').queryByRole('link', { name: 'Sales' })).not.toBeInTheDocument();
    await waitFor(() => expect(section('Inboxes').getByRole('link', { name: /Website/ })).toHaveAttribute('href', '/app/accounts/7/inbox/1'));
    expect(section('Inboxes').getByRole('img', { name: 'This inbox needs to be connected again' })).toBeInTheDocument();
    await waitFor(() => expect(section('Labels').getByRole('link', { name: 'vip' })).toHaveAttribute('href', '/app/accounts/7/label/vip'));
    expect(section('Labels').getByRole('link', { name: 'needs review' })).toHaveAttribute('href', '/app/accounts/7/label/needs%20review');
    expect(section('Labels').queryByRole('link', { name: 'spam' })).not.toBeInTheDocument();
  });

  it('S0-4.39 S0-4.40 S0-4.41 S0-4.42 inbox badges show unresponded counts in their colour band', async () => {
    shellApi(undefined, {
      ...lists,
      'GET /api/v1/accounts/7/inboxes/open_conversations_count': {
        body: {
          payload: [
            { inbox_id: 1, open_conversations_count: 60, unresponded_conversations_count: 50 },
            { inbox_id: 2, open_conversations_count: 60, unresponded_conversations_count: 51 },
            { inbox_id: 3, open_conversations_count: 300, unresponded_conversations_count: 201 },
          ],
        },
      },
    });
    renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByText('201')).toHaveAttribute('data-band', 'critical'));
    expect(section('Inboxes').getByText('50')).toHaveAttribute('data-band', 'calm');
    expect(section('Inboxes').getByText('51')).toHaveAttribute('data-band', 'busy');
    expect(section('Inboxes').getByText('51')).toHaveAttribute('title', '51 unresponded conversations');
  });

  it('unresponded counts follow conversation events, refetched at most every 3 s', async () => {
    let unresponded = 1;
    const server = shellApi(undefined, {
      ...lists,
      'GET /api/v1/accounts/7/inboxes/open_conversations_count': () => ({
        body: { payload: [{ inbox_id: 1, open_conversations_count: 5, unresponded_conversations_count: unresponded }] },
      }),
    });
    const { cable } = renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByText('1')).toBeInTheDocument());
    act(() => cable.last.accept());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    unresponded = 2;
    act(() => {
      cable.last.event('message.created', { account_id: 7, id: 1 }, 1);
      cable.last.event('conversation.created', { account_id: 7, id: 2 }, 2);
      cable.last.event('conversation.status_changed', { account_id: 7, id: 2 }, 3);
    });
    act(() => vi.advanceTimersByTime(COUNT_REFRESH_MS));
    vi.useRealTimers();
    await waitFor(() => expect(section('Inboxes').getByText('2')).toBeInTheDocument());
    expect(server.called('GET /api/v1/accounts/7/inboxes/open_conversations_count')).toHaveLength(2);
  });

  it('S0-6.05 only administrators see the add-new links of the sections', async () => {
    shellApi(undefined, lists);
    const admin = renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByRole('link', { name: 'New inbox' })).toHaveAttribute('href', '/app/accounts/7/settings/inboxes/new'));
    expect(section('Teams').getByRole('link', { name: 'New team' })).toBeInTheDocument();
    expect(section('Labels').getByRole('link', { name: 'New label' })).toBeInTheDocument();
    admin.unmount();
    shellApi(makeUser({ accounts: [makeAccount(7, 'agent')] }), lists);
    renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByRole('link', { name: /Website/ })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'New inbox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New label' })).not.toBeInTheDocument();
  });

  it('S0-6.10 S0-6.11 S0-1.03 a checker sees only the inboxes assigned to them and never loads teams', async () => {
    const checker = makeUser({ accounts: [makeAccount(7, 'checker', { checker_inbox: [3] })] });
    const server = shellApi(checker, lists);
    renderShell('/app/accounts/7/checker-view');
    await shellReady();
    await waitFor(() => expect(menu().getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', '/app/accounts/7/checker-view/3/recharge'));
    expect(menu().queryByRole('link', { name: 'Website' })).not.toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/7/teams')).toHaveLength(0);
  });

  it('a checker\'s conversations menu has all conversations and their inboxes, nothing the role cannot open', async () => {
    const checker = makeUser({ accounts: [makeAccount(7, 'checker', { checker_inbox: [3] })] });
    const server = shellApi(checker, lists);
    renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', '/app/accounts/7/inbox/3'));
    expect(menu().getByRole('link', { name: 'All conversations' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'Mentions' })).not.toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'Unattended' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Folders' })).not.toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/7/teams')).toHaveLength(0);
    expect(server.called('GET /api/v1/accounts/7/labels')).toHaveLength(0);
  });

  it('the "+" of teams, inboxes and labels shows only once its settings screen is in the router', async () => {
    shellApi(undefined, lists);
    const registry = new Set<RouteName>(['home', 'conversation_mentions', 'conversation_unattended', 'folder_conversations', 'team_conversations', 'inbox_dashboard', 'label_conversations', 'labels_list']);
    renderShell('/app/accounts/7/dashboard', { registry });
    await shellReady();
    await waitFor(() => expect(section('Labels').getByRole('link', { name: 'New label' })).toHaveAttribute('href', '/app/accounts/7/settings/labels/list'));
    await waitFor(() => expect(section('Teams').getByRole('link', { name: 'Billing' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'New inbox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New team' })).not.toBeInTheDocument();
  });

  it('S0-2.86 S0-2.87 the checker-view menu has checker-view, conversation-summaries and per-inbox tabs defaulting to recharge', async () => {
    shellApi(undefined, lists);
    renderShell('/app/accounts/7/checker-view');
    await shellReady();
    expect(await menu().findByRole('link', { name: 'Inboxes' })).toHaveAttribute('href', '/app/accounts/7/checker-view');
    expect(menu().getByRole('link', { name: 'Conversation summaries' })).toHaveAttribute('href', '/app/accounts/7/conversation-summaries');
    await waitFor(() => expect(menu().getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/app/accounts/7/checker-view/1/recharge'));
  });

  it('S1-7.26 the checker-view menu lists the payments account\'s inboxes, as the user\'s role there sees them, under any current account', async () => {
    // administrator of account 7, checker of account 1 (the payments account) with one inbox of three there
    const user = makeUser({ accounts: [makeAccount(7), makeAccount(1, 'checker', { checker_inbox: [12] })] });
    const paymentsConfig = { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: false, enable_account_signup: false, oauth_providers: {}, payments_account_id: 1 };
    const server = shellApi(user, {
      ...lists,
      'GET /api/v1/global_config': { body: paymentsConfig },
      'GET /api/v1/accounts/1/inboxes': { body: { payload: [makeInbox(11, 'Payouts'), makeInbox(12, 'Recharges desk'), makeInbox(13, 'Merchants')] } },
    });
    const shell = renderShell('/app/accounts/7/checker-view');
    await shellReady();
    await waitFor(() => expect(menu().getByRole('link', { name: 'Recharges desk' })).toHaveAttribute('href', '/app/accounts/7/checker-view/12/recharge'));
    expect(menu().queryByRole('link', { name: 'Payouts' })).not.toBeInTheDocument();
    // the current account's inboxes hold no payment records: never offered here
    expect(menu().queryByRole('link', { name: 'Website' })).not.toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/1/inboxes').length).toBeGreaterThan(0);
    shell.unmount();

    // not a member of the payments account: no inbox entries (the page says why), and no call that would fail
    const outsider = shellApi(makeUser({ accounts: [makeAccount(7)] }), { ...lists, 'GET /api/v1/global_config': { body: paymentsConfig } });
    renderShell('/app/accounts/7/checker-view');
    await shellReady();
    expect(await menu().findByRole('link', { name: 'Inboxes' })).toHaveAttribute('href', '/app/accounts/7/checker-view');
    expect(menu().queryByRole('link', { name: 'Website' })).not.toBeInTheDocument();
    expect(outsider.called('GET /api/v1/accounts/1/inboxes')).toHaveLength(0);
  });

  it('S1-2.78 a custom role with only conversation_summary_manage gets the summaries entry, no checker-view entries', async () => {
    shellApi(makeUser({ accounts: [makeAccount(7, 'agent', { custom_role: customRole(['conversation_summary_manage'], 'Summaries') })] }), lists);
    renderShell('/app/accounts/7/conversation-summaries');
    await shellReady();
    expect(await screen.findByRole('link', { name: 'Checker view' })).toHaveAttribute('href', '/app/accounts/7/conversation-summaries');
    expect(await menu().findByRole('link', { name: 'Conversation summaries' })).toHaveAttribute('href', '/app/accounts/7/conversation-summaries');
    expect(menu().queryByRole('link', { name: 'Inboxes' })).toBeNull();
    expect(menu().queryByRole('link', { name: 'Website' })).toBeNull();
  });

  it('S0-7.75 S0-3.22 account.cache_invalidated reloads the sidebar lists whose cache key changed', async () => {
    let title = 'vip';
    const server = shellApi(undefined, { ...lists, 'GET /api/v1/accounts/7/labels': () => ({ body: { payload: [label(6, title)] } }) });
    const { cable } = renderShell();
    await shellReady();
    await waitFor(() => expect(section('Labels').getByRole('link', { name: 'vip' })).toBeInTheDocument());
    act(() => cable.last.accept());
    title = 'gold';
    act(() => cable.last.event('account.cache_invalidated', { account_id: 7, cache_keys: { label: 2, inbox: 1, team: 1 } }, 1));
    await waitFor(() => expect(section('Labels').getByRole('link', { name: 'gold' })).toBeInTheDocument());
    expect(server.called('GET /api/v1/accounts/7/labels')).toHaveLength(2);
  });

  it('S0-2.83 S0-2.85 other sections show their own menus; screens without one use the whole width', async () => {
    shellApi();
    const { router } = renderShell('/app/accounts/7/settings/general');
    await shellReady();
    await waitFor(() => expect(menu().getAllByRole('link').length).toBeGreaterThan(10));
    expect(menu().getByRole('link', { name: 'Account settings' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate('/app/accounts/7/reports/overview'));
    expect(menu().getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/app/accounts/7/reports/overview');
    await act(() => router.navigate('/app/accounts/7/profile/settings'));
    expect(screen.queryByRole('navigation', { name: 'Section navigation' })).not.toBeInTheDocument();
  });

  it('a settings entry stays marked on every page of its area (the team wizard, one inbox), and only that entry', async () => {
    shellApi();
    const { router } = renderShell('/app/accounts/7/settings/teams/new');
    await shellReady();
    await waitFor(() => expect(menu().getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page'));
    expect(menu().getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/app/accounts/7/settings/teams/list');
    expect(menu().getByRole('link', { name: 'Inboxes' })).not.toHaveAttribute('aria-current');
    await act(() => router.navigate('/app/accounts/7/settings/inboxes/3?tab=collaborators'));
    expect(menu().getByRole('link', { name: 'Inboxes' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current');
    expect(menu().getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('S0-2.82 S0-7.45 the contacts menu has all contacts, segments and labels', async () => {
    shellApi(undefined, {
      ...lists,
      'GET /api/v1/accounts/7/custom_filters?filter_type=contact': { body: [{ ...folder(11, 'Leads'), filter_type: 'contact' }] },
    });
    renderShell('/app/accounts/7/contacts');
    await shellReady();
    expect(menu().getByRole('link', { name: 'All contacts' })).toHaveAttribute('href', '/app/accounts/7/contacts');
    await waitFor(() => expect(menu().getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/app/accounts/7/contacts/custom_view/11'));
    await waitFor(() => expect(menu().getByRole('link', { name: 'vip' })).toHaveAttribute('href', '/app/accounts/7/labels/vip/contacts'));
  });

  it('lists whose feature is off are neither loaded nor shown', async () => {
    const server = shellApi(undefined, { ...lists, 'GET /api/v1/accounts/7': { body: makeAccountDetails(7, { off: ['labels', 'team_management'] }) } });
    renderShell();
    await shellReady();
    await waitFor(() => expect(section('Inboxes').getByRole('link', { name: /Website/ })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Teams' })).not.toBeInTheDocument();
    expect(server.called('GET /api/v1/accounts/7/labels')).toHaveLength(0);
    expect(server.called('GET /api/v1/accounts/7/teams')).toHaveLength(0);
  });
});
