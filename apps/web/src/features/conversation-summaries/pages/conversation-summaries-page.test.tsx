import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api.ts';
import { ACCOUNT_ID, agent, inboxList, inboxSummary, INBOXES, renderSummaries, SUMMARIES, summaryList } from '../testing/render-summaries.tsx';

// Wednesday 25 November 2026, mid-morning local time: the last 7 days are the 19th to the 25th.
const TODAY = new Date(2026, 10, 25, 10, 30);
const local = (month: number, day: number) => new Date(2026, month - 1, day).toISOString();
const sinceUntil = (since: string, until: string) => `since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`;
const LAST_7_DAYS = sinceUntil(local(11, 19), local(11, 26));

const website = inboxSummary(1, 'Website', [
  agent(10, 'Maya', { open: 2, pending: 1, resolved: 5, snoozed: 0 }),
  agent(null, null, { open: 3, pending: 0, resolved: 0, snoozed: 0 }),
  agent(11, 'Ravi', { open: 4, pending: 2, resolved: 7, snoozed: 1 }),
]);
const whatsapp = inboxSummary(3, 'WhatsApp', [agent(11, 'Ravi', { open: 1, pending: 0, resolved: 2, snoozed: 0 })]);
const inboxes = inboxList([1, 'Website'], [3, 'WhatsApp']);

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

