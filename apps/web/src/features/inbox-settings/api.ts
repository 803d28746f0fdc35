import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentBotListSchema, InboxAgentBotSchema } from '@app/shared/agent-bots';
import { AgentListSchema } from '@app/shared/agents';
import { InboxMemberListSchema } from '@app/shared/inbox-members';
import { InboxListSchema, InboxSchema, type Inbox } from '@app/shared/inboxes';
import { api } from '../../lib/api-client.ts';
import { cacheKeyMeta } from '../../lib/realtime/index.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';
import { shellKeys } from '../../app/shell/api.ts';

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;

/** Query keys of the inbox settings screens. */
export const inboxSettingsKeys = {
  all: ['inbox-settings'] as const,
  account: (accountId: number) => [...inboxSettingsKeys.all, accountId] as const,
  list: (accountId: number) => [...inboxSettingsKeys.account(accountId), 'list'] as const,
  inbox: (accountId: number, inboxId: number) => [...inboxSettingsKeys.account(accountId), 'inbox', inboxId] as const,
  members: (accountId: number, inboxId: number) => [...inboxSettingsKeys.account(accountId), 'members', inboxId] as const,
  agentBot: (accountId: number, inboxId: number) => [...inboxSettingsKeys.account(accountId), 'agent-bot', inboxId] as const,
  agents: (accountId: number) => [...inboxSettingsKeys.account(accountId), 'agents'] as const,
  agentBots: (accountId: number) => [...inboxSettingsKeys.account(accountId), 'agent-bots'] as const,
};

/** GET inboxes: administrators get every inbox of the account. */
export function useInboxList(accountId: number) {
  return useQuery({
    queryKey: inboxSettingsKeys.list(accountId),
    meta: cacheKeyMeta('inbox'),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes`, { schema: InboxListSchema, signal })).payload,
  });
}

/** GET inboxes/{id}. */
export function useInbox(accountId: number, inboxId: number) {
  return useQuery({
    queryKey: inboxSettingsKeys.inbox(accountId, inboxId),
    meta: cacheKeyMeta('inbox'),
    retry: retryUnlessClientError,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/inboxes/${inboxId}`, { schema: InboxSchema, signal }),
  });
}

/** After a change: the inbox's own entry takes the answer, the lists (here and in the sidebar) refetch. */
function useKeepInbox(accountId: number) {
  const client = useQueryClient();
  return (inbox: Inbox) => {
    client.setQueryData(inboxSettingsKeys.inbox(accountId, inbox.id), inbox);
    void client.invalidateQueries({ queryKey: inboxSettingsKeys.list(accountId) });
    void client.invalidateQueries({ queryKey: shellKeys.inboxes(accountId) });
  };
}

/** The JSON body of PATCH inboxes/{id}: inbox fields and the channel fields of the inbox's type. */
export type InboxChanges = Partial<
  Pick<
    Inbox,
    | 'name'
    | 'greeting_enabled'
    | 'greeting_message'
    | 'enable_email_collect'
    | 'csat_survey_enabled'
    | 'enable_auto_assignment'
    | 'working_hours_enabled'
    | 'working_hours'
    | 'out_of_office_message'
    | 'timezone'
    | 'allow_messages_after_resolved'
    | 'lock_to_single_conversation'
    | 'sender_name_type'
    | 'business_name'
  >
> & { auto_assignment_config?: { max_assignment_limit: number | null }; channel?: Record<string, unknown> };

/** PATCH inboxes/{id} with JSON `{ inbox: changes }`. */
export function useUpdateInbox(accountId: number, inboxId: number) {
  const keep = useKeepInbox(accountId);
  return useMutation({
    mutationFn: (changes: InboxChanges) =>
      api(`${accountBase(accountId)}/inboxes/${inboxId}`, { method: 'PATCH', body: { inbox: changes }, schema: InboxSchema }),
    onSuccess: keep,
  });
}

/** PATCH the inbox as multipart `inbox[avatar]`. */
function patchAvatar(path: string, file: File): Promise<Inbox> {
  const form = new FormData();
  form.append('inbox[avatar]', file, file.name);
  return api(path, { method: 'PATCH', body: form, schema: InboxSchema });
}

