import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CONVERSATIONS_PER_PAGE } from '@app/shared/conversations';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { JANE, makeConversation, NOW } from '../testing/fixtures.ts';

const LOAD = { timeout: 4000 };
const SLOW = 15_000;
const counts = { mine_count: 2, assigned_count: 5, unassigned_count: 3, all_count: 8 };
const rows = () => within(screen.getByTestId('conversation-rows')).queryAllByRole('link');

beforeEach(() => {
  // jsdom has no layout: the list's scroll box reports a window's height so the virtualizer renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
});
afterEach(() => vi.useRealTimers());

describe('conversation list', () => {
  it('S1-2.53 S1-7.67 an inbox list shows its conversations with mine / unassigned / all tabs and their counts from meta', async () => {
    const { api } = renderWorkspace('/app/accounts/7/inbox/1', {
      conversations: [makeConversation(1, { unread_count: 3, labels: ['billing'], priority: 'urgent', meta: { ...makeConversation(1).meta, assignee: JANE } }), makeConversation(2)],
      counts,
    });
    expect(await screen.findByRole('link', { name: /Customer 1/ }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Mine/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Unassigned/ })).toHaveTextContent('3');
    expect(screen.getByRole('tab', { name: /All/ })).toHaveTextContent('8');
    // the list's own answer carried the counts: no separate meta call
    expect(api.called('GET', `${base}/conversations/meta`)).toHaveLength(0);
    const first = api.called('GET', `${base}/conversations`)[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ status: 'open', assignee_type: 'me', sort_by: 'latest', inbox_id: '1', page: '1' });

    // the card: contact, inbox, preview, unread badge, priority, label, assignee
    const card = screen.getByRole('link', { name: /Customer 1/ });
    expect(card).toHaveTextContent('Message 100');
    expect(within(card).getByLabelText('3 unread')).toHaveTextContent('3');
    expect(card).toHaveTextContent('Urgent');
    expect(card).toHaveTextContent('billing');
    expect(card.querySelector('[title="Assigned to Jane Doe"]')).not.toBeNull();
  });

  it('a card outside an inbox list names its inbox', async () => {
    renderWorkspace('/app/accounts/7/label/billing', { conversations: [makeConversation(1, { labels: ['billing'], inbox_id: 2 })] });
    const card = await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    expect(await within(card).findByText('Billing')).toBeInTheDocument();
  });

  it('S1-4.21 tabs, status and sort ask the API again with their parameters', async () => {
    const { api } = renderWorkspace('/app/accounts/7/label/billing', { conversations: [makeConversation(1, { labels: ['billing'] })], counts });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    await userEvent.click(screen.getByRole('tab', { name: /Unassigned/ }));
    await waitFor(() => expect(api.called('GET', `${base}/conversations`).at(-1)!.url.searchParams.get('assignee_type')).toBe('unassigned'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'resolved');
    await waitFor(() => expect(api.called('GET', `${base}/conversations`).at(-1)!.url.searchParams.get('status')).toBe('resolved'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'priority_desc');
    const last = api.called('GET', `${base}/conversations`).at(-1)!.url.searchParams;
    expect(last.get('sort_by')).toBe('priority_desc');
    expect(last.getAll('labels[]')).toEqual(['billing']);
    // the pane remembers the choice for the account
    expect(JSON.parse(localStorage.getItem('relay:conversation-list:7')!)).toEqual({ status: 'resolved', assigneeType: 'unassigned', sortBy: 'priority_desc' });
  });

  it('shows an empty state when a list has nothing', async () => {
    renderWorkspace('/app/accounts/7/mentions/conversations', { conversations: [] });
    expect(await screen.findByText('No conversations here', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mentions' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, an error with a retry when the list fails, and the rows once retried', async () => {
    let fail = true;
    renderWorkspace('/app/accounts/7/unattended/conversations', {
      routes: (api) =>
        api.on(`GET ${base}/conversations`, () => (fail ? { status: 500, body: { error: 'down' } } : { body: { data: { meta: counts, payload: [makeConversation(4)] } } })),
    });
    expect(await screen.findByRole('status', { name: 'Loading conversations…' }, LOAD)).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('We could not load the conversations.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Customer 4/ })).toBeInTheDocument();
  }, SLOW);

  it('S1-4.33 scrolling to the end loads the next page; an empty page ends the list', async () => {
    const page = (n: number) => Array.from({ length: CONVERSATIONS_PER_PAGE }, (_, i) => makeConversation((n - 1) * CONVERSATIONS_PER_PAGE + i + 1, { last_activity_at: NOW - ((n - 1) * 25 + i) }));
    const { api } = renderWorkspace('/app/accounts/7/team/3', {
      routes: (fake) =>
        fake.on(`GET ${base}/conversations`, (call) => {
          const n = Number(call.url.searchParams.get('page'));
          return { body: { data: { meta: counts, payload: n <= 2 ? page(n) : [] } } };
        }),
    });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), LOAD);
    const scroller = screen.getByTestId('conversation-rows');
    // to the bottom of the loaded rows, page after page
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        scroller.scrollTop = 100_000;
        fireEvent.scroll(scroller);
      });
    }
    await waitFor(() => expect(api.called('GET', `${base}/conversations`).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '3']));
    await waitFor(() => expect(screen.queryByText('Loading more…')).not.toBeInTheDocument());
  }, SLOW);

  it('keeps the DOM small: of 5,000 loaded conversations only the rows in view are rendered', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => makeConversation(i + 1, { last_activity_at: NOW - i }));
    renderWorkspace('/app/accounts/7/inbox/1', { conversations: many });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), LOAD);
    // 800 px of 92 px cards plus the overscan
    expect(rows().length).toBeLessThan(25);
    const scroller = screen.getByTestId('conversation-rows');
    await act(async () => {
      scroller.scrollTop = 92 * 2500;
      fireEvent.scroll(scroller);
    });
    await waitFor(() => expect(document.querySelector('[data-conversation-id="2501"]')).not.toBeNull());
    expect(rows().length).toBeLessThan(25);
  }, SLOW);

  it('S0-7.59 a conversation.created event adds the row and raises the counts without asking the server', async () => {
    const { push, api } = renderWorkspace('/app/accounts/7/inbox/1', { conversations: [makeConversation(1)], counts: { mine_count: 0, assigned_count: 0, unassigned_count: 1, all_count: 1 } });
    await screen.findByRole('link', { name: /Customer 1/ }, LOAD);
    await userEvent.click(screen.getByRole('tab', { name: /Unassigned/ }));
    await screen.findByRole('link', { name: /Customer 1/ });
    const before = api.calls.length;
    act(() => push('conversation.created', makeConversation(50, { last_activity_at: NOW + 60 })));
    expect(await screen.findByRole('link', { name: /Customer 50/ })).toBeInTheDocument();
    expect(rows()[0]).toHaveAccessibleName(/Customer 50/);
    expect(screen.getByRole('tab', { name: /Unassigned/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /All/ })).toHaveTextContent('2');
    expect(api.calls.slice(before).filter((c) => c.path.startsWith(`${base}/conversations`))).toEqual([]);
  });
});
