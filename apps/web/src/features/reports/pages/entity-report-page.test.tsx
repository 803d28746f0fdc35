import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeAccount } from '../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { fakeReportsApi, row, summary } from '../testing/reports-api.ts';
import { EntityReportPage } from './entity-report-page.tsx';

vi.mock('../components/chart-canvas.tsx', () => ({ default: () => <div data-testid="chart" /> }));

const V1 = '/api/v1/accounts/7';
const V2 = '/api/v2/accounts/7';
const agent = (id: number, name: string) => ({
  id,
  account_id: 7,
  availability_status: 'online',
  auto_offline: true,
  confirmed: true,
  email: `${name.toLowerCase()}@example.com`,
  available_name: name,
  name,
  role: 'agent',
  thumbnail: '',
  custom_role_id: null,
  provider: 'email',
});

function open(role: 'administrator' | 'agent' = 'administrator') {
  const server = fakeReportsApi({
    [`GET ${V1}/agents`]: { body: [agent(1, 'Jane'), agent(2, 'Bob'), agent(3, 'Cleo')] },
    [`GET ${V2}/summary_reports/agent`]: (url) => ({
      body:
        role === 'agent'
          ? [row(1, { conversations_count: 4 })]
          : [row(1, { conversations_count: 4, avg_first_response_time: 3900 }), row(2, { conversations_count: 12, avg_first_response_time: 60 }), row(9, { conversations_count: 1 })],
      headers: { 'x-since': url.searchParams.get('since') ?? '' },
    }),
    [`GET ${V2}/reports/summary`]: { body: summary({ conversations_count: 4 }, { conversations_count: 2 }) },
    [`GET ${V2}/reports`]: { body: [] },
  });
  const view = renderAccountScreen(<EntityReportPage type="agent" />, { path: '/app/accounts/7/reports/agent', account: makeAccount(7, role) });
  return { server, ...view };
}

const names = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('agent report', { timeout: 20_000 }, () => {
  it('lists every agent, zeros included, sorted by conversations; every column sorts both ways', async () => {
    const { server } = open();
    const table = await screen.findByRole('table', { name: 'Agents' }, { timeout: 5000 });
    await waitFor(() => expect(names(table)).toEqual(['Bob', 'Jane', 'Deleted #9', 'Cleo']));
    expect(within(table).getAllByRole('row')[4]).toHaveTextContent(/Cleo\s*0\s*0\s*—/);
    expect(within(table).getByRole('columnheader', { name: /Conversations/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: /Avg. first response/ }));
    // durations sort descending first; unmeasured ones last
    expect(names(table)).toEqual(['Jane', 'Bob', 'Cleo', 'Deleted #9']);
    await userEvent.click(within(table).getByRole('button', { name: /Avg. first response/ }));
    expect(within(table).getByRole('columnheader', { name: /Avg. first response/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(names(table)).toEqual(['Bob', 'Jane', 'Cleo', 'Deleted #9']);
    await userEvent.click(within(table).getByRole('button', { name: /^Agent/ }));
    expect(names(table)).toEqual(['Bob', 'Cleo', 'Deleted #9', 'Jane']);
    expect(server.lastQuery(`${V2}/summary_reports/agent`)).toMatchObject({ timezone_offset: '5', group_by: 'day', business_hours: 'false' });
  });

  it('filtering by one agent shows its cards and chart from type=agent&id=', async () => {
    const { server } = open();
    await screen.findByRole('table', { name: 'Agents' }, { timeout: 5000 });
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Agent' })).getAllByRole('option')).toHaveLength(4));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'Bob');
    const section = await screen.findByRole('region', { name: 'Figures for Bob' });
    expect(await within(section).findByRole('button', { name: /Conversations\s*4/ })).toHaveTextContent('+100%');
    expect(server.lastQuery(`${V2}/reports/summary`)).toMatchObject({ type: 'agent', id: '2' });
    await waitFor(() => expect(server.lastQuery(`${V2}/reports`)).toMatchObject({ type: 'agent', id: '2', metric: 'conversations_count' }));
  });

  it('S1-6.15 an agent sees their own row and figures only', async () => {
    const { server } = open('agent');
    const table = await screen.findByRole('table', { name: 'Agents' }, { timeout: 5000 });
    await waitFor(() => expect(names(table)).toEqual(['Jane']));
    const filter = screen.getByRole('combobox', { name: 'Agent' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Jane Doe']);
    await waitFor(() => expect(server.lastQuery(`${V2}/reports/summary`)).toMatchObject({ type: 'agent', id: '1' }));
  });

  it('shows the error state with a retry when the table fails', async () => {
    fakeReportsApi({ [`GET ${V1}/agents`]: { body: [] }, [`GET ${V2}/summary_reports/agent`]: { status: 500, body: { error: 'boom' } } });
    renderAccountScreen(<EntityReportPage type="agent" />, { path: '/app/accounts/7/reports/agent' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