/** PATCH inboxes/{id}, multipart with `inbox[avatar]` (png, jpeg, gif or webp, checked by content on the server). */
export function useUploadInboxAvatar(accountId: number, inboxId: number) {
  const keep = useKeepInbox(accountId);
  return useMutation({ mutationFn: (file: File) => patchAvatar(`${accountBase(accountId)}/inboxes/${inboxId}`, file), onSuccess: keep });
}

/** DELETE inboxes/{id}/avatar (S1-7.18). */
export function useDeleteInboxAvatar(accountId: number, inboxId: number) {
  const keep = useKeepInbox(accountId);
  return useMutation({
    mutationFn: () => api(`${accountBase(accountId)}/inboxes/${inboxId}/avatar`, { method: 'DELETE', schema: InboxSchema }),
    onSuccess: keep,
  });
}

/** DELETE inboxes/{id}: the inbox leaves the lists at once. */
export function useDeleteInbox(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inboxId: number) => api(`${accountBase(accountId)}/inboxes/${inboxId}`, { method: 'DELETE' }),
    onSuccess: (_, inboxId) => {
      client.setQueryData<Inbox[]>(inboxSettingsKeys.list(accountId), (list) => list?.filter((inbox) => inbox.id !== inboxId));
      client.removeQueries({ queryKey: inboxSettingsKeys.inbox(accountId, inboxId) });
      void client.invalidateQueries({ queryKey: inboxSettingsKeys.list(accountId) });
      void client.invalidateQueries({ queryKey: shellKeys.inboxes(accountId) });
    },
  });
}

/** GET agents: every member of the account, the collaborators to choose from. */
export function useAgents(accountId: number) {
  return useQuery({
    queryKey: inboxSettingsKeys.agents(accountId),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/agents`, { schema: AgentListSchema, signal }),
  });
}

/** GET inbox_members/{inbox_id}: the inbox's agents with their team_leader and view_data flags. */
export function useInboxMembers(accountId: number, inboxId: number) {
  return useQuery({
    queryKey: inboxSettingsKeys.members(accountId, inboxId),
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inbox_members/${inboxId}`, { schema: InboxMemberListSchema, signal })).payload,
  });
}

export type MemberLists = { user_ids: number[]; team_leader_ids: number[]; view_data_ids: number[] };

/** PATCH inbox_members with inbox_id, user_ids, team_leader_ids and view_data_ids (S1-7.24): the member set becomes exactly these. */
export function useUpdateInboxMembers(accountId: number, inboxId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (lists: MemberLists) =>
      (await api(`${accountBase(accountId)}/inbox_members`, { method: 'PATCH', body: { inbox_id: inboxId, ...lists }, schema: InboxMemberListSchema })).payload,
    onSuccess: (members) => client.setQueryData(inboxSettingsKeys.members(accountId, inboxId), members),
  });
}

/** GET agent_bots: the account's bots and the system bots. */
export function useAgentBots(accountId: number, enabled = true) {
  return useQuery({
    queryKey: inboxSettingsKeys.agentBots(accountId),
    enabled,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/agent_bots`, { schema: AgentBotListSchema, signal }),
  });
}

/** GET inboxes/{id}/agent_bot (S1-7.19): the inbox's bot or null. */
export function useInboxAgentBot(accountId: number, inboxId: number, enabled = true) {
  return useQuery({
    queryKey: inboxSettingsKeys.agentBot(accountId, inboxId),
    enabled,
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/inboxes/${inboxId}/agent_bot`, { schema: InboxAgentBotSchema, signal })).agent_bot,
  });
}

/** POST inboxes/{id}/set_agent_bot with a bot id, or null to disconnect (S1-7.20, S1-7.21). */
export function useSetAgentBot(accountId: number, inboxId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (botId: number | null) => api(`${accountBase(accountId)}/inboxes/${inboxId}/set_agent_bot`, { method: 'POST', body: { agent_bot: botId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxSettingsKeys.agentBot(accountId, inboxId) }),
  });
}
