import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkActionBody } from '@app/shared/bulk-actions';
import type { FilterQuery } from '@app/shared/custom-filters';
import { shellKeys } from '../../../../app/shell/api.ts';
import { api, arrayOf } from '../../../../lib/api-client.ts';
import { accountBase, conversationKeys, fetchToolPage, type Folder } from '../../api.ts';

/** The list tools' own reads, under the workspace's keys (so reconnect and account changes reach them). */
export const listToolKeys = {
  agents: (accountId: number) => [...conversationKeys.account(accountId), 'tools', 'agents'] as const,
  attributes: (accountId: number) => [...conversationKeys.account(accountId), 'tools', 'conversation-attributes'] as const,
};

const FIVE_MINUTES = 5 * 60_000;

/** The account's agents (bulk assignment spans inboxes; the server refuses an agent outside one with a 422). */
export function useAccountAgents(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: listToolKeys.agents(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/agents`, { schema: () => import('@app/shared/agents').then((m) => m.AgentListSchema), signal }),
    staleTime: FIVE_MINUTES,
    enabled,
  });
}

/**
 * The confirmed agents who are members of every inbox of the selection (GET assignable_agents?inbox_ids[]), so the
 * bulk Assign menu offers only agents the server will accept for all of them.
 */
export function useAssignableForInboxes(accountId: number, inboxIds: readonly number[]) {
  const ids = [...new Set(inboxIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...listToolKeys.agents(accountId), ids] as const,
    queryFn: async ({ signal }) => {
      const query = ids.map((id) => `inbox_ids[]=${id}`).join('&');
      const answer = await api(`${accountBase(accountId)}/assignable_agents?${query}`, { schema: () => import('@app/shared/inbox-members').then((m) => m.AssignableAgentListSchema), signal });
      return answer.payload.filter((agent) => agent.confirmed);
    },
    staleTime: FIVE_MINUTES,
    enabled: ids.length > 0,
  });
}

/** The account's conversation custom attributes, for the filter builder. */
export function useConversationAttributes(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: listToolKeys.attributes(accountId),
    queryFn: ({ signal }) =>
      api(`${accountBase(accountId)}/custom_attribute_definitions?attribute_model=conversation_attribute`, {
        schema: arrayOf(() => import('@app/shared/custom-attributes').then((m) => m.CustomAttributeDefinitionSchema)),
        signal,
      }),
    staleTime: FIVE_MINUTES,
    enabled,
  });
}

/** The first page of an ad-hoc filter, asked before the filter is applied so a 422 lands in the dialog's rows. */
export const fetchFilterFirstPage = (accountId: number, query: FilterQuery) => fetchToolPage(accountId, { kind: 'filter', query }, 1);

/** POST custom_filters (filter_type conversation): the folder then shows in the sidebar and runs at custom_view/{id}. */
export function useCreateFolder(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: FilterQuery }): Promise<Folder> =>
      api(`${accountBase(accountId)}/custom_filters`, {
        method: 'POST',
        body: { custom_filter: { name: input.name, filter_type: 'conversation', query: input.query } },
        schema: () => import('@app/shared/custom-filters').then((m) => m.CustomFilterSchema),
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: shellKeys.folders(accountId, 'conversation') }),
        client.invalidateQueries({ queryKey: conversationKeys.folders(accountId) }),
      ]);
    },
  });
}

export type BulkChange = Pick<BulkActionBody, 'ids'> & { fields?: BulkActionBody['fields']; labels?: Partial<BulkActionBody['labels']> };

/** POST bulk_actions: one set-based change; the answer names what changed. */
export const postBulkAction = (accountId: number, change: BulkChange) =>
  api(`${accountBase(accountId)}/bulk_actions`, {
    method: 'POST',
    body: { type: 'Conversation', ids: change.ids, fields: change.fields ?? {}, labels: { add: change.labels?.add ?? [], remove: change.labels?.remove ?? [] } },
    schema: () => import('@app/shared/bulk-actions').then((m) => m.BulkActionResponseSchema),
  });
