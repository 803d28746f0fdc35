import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount, makeUser } from '../../../../test/fixtures.ts';
import { makeConversation, SAM } from '../../testing/fixtures.ts';
import { base, renderWorkspace } from '../../testing/render-workspace.tsx';

const LOAD = { timeout: 4000 };
const SLOW = 15_000;
const rows = () => within(screen.getByTestId('conversation-rows')).queryAllByRole('link');
const conversations = [1, 2, 3, 4].map((id) => makeConversation(id));
const folder = { id: 31, name: 'Pending ones', filter_type: 'conversation', query: { payload: [] }, created_at: '2024-05-14T10:00:00Z', updated_at: '2024-05-14T10:00:00Z' };

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
});

describe('conversation list: search box', () => {
  it('S1-7.70 searches with conversations/search (q, page 1 only), shows the results in the list, and clearing goes back to the list', async () => {
    const { api } = renderWorkspace('/app/accounts/7/dashboard', {
      conversations,
      routes: (fake) =>
        fake.on(`GET ${base}/conversations/search`, (call) => ({
          body: { meta: {}, payload: call.url.searchParams.get('q') === 'refund' && call.url.searchParams.get('page') === '1' ? [makeConversation(9)] : [] },
        })),
    });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    const box = screen.getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(box, 'refund{Enter}');
    expect(await screen.findByRole('link', { name: /Customer 9/ }, LOAD)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(api.called('GET', `${base}/conversations/search`).map((call) => Object.fromEntries(call.url.searchParams))).toEqual([{ q: 'refund', page: '1' }]);
    // the route's tabs, status and sort do not apply to a search
    expect(screen.queryByRole('tab', { name: /Mine/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: /Customer 1/ }, LOAD)).toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    expect(box).toHaveValue('');
    expect(screen.getByRole('tab', { name: /Mine/ })).toBeInTheDocument();
  }, SLOW);

  it('says when nothing matches, and Escape clears the search', async () => {
    renderWorkspace('/app/accounts/7/dashboard', { conversations, routes: (fake) => fake.on(`GET ${base}/conversations/search`, { body: { meta: {}, payload: [] } }) });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    const box = screen.getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(box, 'zzz{Enter}');
    expect(await screen.findByText('No conversations match “zzz”', {}, LOAD)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('link', { name: /Customer 1/ }, LOAD)).toBeInTheDocument();
  }, SLOW);
});

describe('conversation list: advanced filter', () => {
  it('applies the filter dialog with conversations/filter, shows a 422 at its row, and clears', async () => {
    let answer: { status?: number; body: unknown } = { status: 422, body: { message: 'Invalid filter', errors: { 'payload.0.values': ['must be one of open, resolved, pending, snoozed, all'] } } };
    const { api } = renderWorkspace('/app/accounts/7/dashboard', {
      conversations,
      routes: (fake) => fake.on(`POST ${base}/conversations/filter`, () => answer),
    });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Filter conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter conversations' });
    // nothing chosen yet: the builder says so without asking the server
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a value');
    expect(api.called('POST', `${base}/conversations/filter`)).toHaveLength(0);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition 1: Value' }), 'Pending');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    const row = within(dialog).getByRole('group', { name: 'Condition 1' });
    expect(await within(row).findByRole('alert')).toHaveTextContent('Value must be one of open, resolved, pending, snoozed, all');
    expect(api.called('POST', `${base}/conversations/filter`)[0]!.body).toEqual({
      payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['pending'], query_operator: null }],
    });

    answer = { body: { meta: {}, payload: [makeConversation(2, { status: 'pending' })] } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    expect(screen.getByRole('link', { name: /Customer 2/ })).toBeInTheDocument();
    expect(screen.getByText('Filtered by 1 condition')).toBeInTheDocument();
    // the dialog's answer is the first page: no second request for it
    expect(api.called('POST', `${base}/conversations/filter`)).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(4), LOAD);
  }, SLOW);

  it('S1-2.59 S1-2.60 saves the filter as a folder (custom_filters) and opens the folder, which runs the saved query', async () => {
    let saved: typeof folder | null = null;
    const { api, router } = renderWorkspace('/app/accounts/7/dashboard', {
      conversations,
      routes: (fake) => {
        fake.on(`GET ${base}/custom_filters`, () => ({ body: saved ? [saved] : [] }));
        fake.on(`POST ${base}/custom_filters`, (call) => {
          const body = (call.body as { custom_filter: { name: string; query: typeof folder.query } }).custom_filter;
          if (!body.name) return { status: 422, body: { message: 'Name must not be blank', errors: { name: ['must not be blank'] } } };
          saved = { ...folder, name: body.name, query: body.query };
          return { body: saved };
        });
        // the folder's own conversation, not one of the dashboard's, so the folder's list is told apart
        fake.on(`POST ${base}/conversations/filter`, { body: { meta: {}, payload: [makeConversation(8, { status: 'pending' })] } });
      },
    });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Filter conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter conversations' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition 1: Value' }), 'Pending');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as folder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save folder' }));
    expect(within(dialog).getByText('Enter a name for the folder.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Pending ones');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save folder' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/accounts/7/custom_view/31'), LOAD);
    expect(api.called('POST', `${base}/custom_filters`).at(-1)!.body).toEqual({
      custom_filter: { name: 'Pending ones', filter_type: 'conversation', query: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['pending'], query_operator: null }] } },
    });
    expect(await screen.findByText('Folder “Pending ones” saved', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Customer 8/ }, LOAD)).toHaveAttribute('href', '/app/accounts/7/custom_view/31/conversations/8');
    // the folder runs its saved query
    expect(api.called('POST', `${base}/conversations/filter`).at(-1)!.body).toEqual(saved!.query);
    expect(await screen.findByRole('heading', { name: 'Pending ones' }, LOAD)).toBeInTheDocument();
  }, SLOW);
});

