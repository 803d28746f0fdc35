import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { wireEvent } from '../../../lib/realtime/fake-cable.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { fakeReportsApi, point } from '../testing/reports-api.ts';
import { OverviewPage } from './overview-page.tsx';

const V2 = '/api/v2/accounts/7';
const NOW = new Date(2026, 10, 26, 15, 30);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime() / 1000;

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
afterEach(() => vi.useRealTimers());

function open() {
  let open = 5;
  const server = fakeReportsApi({
    [`GET ${V2}/reports/conversations`]: (url) =>
      url.searchParams.get('type') === 'agent'
        ? { body: [{ id: 3, name: 'Cleo Park', email: 'cleo@example.com', thumbnail: '', availability: 'busy', metric: { open: 4, unattended: 1 } }] }
        : { body: { open: open++, unattended: 2, unassigned: 1, pending: 3 } },
    [`GET ${V2}/reports`]: { body: [point(at(26, 9), 6), point(at(26, 10), 2), point(at(20, 0), 1), point(at(12, 9), 50)] },
  });
  renderAccountScreen(<OverviewPage />, { path: '/app/accounts/7/reports/overview' });
  return server;
}

const liveAccountCalls = (server: ReturnType<typeof fakeReportsApi>) => server.called(`${V2}/reports/conversations`).filter((url) => url.searchParams.get('type') === 'account');

describe('reports overview', { timeout: 20_000 }, () => {
  it('shows the live counts and the agents with their availability', async () => {
    const server = open();
    const counts = await screen.findByRole('list', { name: 'Open conversations now' }, { timeout: 5000 });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Open5', 'Unattended2', 'Unassigned1', 'Pending3']);
    expect((await screen.findByText('Cleo Park')).closest('tr')).toHaveTextContent(/Cleo Parkcleo@example.comBusy41/);
    expect(server.lastQuery(`${V2}/reports/conversations`)).toMatchObject({ timezone_offset: '5' });
  });

  it('S1-9.15 S1-9.16 the heatmap has 7 days of 24 hourly cells over reports?metric=conversations_count&group_by=hour, with a legend', async () => {
    const server = open();
    const grid = await screen.findByRole('region', { name: 'Conversation traffic' }, { timeout: 5000 });
    await waitFor(() => expect(grid.querySelectorAll('tr')).toHaveLength(8));
    expect(grid.querySelectorAll('td')).toHaveLength(7 * 24);
    expect(within(grid).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Fri 20', 'Sat 21', 'Sun 22', 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26']);
    const busiest = within(grid).getByTitle('Thursday 26 Nov, 09:00: 6 conversations');
    expect(busiest).toHaveClass('reports-heatmap__cell--4');
    expect(within(grid).getByTitle('Thursday 26 Nov, 10:00: 2 conversations')).toHaveClass('reports-heatmap__cell--2');
    expect(within(grid).getByTitle('Friday 20 Nov, 00:00: 1 conversations')).toHaveClass('reports-heatmap__cell--1');
    expect(within(grid).getByTitle('Thursday 26 Nov, 11:00: 0 conversations')).toHaveClass('reports-heatmap__cell--0');
    expect(screen.getByRole('group', { name: 'Conversations per hour' })).toHaveTextContent('None');
    expect(server.lastQuery(`${V2}/reports`)).toMatchObject({ metric: 'conversations_count', group_by: 'hour', timezone_offset: '5', since: String(at(20, 0)), until: String(at(27, 0)) });
  });

  it('refetches the live figures on a conversation event, at most once per 5 s however many arrive', async () => {
    const server = open();
    const counts = await screen.findByRole('list', { name: 'Open conversations now' }, { timeout: 5000 });
    expect(liveAccountCalls(server)).toHaveLength(1);
    act(() => cableBus.emitEvent(wireEvent('message.created', {}, 1)));
    act(() => cableBus.emitEvent(wireEvent('conversation.status_changed', {}, 2)));
    await waitFor(() => expect(within(counts).getAllByRole('listitem')[0]).toHaveTextContent('Open6'));
    for (let i = 0; i < 20; i++) act(() => cableBus.emitEvent(wireEvent('assignee.changed', {}, 3 + i)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liveAccountCalls(server)).toHaveLength(2);
  });
});
