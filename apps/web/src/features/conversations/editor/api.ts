import type { QueryClient } from '@tanstack/react-query';
import { api, arrayOf } from '../../../lib/api-client.ts';

/** Query keys of the reply editor's lookups (suggestion lists). */
export const editorKeys = {
  all: (accountId: number) => ['accounts', accountId, 'reply-editor'] as const,
  assignableAgents: (accountId: number, inboxId: number) => [...editorKeys.all(accountId), 'assignable-agents', inboxId] as const,
  cannedResponses: (accountId: number, search: string) => [...editorKeys.all(accountId), 'canned-responses', search] as const,
};

// Suggestion lists ask on every keystroke; a short freshness window spares the server the repeats.
const STALE_MS = 60_000;

// Answers are checked in development only; their schemas (and zod) load on demand, off the editor's chunk.
const assignableAgentListSchema = () => import('@app/shared/inbox-members').then((m) => m.AssignableAgentListSchema);
const cannedResponseListSchema = arrayOf(() => import('@app/shared/canned-responses').then((m) => m.CannedResponseSchema));

/** GET …/assignable_agents?inbox_ids[]=ID: the inbox's confirmed agents, for `@` mentions in notes. */
export function fetchAssignableAgents(client: QueryClient, accountId: number, inboxId: number) {
  return client.fetchQuery({
    queryKey: editorKeys.assignableAgents(accountId, inboxId),
    queryFn: async ({ signal }) =>
      (await api(`/api/v1/accounts/${accountId}/assignable_agents?inbox_ids[]=${inboxId}`, { schema: assignableAgentListSchema, signal })).payload,
    staleTime: STALE_MS,
  });
}

/** GET …/canned_responses?search=…: short-code prefix matches first (000 section 7: fetched with a search key). */
export function fetchCannedResponses(client: QueryClient, accountId: number, search: string) {
  return client.fetchQuery({
    queryKey: editorKeys.cannedResponses(accountId, search),
    queryFn: ({ signal }) => api(`/api/v1/accounts/${accountId}/canned_responses?search=${encodeURIComponent(search)}`, { schema: cannedResponseListSchema, signal }),
    staleTime: STALE_MS,
  });
}
