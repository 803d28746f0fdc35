import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentBotListSchema, AgentBotSchema, type AgentBot } from '@app/shared/agent-bots';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';

/** Query keys of the agent-bots feature. */
export const agentBotKeys = {
  all: ['agent-bots'] as const,
  list: (accountId: number) => [...agentBotKeys.all, accountId, 'list'] as const,
  detail: (accountId: number, id: number) => [...agentBotKeys.all, accountId, 'detail', id] as const,
};

export type AgentBotInput = { name: string; description: string | null; outgoing_url: string | null };

const base = (accountId: number) => `/api/v1/accounts/${accountId}/agent_bots`;

/** GET agent_bots: the account's bots and the system bots (administrators also get each account bot's token). */
export function useAgentBots(accountId: number) {
  return useQuery({
    queryKey: agentBotKeys.list(accountId),
    queryFn: ({ signal }) => api(base(accountId), { schema: AgentBotListSchema, signal }),
    retry: retryUnlessClientError,
  });
}

/** GET agent_bots/{id}. */
export function useAgentBot(accountId: number, id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: agentBotKeys.detail(accountId, id),
    queryFn: ({ signal }) => api(`${base(accountId)}/${id}`, { schema: AgentBotSchema, signal }),
    // Opened from the list, the row is already known.
    initialData: () => client.getQueryData<AgentBot[]>(agentBotKeys.list(accountId))?.find((bot) => bot.id === id),
    retry: retryUnlessClientError,
  });
}

/** Every write answers the bot: the detail and the list caches take it, then the list is fetched again. */
function useKeepBot(accountId: number) {
  const client = useQueryClient();
  return (bot: AgentBot) => {
    client.setQueryData(agentBotKeys.detail(accountId, bot.id), bot);
    client.setQueryData<AgentBot[]>(agentBotKeys.list(accountId), (list) =>
      list ? (list.some((b) => b.id === bot.id) ? list.map((b) => (b.id === bot.id ? bot : b)) : [...list, bot]) : list,
    );
    void client.invalidateQueries({ queryKey: agentBotKeys.list(accountId) });
  };
}

/** POST agent_bots with `{agent_bot: {...}}`. */
export function useCreateAgentBot(accountId: number) {
  const keep = useKeepBot(accountId);
  return useMutation({
    mutationFn: (input: AgentBotInput) => api(base(accountId), { method: 'POST', body: { agent_bot: input }, schema: AgentBotSchema }),
    onSuccess: keep,
  });
}

/** PATCH agent_bots/{id}. */
export function useUpdateAgentBot(accountId: number, id: number) {
  const keep = useKeepBot(accountId);
  return useMutation({
    mutationFn: (input: AgentBotInput) => api(`${base(accountId)}/${id}`, { method: 'PATCH', body: { agent_bot: input }, schema: AgentBotSchema }),
    onSuccess: keep,
  });
}

/** POST agent_bots/{id}/reset_access_token: the old token stops working at once. */
export function useResetAgentBotToken(accountId: number, id: number) {
  const keep = useKeepBot(accountId);
  return useMutation({
    mutationFn: () => api(`${base(accountId)}/${id}/reset_access_token`, { method: 'POST', schema: AgentBotSchema }),
    onSuccess: keep,
  });
}

/** DELETE agent_bots/{id}. */
export function useDeleteAgentBot(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${base(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.setQueryData<AgentBot[]>(agentBotKeys.list(accountId), (list) => list?.filter((bot) => bot.id !== id));
      client.removeQueries({ queryKey: agentBotKeys.detail(accountId, id) });
      void client.invalidateQueries({ queryKey: agentBotKeys.list(accountId) });
    },
  });
}

/** PATCH agent_bots/{id} as multipart `agent_bot[avatar]`. */
function patchAvatar(accountId: number, id: number, file: File): Promise<AgentBot> {
  const form = new FormData();
  form.append('agent_bot[avatar]', file, file.name);
  return api(`${base(accountId)}/${id}`, { method: 'PATCH', body: form, schema: AgentBotSchema });
}

/** The bot's picture: a new file (multipart PATCH) or none (DELETE agent_bots/{id}/avatar). */
export function useAgentBotAvatar(accountId: number, id: number) {
  const keep = useKeepBot(accountId);
  const upload = useMutation({ mutationFn: (file: File) => patchAvatar(accountId, id, file), onSuccess: keep });
  const remove = useMutation({
    mutationFn: () => api(`${base(accountId)}/${id}/avatar`, { method: 'DELETE', schema: AgentBotSchema }),
    onSuccess: keep,
  });
  return { upload, remove };
}