beforeAll(async () => {
  // the screen is a lazy chunk: transformed once here, so the first test's clock is the test's own
  await import('./conversation-summaries-page.tsx');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => vi.useRealTimers());

describe('conversation summaries page', () => {
  it('S1-2.77 conversation-summaries (no inbox) asks GET conversation_summaries for the last 7 days and shows every inbox by status and by agent', async () => {
    const server = fakeApi({ [`GET ${SUMMARIES}?${LAST_7_DAYS}`]: summaryList([whatsapp, website]), [INBOXES]: inboxes });
    const { router } = renderSummaries('conversation-summaries');
    const byInbox = await screen.findByRole('table', { name: 'Conversations by inbox and status' }, { timeout: 5000 });
    expect(router.state.matches.at(-1)!.route.handle).toEqual({ route: 'conversation_summaries' });
    expect(server.called(`GET ${SUMMARIES}?${LAST_7_DAYS}`)).toHaveLength(1);
    // inboxes by name, then the account's totals
    expect(rowsOf(byInbox)).toEqual([
      ['Inbox', 'Open', 'Pending', 'Snoozed', 'Resolved', 'Total'],
      ['Website', '9', '3', '1', '12', '25'],
      ['WhatsApp', '1', '0', '0', '2', '3'],
      ['All', '10', '3', '1', '14', '28'],
    ]);
    expect(within(byInbox).getByRole('link', { name: 'Website' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT_ID}/conversation-summaries/1`);
    // each inbox by agent: busiest first, the unassigned last, the inbox's totals at the foot
    expect(rowsOf(screen.getByRole('table', { name: 'Conversations of Website by agent and status' }))).toEqual([
      ['Agent', 'Open', 'Pending', 'Snoozed', 'Resolved', 'Total'],
      ['Ravi', '4', '2', '1', '7', '14'],
      ['Maya', '2', '1', '0', '5', '8'],
      ['Unassigned', '3', '0', '0', '0', '3'],
      ['All', '9', '3', '1', '12', '25'],
    ]);
    expect(screen.getByRole('table', { name: 'Conversations of WhatsApp by agent and status' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Period: Last 7 days/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Inbox')).toHaveDisplayValue('All inboxes');
  });

  it('S1-2.77 conversation-summaries/{inboxId} asks for that inbox only and shows its figures and agents; the picker moves between inboxes in the URL', async () => {
    const server = fakeApi({
      [`GET ${SUMMARIES}?inbox_id=3&${LAST_7_DAYS}`]: summaryList([whatsapp]),
      [`GET ${SUMMARIES}?inbox_id=1&${LAST_7_DAYS}`]: summaryList([website]),
      [`GET ${SUMMARIES}?${LAST_7_DAYS}`]: summaryList([whatsapp, website]),
      [INBOXES]: inboxes,
    });
    const { router } = renderSummaries('conversation-summaries/3');
    const figures = await screen.findByLabelText('Conversations of WhatsApp by status', {}, { timeout: 5000 });
    expect([...figures.querySelectorAll('div')].map((tile) => tile.textContent)).toEqual(['Open1', 'Pending0', 'Snoozed0', 'Resolved2', 'Total3']);
    expect(rowsOf(screen.getByRole('table', { name: 'Conversations of WhatsApp by agent and status' }))).toEqual([
      ['Agent', 'Open', 'Pending', 'Snoozed', 'Resolved', 'Total'],
      ['Ravi', '1', '0', '0', '2', '3'],
      ['All', '1', '0', '0', '2', '3'],
    ]);
    expect(screen.queryByRole('table', { name: 'Conversations by inbox and status' })).toBeNull();
    const picker = screen.getByLabelText('Inbox');
    await waitFor(() => expect(picker).toHaveDisplayValue('WhatsApp'));

    await userEvent.selectOptions(picker, 'Website');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/accounts/${ACCOUNT_ID}/conversation-summaries/1`));
    expect(await screen.findByRole('table', { name: 'Conversations of Website by agent and status' })).toBeInTheDocument();
    expect(server.called(`GET ${SUMMARIES}?inbox_id=1&${LAST_7_DAYS}`)).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Inbox'), 'All inboxes');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/accounts/${ACCOUNT_ID}/conversation-summaries`));
    expect(await screen.findByRole('table', { name: 'Conversations by inbox and status' })).toBeInTheDocument();
  });

  it('a period chosen in the date range picker goes into the URL and the query; the inbox is kept', async () => {
    const last30 = sinceUntil(local(10, 27), local(11, 26));
    const server = fakeApi({
      [`GET ${SUMMARIES}?inbox_id=1&${LAST_7_DAYS}`]: summaryList([website]),
      [`GET ${SUMMARIES}?inbox_id=1&${last30}`]: summaryList([website]),
      [INBOXES]: inboxes,
    });
    const { router } = renderSummaries('conversation-summaries/1');
    await screen.findByRole('table', { name: 'Conversations of Website by agent and status' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /^Period: Last 7 days/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=last30days'));
    expect(router.state.location.pathname).toBe(`/app/accounts/${ACCOUNT_ID}/conversation-summaries/1`);
    await waitFor(() => expect(server.called(`GET ${SUMMARIES}?inbox_id=1&${last30}`)).toHaveLength(1));
    expect(screen.getByRole('button', { name: /^Period: Last 30 days/ })).toBeInTheDocument();
  });

  it('reads a custom period of whole days from the URL: until is the start of the day after the last one', async () => {
    const custom = sinceUntil(local(11, 1), local(11, 11));
    const server = fakeApi({ [`GET ${SUMMARIES}?${custom}`]: summaryList([website]), [INBOXES]: inboxes });
    renderSummaries('conversation-summaries?since=2026-11-01&until=2026-11-10');
    await screen.findByRole('table', { name: 'Conversations by inbox and status' }, { timeout: 5000 });
    expect(server.called(`GET ${SUMMARIES}?${custom}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Period: Nov 1, 2026 – Nov 10, 2026' })).toBeInTheDocument();
  });

  it('says when no conversation was created in the period, and when the user has no inbox', async () => {
    const quiet = inboxSummary(1, 'Website', []);
    fakeApi({ [`GET ${SUMMARIES}?${LAST_7_DAYS}`]: summaryList([quiet]), [INBOXES]: inboxes });
    const first = renderSummaries('conversation-summaries');
    expect(await screen.findByRole('heading', { name: 'No conversations in this period' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No conversation was created between Nov 19, 2026 and Nov 25, 2026. Try a longer period.')).toBeInTheDocument();
    first.unmount();
    fakeApi({ [`GET ${SUMMARIES}?${LAST_7_DAYS}`]: summaryList([]), [INBOXES]: inboxList() });
    renderSummaries('conversation-summaries');
    expect(await screen.findByRole('heading', { name: 'No inboxes to summarise' })).toBeInTheDocument();
  });

  it('shows the loading state, then a load error with a retry that asks again', async () => {
    let calls = 0;
    const server = fakeApi({
      [`GET ${SUMMARIES}?${LAST_7_DAYS}`]: () => (++calls <= 2 ? { status: 500, body: { error: 'boom' } } : summaryList([website])),
      [INBOXES]: inboxes,
    });
    renderSummaries('conversation-summaries');
    expect(await screen.findByText('Counting conversations…', {}, { timeout: 5000 })).toBeInTheDocument();
    // a server error is tried once more before the error shows
    expect(await screen.findByText('We could not load the summaries.', {}, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Conversations by inbox and status' })).toBeInTheDocument();
    expect(server.called(`GET ${SUMMARIES}?${LAST_7_DAYS}`)).toHaveLength(3);
  });

  it('an inbox that is not the user\'s (404) says so and links back to all inboxes', async () => {
    fakeApi({
      [`GET ${SUMMARIES}?inbox_id=99&${LAST_7_DAYS}`]: { status: 404, body: { error: 'Resource could not be found' } },
      [INBOXES]: inboxes,
    });
    renderSummaries('conversation-summaries/99');
    expect(await screen.findByRole('heading', { name: 'This inbox does not exist or is not one of yours.' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all inboxes' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT_ID}/conversation-summaries`);
  });
});

