import { vi } from 'vitest';
import type { ReportPoint, ReportSummary, SummaryRow } from '@app/shared/reports';
import type { Reply } from '../../../test/fake-api.ts';

type Handler = Reply | ((url: URL) => Reply);

/**
 * A fake server for the report screens, routed by method and path whatever the query (report calls carry a
 * range that moves with the clock); every call's URL is kept so tests read the query it sent.
 */
export function fakeReportsApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const handler = routes[`${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    const reply = typeof handler === 'function' ? handler(url) : (handler ?? { status: 404, body: { error: 'Resource could not be found' } });
    if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status ?? 200, headers: reply.headers });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one path (no query). */
    called: (path: string) => calls.filter((url) => url.pathname === path),
    /** The query of the latest call to a path, as an object. */
    lastQuery: (path: string) => Object.fromEntries(calls.filter((url) => url.pathname === path).at(-1)?.searchParams ?? []),
  };
}

export const summary = (figures: Partial<Omit<ReportSummary, 'previous'>> = {}, previous: Partial<Omit<ReportSummary, 'previous'>> = {}): ReportSummary => {
  const base = { conversations_count: 0, incoming_messages_count: 0, outgoing_messages_count: 0, avg_first_response_time: null, avg_resolution_time: null, reply_time: null, resolutions_count: 0 };
  return { ...base, ...figures, previous: { ...base, ...previous } };
};

export const point = (timestamp: number, value: number, count = value): ReportPoint => ({ timestamp, value: String(value), count });

export const row = (id: number, figures: Partial<SummaryRow> = {}): SummaryRow => ({
  id,
  conversations_count: 0,
  resolved_conversations_count: 0,
  avg_resolution_time: null,
  avg_first_response_time: null,
  avg_reply_time: null,
  ...figures,
});
