import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CSAT_PAGE_SIZE, CsatListSchema, CsatMetricsSchema, type CsatResponse } from '@app/shared/csat';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { fakeReportsApi } from '../testing/reports-api.ts';
import { CsatReportPage } from './csat-page.tsx';

const V1 = '/api/v1/accounts/7';
const NOW = new Date(2026, 10, 26, 15, 30);
// midnight of a calendar day in the reports' zone, UTC + 5 (S1-9.10)
const unix = (year: number, month: number, day: number) => String(Date.UTC(year, month, day) / 1000 - 5 * 3600);

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
afterEach(() => vi.useRealTimers());

const response = (id: number, rating: number, feedback: string | null): CsatResponse => ({
  id,
  rating,
  feedback_message: feedback,
  account_id: 7,
  message_id: 100 + id,
  contact: { id: 50, name: 'Ana Cliente', thumbnail: '', email: 'ana@example.com', phone_number: null },
  conversation_id: 40 + id,
  assigned_agent: id % 2 ? { id: 3, name: 'Cleo Park', thumbnail: '', email: 'cleo@example.com' } : null,
  inbox: { id: 2, name: 'Web' },
  created_at: Math.floor(NOW.getTime() / 1000) - 3600,
  updated_at: Math.floor(NOW.getTime() / 1000) - 3600,
});
const metrics = { total_count: 3, ratings_count: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 1 }, total_sent_messages_count: 7 };

function open(list: (url: URL) => { meta: { count: number; current_page: number }; payload: CsatResponse[] }) {
  const server = fakeReportsApi({
    [`GET ${V1}/csat_survey_responses/metrics`]: { body: metrics },
    [`GET ${V1}/csat_survey_responses`]: (url) => ({ body: list(url) }),
    [`GET ${V1}/agents`]: { body: [] },
    [`GET ${V1}/inboxes`]: { body: { payload: [] } },
    [`GET ${V1}/teams`]: { body: [] },
  });
  renderAccountScreen(<CsatReportPage />, { path: '/app/accounts/7/reports/csat' });
  return server;
}

describe('CSAT report', { timeout: 20_000 }, () => {
  it('S1-9.12 S1-9.13 S1-9.14 cards show total, satisfaction score and response rate with two decimals, and the rating distribution', async () => {
    expect(CsatMetricsSchema.safeParse(metrics).success).toBe(true);
    open(() => ({ meta: { count: 3, current_page: 1 }, payload: [response(1, 5, 'Great help'), response(2, 1, null), response(3, 4, 'ok')] }));
    const cards = await screen.findByRole('list', { name: 'Metrics' }, { timeout: 5000 });
    const items = within(cards).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Total responses3');
    expect(items[1]).toHaveTextContent('Satisfaction score66.67%');
    expect(items[2]).toHaveTextContent('Response rate42.86%');
    expect(items[2]).toHaveTextContent('3 of 7 surveys sent');
    expect(screen.getByText('1 of 5: 1 (33.33%)')).toBeInTheDocument();
    expect(screen.getByText('2 of 5: 0 (0%)')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(/5 of 5\s*Great help\s*Ana Cliente\s*Cleo Park\s*#41/);
    expect(rows[2]).toHaveTextContent(/No feedback.*Nobody/);
    expect(within(rows[1]!).getByRole('link', { name: '#41' })).toHaveAttribute('href', '/app/accounts/7/conversations/41');
  });

  it('pages through the responses and filters by rating, sending since/until and the filters', async () => {
    const page = (n: number) => Array.from({ length: n }, (_, i) => response(i + 1, 5, `thanks ${i + 1}`));
    const server = open((url) => (url.searchParams.get('page') === '2' ? { meta: { count: CSAT_PAGE_SIZE + 2, current_page: 2 }, payload: page(2) } : { meta: { count: CSAT_PAGE_SIZE + 2, current_page: 1 }, payload: page(CSAT_PAGE_SIZE) }));
    expect(CsatListSchema.safeParse({ meta: { count: 1, current_page: 1 }, payload: page(1) }).success).toBe(true);
    const pager = await screen.findByRole('navigation', { name: 'Pages of responses' }, { timeout: 5000 });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(server.lastQuery(`${V1}/csat_survey_responses`)).toEqual({ page: '1', since: unix(2026, 10, 20), until: unix(2026, 10, 27) });
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByRole('navigation', { name: 'Pages of responses' })).toHaveTextContent('Page 2 of 2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '1 of 5');
    await waitFor(() => expect(server.lastQuery(`${V1}/csat_survey_responses`)).toMatchObject({ page: '1', 'rating[]': '1' }));
    expect(server.lastQuery(`${V1}/csat_survey_responses/metrics`)).toMatchObject({ 'rating[]': '1' });
  });

  it('shows the empty state when nobody answered in the range', async () => {
    open(() => ({ meta: { count: 0, current_page: 1 }, payload: [] }));
    expect(await screen.findByText('No survey responses in this period.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