describe('conversation list: filter in a folder', () => {
  it('starts the filter dialog from the open folder\'s saved conditions', async () => {
    const saved = { ...folder, id: 9, query: { payload: [{ attribute_key: 'mail_subject', filter_operator: 'contains', values: ['refund'], query_operator: null }] } };
    renderWorkspace('/app/accounts/7/custom_view/9', {
      conversations,
      routes: (fake) => {
        fake.on(`GET ${base}/custom_filters`, { body: [saved] });
        fake.on(`POST ${base}/conversations/filter`, { body: { meta: {}, payload: [makeConversation(5)] } });
      },
    });
    await screen.findByRole('link', { name: /Customer 5/ }, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Filter conversations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter conversations' });
    expect(within(dialog).getByRole('combobox', { name: 'Condition 1: Attribute' })).toHaveDisplayValue('Email subject');
    expect(within(dialog).getByRole('combobox', { name: 'Condition 1: Operator' })).toHaveDisplayValue('contains');
    expect(within(dialog).getByRole('textbox', { name: 'Condition 1: Value' })).toHaveValue('refund');
  }, SLOW);
});

describe('conversation list: multi-select and bulk actions', () => {
  const checkbox = (n: number) => screen.getByRole('checkbox', { name: `Select conversation with Customer ${n}` });

  it('S1-7.44 selects with checkboxes, Shift+click ranges and select all, then resolves them with one bulk_actions call', async () => {
    let listCalls = 0;
    const { api } = renderWorkspace('/app/accounts/7/dashboard', {
      conversations,
      routes: (fake) => {
        fake.on(`GET ${base}/agents`, { body: [] });
        fake.on(`GET ${base}/conversations`, (call) => {
          if (call.url.searchParams.get('page') !== '1') return { body: { data: { meta: { mine_count: 0, assigned_count: 0, unassigned_count: 4, all_count: 4 }, payload: [] } } };
          listCalls++;
          return { body: { data: { meta: { mine_count: 0, assigned_count: 0, unassigned_count: 4, all_count: 4 }, payload: listCalls === 1 ? conversations : conversations.slice(3) } } };
        });
        fake.on(`POST ${base}/bulk_actions`, (call) => ({ body: { payload: { updated_ids: (call.body as { ids: number[] }).ids, count: (call.body as { ids: number[] }).ids.length } } }));
      },
    });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(checkbox(1));
    const bar = await screen.findByRole('group', { name: 'Bulk actions' }, LOAD);
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    // Shift+click selects the range from the last clicked row
    fireEvent.click(checkbox(3), { shiftKey: true });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    expect(checkbox(2)).toBeChecked();
    expect(checkbox(4)).not.toBeChecked();
    await userEvent.click(within(bar).getByRole('checkbox', { name: 'Select all 4 loaded conversations' }));
    expect(within(bar).getByText('4 selected')).toBeInTheDocument();
    // and back to three
    await userEvent.click(checkbox(4));

    await userEvent.click(within(bar).getByRole('button', { name: 'Change the status of the selected conversations' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Resolve' }));
    await waitFor(() => expect(api.called('POST', `${base}/bulk_actions`)).toHaveLength(1), LOAD);
    expect(api.called('POST', `${base}/bulk_actions`)[0]!.body).toEqual({ type: 'Conversation', ids: [1, 2, 3], fields: { status: 'resolved' }, labels: { add: [], remove: [] } });
    expect(await screen.findByText('3 conversations updated', {}, LOAD)).toBeInTheDocument();
    // no optimistic change: the list is asked again and shows what the server says
    await waitFor(() => expect(rows()).toHaveLength(1), LOAD);
    expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull();
  }, SLOW);

  it('adds a label, assigns an agent of the selection\'s inboxes, and shows a 404 or a 422 clearly without clearing the selection', async () => {
    let answer: { status?: number; body: unknown } = { body: { payload: { updated_ids: [2], count: 1 } } };
    const { api } = renderWorkspace('/app/accounts/7/dashboard', {
      conversations,
      routes: (fake) => {
        fake.on(`POST ${base}/bulk_actions`, () => answer);
      },
    });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    await userEvent.click(checkbox(2));
    const bar = await screen.findByRole('group', { name: 'Bulk actions' }, LOAD);
    await userEvent.click(within(bar).getByRole('button', { name: 'Add or remove labels on the selected conversations' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'vip' }));
    await waitFor(() => expect(api.called('POST', `${base}/bulk_actions`)).toHaveLength(1), LOAD);
    expect(api.called('POST', `${base}/bulk_actions`)[0]!.body).toMatchObject({ ids: [2], labels: { add: ['vip'], remove: [] } });
    expect(await screen.findByText('1 conversation updated')).toBeInTheDocument();

    await userEvent.click(checkbox(2));
    answer = { status: 422, body: { message: 'Invalid', errors: { 'fields.assignee_id': ['must be a member of every inbox'] } } };
    await userEvent.click(within(screen.getByRole('group', { name: 'Bulk actions' })).getByRole('button', { name: 'Assign an agent to the selected conversations' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sam Lee' }, LOAD));
    // the menu offers the agents of every selected conversation's inbox
    expect(api.called('GET', `${base}/assignable_agents`).at(-1)!.url.searchParams.getAll('inbox_ids[]')).toEqual(['1']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was changed: assignee id must be a member of every inbox');
    expect(api.called('POST', `${base}/bulk_actions`).at(-1)!.body).toMatchObject({ ids: [2], fields: { assignee_id: SAM.id } });
    expect(checkbox(2)).toBeChecked();

    answer = { status: 404, body: { error: 'Resource could not be found' } };
    await userEvent.click(within(screen.getByRole('group', { name: 'Bulk actions' })).getByRole('button', { name: 'Change the status of the selected conversations' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as pending' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Some of the selected conversations are gone or no longer yours to change'));
  }, SLOW);

  it('offers no checkboxes to a checker, who may not run bulk actions', async () => {
    const user = makeUser({ accounts: [makeAccount(7, 'checker')] });
    renderWorkspace('/app/accounts/7/dashboard', { conversations, user });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  }, SLOW);
});
