import { useQuery } from '@tanstack/react-query';
import type { SearchAll, SearchContact, SearchConversation, SearchMessage } from '@app/shared/search';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';

export const SEARCH_TABS = ['all', 'contacts', 'conversations', 'messages'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/** What one tab shows: the `all` tab the first few of each kind, the others one page of theirs. */
export type SearchResults = { contacts: SearchContact[]; conversations: SearchConversation[]; messages: SearchMessage[] };

export const searchKeys = {
  all: (accountId: number) => ['search', accountId] as const,
  results: (accountId: number, tab: SearchTab, q: string, page: number) => [...searchKeys.all(accountId), tab, q, page] as const,
};

const schemas = () => import('@app/shared/search');
const EMPTY: SearchResults = { contacts: [], conversations: [], messages: [] };

/** GET search, search/contacts, search/conversations or search/messages (?q&page); 4xx answers are not retried. */
export async function fetchSearch(accountId: number, tab: SearchTab, q: string, page: number, signal?: AbortSignal): Promise<SearchResults> {
  const params = new URLSearchParams({ q, page: String(page) });
  const base = `/api/v1/accounts/${accountId}/search`;
  switch (tab) {
    case 'all': {
      const answer: SearchAll = await api(`${base}?${params}`, { schema: () => schemas().then((m) => m.SearchAllSchema), signal });
      return answer.payload;
    }
    case 'contacts':
      return { ...EMPTY, contacts: (await api(`${base}/contacts?${params}`, { schema: () => schemas().then((m) => m.SearchContactsSchema), signal })).payload.contacts };
    case 'conversations':
      return { ...EMPTY, conversations: (await api(`${base}/conversations?${params}`, { schema: () => schemas().then((m) => m.SearchConversationsSchema), signal })).payload.conversations };
    case 'messages':
      return { ...EMPTY, messages: (await api(`${base}/messages?${params}`, { schema: () => schemas().then((m) => m.SearchMessagesSchema), signal })).payload.messages };
  }
}

export function useSearch(accountId: number, tab: SearchTab, q: string, page: number) {
  return useQuery({
    queryKey: searchKeys.results(accountId, tab, q, page),
    queryFn: ({ signal }) => fetchSearch(accountId, tab, q, page, signal),
    enabled: q.length > 0,
    // the previous page stays while the next one of the same tab and query loads, so the list does not jump
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tab && previousQuery.queryKey[3] === q ? previous : undefined),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}
