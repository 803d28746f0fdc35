import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AgentListSchema } from '@app/shared/agents';
import { TeamSchema, type Team } from '@app/shared/teams';
import { api } from '../../lib/api-client.ts';

const teamsBase = (accountId: number) => `/api/v1/accounts/${accountId}/teams`;

/** Query keys of the teams feature. */
export const teamKeys = {
  all: ['teams'] as const,
  list: (accountId: number) => [...teamKeys.all, accountId, 'list'] as const,
  detail: (accountId: number, id: number) => [...teamKeys.all, accountId, 'detail', id] as const,
  members: (accountId: number, id: number) => [...teamKeys.all, accountId, 'members', id] as const,
};

export type TeamBody = { name: string; description: string | null; allow_auto_assign: boolean };

/**
 * After a change: this feature's lists, and every query tagged with the team cache key (the sidebar's team
 * list); the server's cache-invalidated event would refresh those too, a moment later.
 */
function refreshTeams(client: QueryClient, accountId: number) {
  void client.invalidateQueries({ queryKey: [...teamKeys.all, accountId] });
  void client.invalidateQueries({ predicate: (query) => (query.meta as { cacheKey?: string } | undefined)?.cacheKey === 'team' });
}

export function useTeams(accountId: number) {
  return useQuery({
    queryKey: teamKeys.list(accountId),
    queryFn: ({ signal }) => api(teamsBase(accountId), { schema: z.array(TeamSchema), signal }),
  });
}

export function useTeam(accountId: number, id: number) {
  return useQuery({
    queryKey: teamKeys.detail(accountId, id),
    queryFn: ({ signal }) => api(`${teamsBase(accountId)}/${id}`, { schema: TeamSchema, signal }),
  });
}

export function useTeamMembers(accountId: number, id: number) {
  return useQuery({
    queryKey: teamKeys.members(accountId, id),
    queryFn: ({ signal }) => api(`${teamsBase(accountId)}/${id}/team_members`, { schema: AgentListSchema, signal }),
  });
}

/** POST teams `{ team: {name, description, allow_auto_assign} }`. */
export function useCreateTeam(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamBody) => api(teamsBase(accountId), { method: 'POST', body: { team: body }, schema: TeamSchema }),
    onSuccess: (team: Team) => {
      client.setQueryData(teamKeys.detail(accountId, team.id), team);
      refreshTeams(client, accountId);
    },
  });
}

/** PATCH teams/{id}. */
export function useUpdateTeam(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeamBody }) => api(`${teamsBase(accountId)}/${id}`, { method: 'PATCH', body: { team: body }, schema: TeamSchema }),
    onSuccess: (team: Team) => {
      client.setQueryData(teamKeys.detail(accountId, team.id), team);
      refreshTeams(client, accountId);
    },
  });
}

/** DELETE teams/{id}. */
export function useDeleteTeam(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${teamsBase(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueryData<Team[]>(teamKeys.list(accountId), (list) => list?.filter((team) => team.id !== id));
      refreshTeams(client, accountId);
    },
  });
}

/** PATCH teams/{id}/team_members `{ user_ids }`: the team's members become exactly these. */
export function useSetTeamMembers(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) =>
      api(`${teamsBase(accountId)}/${id}/team_members`, { method: 'PATCH', body: { user_ids: userIds }, schema: AgentListSchema }),
    onSuccess: (members, { id }) => {
      client.setQueryData(teamKeys.members(accountId, id), members);
      refreshTeams(client, accountId);
    },
  });
}
