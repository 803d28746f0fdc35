import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';
import { summarySearch, type SummaryQuery } from './utils/summary-range.ts';

// Answers are checked against their schemas in development only, loaded on demand (lib/api-client.ts).
const summaryListSchema = () => import('@app/shared/payments').then((m) => m.ConversationSummaryListSchema);
const inboxListSchema = () => import('@app/shared/inboxes').then((m) => m.CompactInboxListSchema);

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** Query keys of the conversation-summaries feature. */
export const summaryKeys = {
  all: ['conversation-summaries'] as const,
  list: (accountId: number, query: SummaryQuery) => [...summaryKeys.all, accountId, 'list', query] as const,
  inboxes: (accountId: number) => [...summaryKeys.all, accountId, 'inboxes'] as const,
};

/**
 * GET conversation_summaries?inbox_id&since&until: the conversations created in [since, until) of each inbox the
 * user sees (or of the one asked for), by status and by assignee. The current account's: summaries are of its
 * conversations, not payment records.
 */
export function useConversationSummaries(accountId: number, query: SummaryQuery) {
  return useQuery({
    queryKey: summaryKeys.list(accountId, query),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/conversation_summaries?${summarySearch(query)}`, { schema: summaryListSchema, signal }),
    // The tables stay (marked busy) while another period or inbox loads, instead of flashing the loading state.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** The inboxes the user works (administrators: all), for the picker. */
export function useSummaryInboxes(accountId: number) {
  return useQuery({
    queryKey: summaryKeys.inboxes(accountId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes`, { schema: inboxListSchema, signal })).payload,
    staleTime: 5 * 60_000,
  });
}
