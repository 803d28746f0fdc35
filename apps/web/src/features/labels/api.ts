import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LabelListSchema, LabelSchema, type Label } from '@app/shared/labels';
import { api } from '../../lib/api-client.ts';
import { cacheKeyMeta } from '../../lib/realtime/index.ts';

/** The JSON body of POST and PATCH …/labels (wrapped under `label`, as Chatwoot's controller requires). */
export type LabelInput = { title: string; description: string | null; color: string; show_on_sidebar: boolean };

const base = (accountId: number) => `/api/v1/accounts/${accountId}/labels`;

export const labelKeys = {
  list: (accountId: number) => ['accounts', accountId, 'labels', 'settings-list'] as const,
};

/** Every query of the label list, this screen's and the sidebar's (both tagged with the label cache key). */
const refreshLabels = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (query) => (query.meta as { cacheKey?: string } | undefined)?.cacheKey === 'label' });

/** GET …/labels: the account's labels, refreshed when the label cache key moves (account.cache_invalidated). */
export function useLabelList(accountId: number) {
  return useQuery({
    queryKey: labelKeys.list(accountId),
    meta: cacheKeyMeta('label'),
    queryFn: async ({ signal }) => (await api(base(accountId), { schema: LabelListSchema, signal })).payload,
  });
}

/** POST …/labels, or PATCH …/labels/{id} when `id` is given. */
export function useSaveLabel(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: LabelInput }): Promise<Label> =>
      api(id === undefined ? base(accountId) : `${base(accountId)}/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: { label: input }, schema: LabelSchema }),
    onSuccess: () => refreshLabels(client),
  });
}

/** DELETE …/labels/{id}. */
export function useDeleteLabel(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${base(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshLabels(client),
  });
}
