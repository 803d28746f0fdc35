import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CustomRoleSchema, type CustomRole } from '@app/shared/custom-roles';
import type { CustomRolePermission } from '@app/shared/constants';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';
import { agentKeys } from '../agents/index.ts';

/** Query keys of the custom-roles feature. */
export const customRoleKeys = {
  all: ['custom-roles'] as const,
  list: (accountId: number) => [...customRoleKeys.all, accountId, 'list'] as const,
};

export type CustomRoleInput = { name: string; description: string | null; permissions: CustomRolePermission[] };

const base = (accountId: number) => `/api/v1/accounts/${accountId}/custom_roles`;
const ListSchema = z.array(CustomRoleSchema);

/** GET custom_roles: the account's roles (a short list, never paged). */
export function useCustomRoles(accountId: number) {
  return useQuery({
    queryKey: customRoleKeys.list(accountId),
    queryFn: ({ signal }) => api(base(accountId), { schema: ListSchema, signal }),
    retry: retryUnlessClientError,
  });
}

/** The list cache takes the answer of every write, so the table changes without another request. */
function useListCache(accountId: number) {
  const client = useQueryClient();
  return (change: (list: CustomRole[]) => CustomRole[]) => {
    client.setQueryData<CustomRole[]>(customRoleKeys.list(accountId), (list) => (list ? change(list) : list));
    void client.invalidateQueries({ queryKey: customRoleKeys.list(accountId) });
    // The agents screen keeps the roles it offers; a deleted role also leaves its agents without one.
    void client.invalidateQueries({ queryKey: agentKeys.customRoles(accountId) });
    void client.invalidateQueries({ queryKey: agentKeys.list(accountId) });
  };
}

/** POST custom_roles with `{custom_role: {name, description, permissions}}`. */
export function useCreateCustomRole(accountId: number) {
  const update = useListCache(accountId);
  return useMutation({
    mutationFn: (input: CustomRoleInput) => api(base(accountId), { method: 'POST', body: { custom_role: input }, schema: CustomRoleSchema }),
    onSuccess: (role) => update((list) => [...list, role]),
  });
}

/** PATCH custom_roles/{id}. */
export function useUpdateCustomRole(accountId: number) {
  const update = useListCache(accountId);
  return useMutation({
    mutationFn: ({ id, ...input }: CustomRoleInput & { id: number }) =>
      api(`${base(accountId)}/${id}`, { method: 'PATCH', body: { custom_role: input }, schema: CustomRoleSchema }),
    onSuccess: (role) => update((list) => list.map((r) => (r.id === role.id ? role : r))),
  });
}

/** DELETE custom_roles/{id}: its agents become plain agents. */
export function useDeleteCustomRole(accountId: number) {
  const update = useListCache(accountId);
  return useMutation({
    mutationFn: (id: number) => api(`${base(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => update((list) => list.filter((r) => r.id !== id)),
  });
}
