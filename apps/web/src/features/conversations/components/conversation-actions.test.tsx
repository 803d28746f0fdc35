import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures.ts';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { JANE, makeAgent, makeConversation, SAM } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const SLOW = 15_000;
const header = () => screen.getByRole('heading', { name: 'Customer 5' }).closest('header')!;

function open(extra: Parameters<typeof renderWorkspace>[1] = {}) {
  return renderWorkspace('/app/accounts/7/inbox/1/conversations/5', {
    conversations: [makeConversation(5), makeConversation(6)],
    counts: { mine_count: 0, assigned_count: 0, unassigned_count: 2, all_count: 2 },
    messages: { 5: [] },
    ...extra,
    routes: (api) => {
      api
        .on(`POST ${base}/conversations/5/toggle_status`, (call) => {
          const body = call.body as { status: string; snoozed_until?: number | null };
          return { body: { meta: {}, payload: { success: true, conversation_id: 5, current_status: body.status, snoozed_until: body.snoozed_until ?? null } } };
        })
        .on(`POST ${base}/conversations/5/toggle_priority`, { body: {} })
        .on(`POST ${base}/conversations/5/assignments`, (call) => ({ body: (call.body as { assignee_id: number }).assignee_id === SAM.id ? SAM : null }))
        .on(`POST ${base}/conversations/5/labels`, (call) => ({ body: { payload: (call.body as { labels: string[] }).labels } }))
        .on(`POST ${base}/conversations/5/(mute|unmute|unread|transcript)`, { body: {} });
      extra.routes?.(api);
    },
  });
}

beforeEach(() => {
  polyfillLayout();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});

