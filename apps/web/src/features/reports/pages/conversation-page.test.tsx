import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { fakeReportsApi, point, summary } from '../testing/reports-api.ts';
import { ConversationReportPage } from './conversation-page.tsx';

// jsdom draws no canvas: the chart's figures are read from its table.
vi.mock('../components/chart-canvas.tsx', () => ({ default: () => <div data-testid="chart" /> }));

const V2 = '/api/v2/accounts/7';
const NOW = new Date(2026, 10, 26, 15, 30);
// midnight of a calendar day in the reports' zone, UTC + 5 (S1-9.10)
const unix = (year: number, month: number, day: number) => String(Date.UTC(year, month, day) / 1000 - 5 * 3600);

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
afterEach(() => vi.useRealTimers());

function open(routes: Parameters<typeof fakeReportsApi>[0] = {}) {
  const server = fakeReportsApi({
    [`GET ${V2}/reports/summary`]: { body: summary({ conversations_count: 150, avg_first_response_time: '3900.00', resolutions_count: 10 }, { conversations_count: 100, avg_first_response_time: '1800.00', resolutions_count: 10 }) },
    [`GET ${V2}/reports`]: (url) => ({ body: [point(Number(url.searchParams.get('since')), 4), point(Number(url.searchParams.get('since')) + 86_400, 9)] }),
    ...routes,
  });
  const view = renderAccountScreen(<ConversationReportPage />, { path: '/app/accounts/7/reports/conversation' });
  return { server, ...view };
}

describe('conversation report', { timeout: 20_000 }, () => {
  it('S1-9.10 sends since/until of the last 7 days, group_by, business_hours and timezone_offset 5 with every call', async () => {
    const { server } = open();
    await screen.findByRole('button', { name: /Conversations\s*150/ }, { timeout: 5000 });
    const expected = { since: unix(2026, 10, 20), until: unix(2026, 10, 27), group_by: 'day', business_hours: 'false', timezone_offset: '5', type: 'account' };
    expect(server.lastQuery(`${V2}/reports/summary`)).toEqual(expected);
    expect(server.lastQuery(`${V2}/reports`)).toEqual({ ...expected, metric: 'conversations_count' });
    // business hours on: the calls go again with business_hours=true
    await userEvent.click(screen.getByRole('switch', { name: 'Business hours' }));
    await waitFor(() => expect(server.lastQuery(`${V2}/reports/summary`).business_hours).toBe('true'));
    expect(server.lastQuery(`${V2}/reports`).business_hours).toBe('true');
  });

  it('metric cards show each figure and its change on the previous period, coloured by whether it is good news', async () => {
    open();
    const cards = await screen.findByRole('list', { name: 'Metrics' }, { timeout: 5000 });
    const conversations = within(cards).getByRole('button', { name: /^Conversations/ });
    expect(conversations).toHaveTextContent('150');
    expect(conversations).toHaveTextContent('+50%');
    expect(within(conversations).getByText('+50%').parentElement).toHaveClass('reports-change--good');
    // first response time rose from 30m to 1h 5m: +116.67%, bad news for a duration
    const frt = within(cards).getByRole('button', { name: /First response time/ });
    expect(frt).toHaveTextContent('1h 5m');
    expect(within(frt).getByText('+116.67%').parentElement).toHaveClass('reports-change--bad');
    expect(within(cards).getByRole('button', { name: /Resolutions/ })).toHaveTextContent('same as the previous period');
    expect(within(cards).getByRole('button', { name: /Reply time/ })).toHaveTextContent('—');
    // picking a card charts its metric
    const table = await screen.findByRole('table', { name: 'Conversations by day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(frt);
    expect(frt).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('table', { name: 'First response time by day' })).toBeInTheDocument());
  });

  it('S0-2.97 a preset of the date-range picker and the weekly grouping change since/until and group_by', async () => {
    const { server } = open();
    await screen.findByRole('button', { name: /Conversations\s*150/ }, { timeout: 5000 });
    // a 7-day range offers days only
    expect(within(screen.getByRole('combobox', { name: 'Group by' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Day']);
    await userEvent.click(screen.getByRole('button', { name: /Report period/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.lastQuery(`${V2}/reports/summary`).since).toBe(unix(2026, 9, 28)));
    expect(server.lastQuery(`${V2}/reports/summary`).until).toBe(unix(2026, 10, 27));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'week');
    await waitFor(() => expect(server.lastQuery(`${V2}/reports`).group_by).toBe('week'));
    expect(server.lastQuery(`${V2}/reports`).since).toBe(unix(2026, 9, 28));
  });

  it('S1-9.17 S1-9.18 downloads the CSV under type-report-dd-MM-yyyy.csv, with -business-hours when on', async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const { server } = open({ [`GET ${V2}/reports/conversation_traffic`]: { raw: 'Date,Count\n', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="server.csv"' } } });
    await screen.findByRole('button', { name: /Conversations\s*150/ }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['conversation-report-26-11-2026.csv']));
    await userEvent.click(screen.getByRole('switch', { name: 'Business hours' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['conversation-report-26-11-2026.csv', 'conversation-report-26-11-2026-business-hours.csv']));
    expect(server.lastQuery(`${V2}/reports/conversation_traffic`)).toMatchObject({ business_hours: 'true', timezone_offset: '5', since: unix(2026, 10, 20) });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state when the range has no data, and an error with a retry that works', async () => {
    let fail = true;
    const { server } = open({
      [`GET ${V2}/reports`]: (url) => ({ body: [point(Number(url.searchParams.get('since')), 0, 0)] }),
      [`GET ${V2}/reports/summary`]: () => (fail ? { status: 500, body: { error: 'boom' } } : { body: summary() }),
    });
    expect(await screen.findByText('No data in this period.', {}, { timeout: 5000 })).toBeInTheDocument();
    // a server error is retried once before the error shows
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The report could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Conversations\s*0/ })).toBeInTheDocument();
    expect(server.called(`${V2}/reports/summary`).length).toBeGreaterThanOrEqual(2);
  });
});
