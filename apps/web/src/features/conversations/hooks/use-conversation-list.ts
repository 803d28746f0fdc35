import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationCounts } from '@app/shared/conversations';
import { conversationKeys, fetchConversationPage, fetchCounts, type ConversationPage, type ConversationPages } from '../api.ts';
import { countsFiltersOf, type ListFilters } from '../utils/list-filters.ts';

/**
 * One list, page by page (25 a page). Every page's answer carries the tab counts, which are kept under their
 * own key (shared by the three tabs) and from then on changed by realtime events, not refetched.
 */
export function useConversationList(accountId: number, filters: ListFilters) {
  const client = useQueryClient();
  return useInfiniteQuery<ConversationPage, Error, ConversationPages, ReturnType<typeof conversationKeys.list>, number>({
    queryKey: conversationKeys.list(accountId, filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchConversationPage(accountId, filters, pageParam, signal);
      if (page.meta.all_count !== undefined) {
        client.setQueryData(conversationKeys.counts(accountId, countsFiltersOf(filters)), page.meta as ConversationCounts);
      }
      return page;
    },
    // 001 section 4: the end of a list is marked when a page comes back empty. A search has one page (001
    // section 7: conversations/search is called with page 1 only).
    getNextPageParam: (last, _pages, lastPage) => (last.payload.length === 0 || filters.tool?.kind === 'search' ? undefined : lastPage + 1),
    staleTime: 60_000,
  });
}

/** The mine / unassigned / all counts of a list; filled by the list's own answers, fetched alone only when stale. */
export function useConversationCounts(accountId: number, filters: ListFilters, enabled: boolean) {
  const countsFilters = countsFiltersOf(filters);
  return useQuery({
    queryKey: conversationKeys.counts(accountId, countsFilters),
    queryFn: ({ signal }) => fetchCounts(accountId, countsFilters, signal),
    staleTime: Infinity,
    enabled: enabled && filters.scope.kind !== 'folder',
  });
}
