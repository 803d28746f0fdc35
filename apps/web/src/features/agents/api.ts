import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AgentListSchema, AgentSchema, type Agent } from '@app/shared/agents';
import type { AccountRole, Availability } from '@app/shared/constants';
import { CustomRoleSchema } from '@app/shared/custom-roles';
import { api } from '../../lib/api-client.ts';

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** Query keys of the agents feature. */
export const agentKeys = {
  all: ['agents'] as const,
  list: (accountId: number) => [...agentKeys.all, accountId, 'list'] as const,
  customRoles: (accountId: number) => [...agentKeys.all, accountId, 'custom-roles'] as const,
};

/** GET agents: every member of the account (agents, administrators, checkers), confirmed or invited. */
export function useAgents(accountId: number) {
  return useQuery({
    queryKey: agentKeys.list(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/agents`, { schema: AgentListSchema, signal }),
  });
}

/**
 * GET custom_roles, for the role choice. The custom_roles feature may be off for the account (the call is
 * refused): then there are simply no custom roles to offer.
 */
export function useCustomRoleOptions(accountId: number) {
  return useQuery({
    queryKey: agentKeys.customRoles(accountId),
    retry: false,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      try {
        return await api(`${accountBase(accountId)}/custom_roles`, { schema: z.array(CustomRoleSchema), signal });
      } catch {
        return [];
      }
    },
  });
}

export type InviteAgentBody = { name: string; email: string; role: AccountRole; custom_role_id: number | null };
export type UpdateAgentBody = { name?: string; role?: AccountRole; custom_role_id?: number | null; availability?: Availability };

function useRefreshAgents(accountId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agentKeys.list(accountId) });
}

/** POST agents `{ agent: {name, email, role, custom_role_id} }`: a new email gets an invitation mail. */
export function useInviteAgent(accountId: number) {
  const refresh = useRefreshAgents(accountId);
  return useMutation({
    mutationFn: (body: InviteAgentBody) => api(`${accountBase(accountId)}/agents`, { method: 'POST', body: { agent: body }, schema: AgentSchema }),
    onSuccess: refresh,
  });
}

/** POST agents/bulk_create `{ emails }`: each new email is invited as an agent; members already here are skipped. */
export function useBulkInviteAgents(accountId: number) {
  const refresh = useRefreshAgents(accountId);
  return useMutation({
    mutationFn: (emails: string[]) => api(`${accountBase(accountId)}/agents/bulk_create`, { method: 'POST', body: { emails }, schema: AgentListSchema }),
    onSuccess: refresh,
  });
}

/** PATCH agents/{id} `{ agent: changes }`. */
export function useUpdateAgent(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateAgentBody }) =>
      api(`${accountBase(accountId)}/agents/${id}`, { method: 'PATCH', body: { agent: changes }, schema: AgentSchema }),
    onSuccess: (saved: Agent) => {
      client.setQueryData<Agent[]>(agentKeys.list(accountId), (list) => list?.map((agent) => (agent.id === saved.id ? saved : agent)));
      void client.invalidateQueries({ queryKey: agentKeys.list(accountId) });
    },
  });
}

/** DELETE agents/{id}: the member leaves the account (and its inboxes and teams). */
export function useRemoveAgent(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${accountBase(accountId)}/agents/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueryData<Agent[]>(agentKeys.list(accountId), (list) => list?.filter((agent) => agent.id !== id));
      void client.invalidateQueries({ queryKey: agentKeys.list(accountId) });
    },
  });
}