describe('conversation actions', () => {
  it('S1-4.19 S1-7.73 resolve sends toggle_status, the row leaves the open list and the counts drop without a meta call; reopen brings it back', async () => {
    const { api } = open();
    await userEvent.click(await screen.findByRole('tab', { name: /All/ }, LOAD));
    await screen.findByRole('link', { name: /Customer 5/ }, LOAD);
    await userEvent.click(within(await waitFor(header)).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_status`)[0]?.body).toEqual({ status: 'resolved' }));
    expect(await within(header()).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText('Conversation resolved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Customer 5/ })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: /All/ })).toHaveTextContent('1');
    expect(api.called('GET', `${base}/conversations/meta`)).toHaveLength(0);

    await userEvent.click(within(header()).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_status`)[1]?.body).toEqual({ status: 'open' }));
    expect(await screen.findByRole('link', { name: /Customer 5/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All/ })).toHaveTextContent('2');
  }, SLOW);

  it('S1-4.19 snoozing sends snoozed_until; until next reply sends none; pending is one more status', async () => {
    const { api } = open();
    await waitFor(header, LOAD);
    const menu = () => within(header()).getByRole('button', { name: 'More status options' });
    await userEvent.click(menu());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Until tomorrow' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_status`)).toHaveLength(1));
    const body = api.called('POST', `${base}/conversations/5/toggle_status`)[0]!.body as { status: string; snoozed_until: number };
    expect(body.status).toBe('snoozed');
    const until = new Date(body.snoozed_until * 1000);
    expect([until.getHours(), until.getMinutes()]).toEqual([9, 0]);
    expect(until.getTime()).toBeGreaterThan(Date.now());
    expect(await within(header()).findByText(/Snoozed until/)).toBeInTheDocument();

    await userEvent.click(menu());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Until next reply' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_status`)[1]?.body).toEqual({ status: 'snoozed', snoozed_until: null }));
    await userEvent.click(menu());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as pending' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_status`)[2]?.body).toEqual({ status: 'pending' }));
  }, SLOW);

  it('S1-7.74 S1-7.75 S1-5.49 S1-7.86 priority, assignee (confirmed agents of the inbox only) and labels from the header', async () => {
    const unconfirmed = makeAgent(3, 'Pat New', { confirmed: false });
    const { api } = open({ routes: (fake) => fake.on(`GET ${base}/assignable_agents`, { body: { payload: [JANE, SAM, unconfirmed] } }) });
    await waitFor(header, LOAD);
    // with the details column closed, the header carries these actions
    await userEvent.click(within(header()).getByRole('button', { name: 'Hide details' }));
    await userEvent.click(within(header()).getByRole('button', { name: 'Priority: No priority' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Urgent' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/toggle_priority`)[0]?.body).toEqual({ priority: 'urgent' }));
    expect(await within(header()).findByRole('button', { name: 'Priority: Urgent' })).toBeInTheDocument();

    await userEvent.click(within(header()).getByRole('button', { name: 'Assigned agent' }));
    const agents = await screen.findByRole('menu', { name: 'Assigned agent' });
    await within(agents).findByRole('menuitemradio', { name: /Sam Lee/ });
    expect(within(agents).queryByText('Pat New')).not.toBeInTheDocument();
    expect(api.called('GET', `${base}/assignable_agents`)[0]!.url.searchParams.getAll('inbox_ids[]')).toEqual(['1']);
    await userEvent.click(within(agents).getByRole('menuitemradio', { name: /Sam Lee/ }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/assignments`)[0]?.body).toEqual({ assignee_id: SAM.id }));
    expect(await within(header()).findByRole('button', { name: 'Assigned to Sam Lee' })).toBeInTheDocument();

    await userEvent.click(within(header()).getByRole('button', { name: 'Add labels' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'vip' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/labels`)[0]?.body).toEqual({ labels: ['vip'] }));
  }, SLOW);

  it('S1-7.75 the details column assigns a team and removes a label', async () => {
    const { api } = open({
      conversations: [makeConversation(5, { labels: ['billing', 'vip'] })],
      routes: (fake) =>
        fake
          .on(`GET ${base}/teams`, { body: [{ id: 4, name: 'Tier 2', description: null, allow_auto_assign: true, account_id: 7, is_member: true }] })
          .on(`POST ${base}/conversations/5/assignments`, { body: { id: 4, name: 'Tier 2', description: null, allow_auto_assign: true, account_id: 7, is_member: true } }),
    });
    const sidebar = await screen.findByRole('complementary', { name: 'Conversation details' }, LOAD);
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Tier 2' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/assignments`)[0]?.body).toEqual({ team_id: 4 }));
    expect(await within(sidebar).findByRole('button', { name: 'Team: Tier 2' })).toBeInTheDocument();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Remove label billing' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/labels`)[0]?.body).toEqual({ labels: ['vip'] }));
  }, SLOW);

  it('S1-7.79 S1-7.80 S1-7.77 mute and unmute; mark unread goes back to the list', async () => {
    const { api, router } = open();
    await waitFor(header, LOAD);
    const more = () => within(header()).getByRole('button', { name: 'More actions' });
    await userEvent.click(more());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute conversation' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/mute`)).toHaveLength(1));
    expect(await within(header()).findByText('Muted')).toBeInTheDocument();
    await userEvent.click(more());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unmute conversation' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/unmute`)).toHaveLength(1));
    await userEvent.click(more());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/inbox/1'));
    expect(api.called('POST', `${base}/conversations/5/unread`)).toHaveLength(1);
  }, SLOW);

  it('S1-7.82 the transcript goes to the email given in the dialog (the contact’s by default)', async () => {
    const { api } = open();
    await waitFor(header, LOAD);
    await userEvent.click(within(header()).getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Send transcript' }));
    const dialog = screen.getByRole('dialog', { name: 'Send conversation transcript' });
    const email = within(dialog).getByLabelText('Email address');
    expect(email).toHaveValue('customer5@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send transcript' }));
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'boss@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send transcript' }));
    await waitFor(() => expect(api.called('POST', `${base}/conversations/5/transcript`)[0]?.body).toEqual({ email: 'boss@example.com' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, SLOW);

  it('S0-3.14 S0-7.19 the details panels follow the saved order and a move is saved with PUT /api/v1/profile', async () => {
    const user = makeUser({ ui_settings: { conversation_sidebar_items_order: ['contact_attributes', 'conversation_actions', 'conversation_info'] } });
    const { api } = open({
      user,
      routes: (fake) => fake.on('PUT /api/v1/profile', (call) => ({ body: { ...user, ui_settings: (call.body as { profile: { ui_settings: object } }).profile.ui_settings } })),
    });
    const sidebar = await screen.findByRole('complementary', { name: 'Conversation details' }, LOAD);
    const titles = () => within(sidebar).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles()).toEqual(['Contact details', 'Conversation actions', 'Conversation information', 'Previous conversations', 'Participants']);
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Move Conversation actions up' }));
    expect(titles().slice(0, 2)).toEqual(['Conversation actions', 'Contact details']);
    await waitFor(() => expect(api.called('PUT', '/api/v1/profile')).toHaveLength(1));
    expect(api.called('PUT', '/api/v1/profile')[0]!.body).toEqual({
      profile: {
        ui_settings: {
          conversation_sidebar_items_order: ['conversation_actions', 'contact_attributes', 'conversation_info', 'macros', 'previous_conversation', 'conversation_participants'],
        },
      },
    });
    // the column folds away and comes back
    await userEvent.click(within(header()).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByRole('complementary', { name: 'Conversation details' })).not.toBeInTheDocument();
    await userEvent.click(within(header()).getByRole('button', { name: 'Show details' }));
    expect(screen.getByRole('complementary', { name: 'Conversation details' })).toBeInTheDocument();
  }, SLOW);
});
