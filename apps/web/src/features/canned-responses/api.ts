import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CannedResponseSchema, type CannedResponse } from '@app/shared/canned-responses';
import { api } from '../../lib/api-client.ts';

export type CannedResponseInput = { short_code: string; content: string };

const base = (accountId: number) => `/api/v1/accounts/${accountId}/canned_responses`;

export const cannedKeys = {
  all: (accountId: number) => ['accounts', accountId, 'canned-responses'] as const,
  list: (accountId: number, search: string) => [...cannedKeys.all(accountId), 'settings-list', search] as const,
};

const ListSchema = z.array(CannedResponseSchema);

/** GET …/canned_responses?search= (000 section 7: fetched with a search key); the last answer stays while typing. */
export function useCannedResponseList(accountId: number, search: string) {
  return useQuery({
    queryKey: cannedKeys.list(accountId, search),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api(search ? `${base(accountId)}?search=${encodeURIComponent(search)}` : base(accountId), { schema: ListSchema, signal }),
  });
}

// The reply editor keeps its own suggestion cache (60 s); the list here is what changes.
const useRefresh = (accountId: number) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: cannedKeys.all(accountId) });
};

/** POST …/canned_responses, or PATCH …/canned_responses/{id} when `id` is given (wrapped under canned_response). */
export function useSaveCannedResponse(accountId: number) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CannedResponseInput }): Promise<CannedResponse> =>
      api(id === undefined ? base(accountId) : `${base(accountId)}/${id}`, {
        method: id === undefined ? 'POST' : 'PATCH',
        body: { canned_response: input },
        schema: CannedResponseSchema,
      }),
    onSuccess: refresh,
  });
}

/** DELETE …/canned_responses/{id}. */
export function useDeleteCannedResponse(accountId: number) {
  const refresh = useRefresh(accountId);
  return useMutation({ mutationFn: (id: number) => api(`${base(accountId)}/${id}`, { method: 'DELETE' }), onSuccess: refresh });
}
