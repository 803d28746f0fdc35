import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent } from '@app/shared/agents';
import type { ConversationPriority, ConversationStatus } from '@app/shared/constants';
import type { Conversation } from '@app/shared/conversations';
import { useToast } from '../../../components/toast-provider.tsx';
import { api, arrayOf } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { conversationBase, conversationKeys } from '../api.ts';
import { applyEvent } from '../realtime.ts';
import { findConversation } from '../utils/list-cache.ts';
import { useCacheContext } from './use-cache-context.ts';

type Change = (current: Conversation) => Conversation;

// Answers are checked in development only; their schemas (and zod) load on demand, off the workspace's chunk.
const conversationSchemas = () => import('@app/shared/conversations');
const agentSchema = () => import('@app/shared/agents').then((m) => m.AgentSchema);
const teamAssignmentSchema = async () => {
  const [{ z }, { TeamSchema }] = await Promise.all([import('zod'), import('@app/shared/teams')]);
  return z.union([TeamSchema, z.null(), z.object({})]);
};

/**
 * The header's and sidebar's actions on one conversation. Each answer is written into the cache the way
 * a realtime event would be (lists, detail and tab counts move at once); the event that follows finds
 * nothing left to change.
 */
export function useConversationActions(accountId: number, conversationId: number) {
  const client = useQueryClient();
  const ctx = useCacheContext();
  const toast = useToast();
  const base = conversationBase(accountId, conversationId);

  const apply = (change: Change) => {
    const current = findConversation(client, accountId, conversationId);
    if (current) applyEvent(client, { event: 'conversation.updated', data: change(current) }, ctx);
  };
  const action = <T,>(run: (input: T) => Promise<Change>, success?: (input: T) => MessageKey | null) =>
    useMutation({
      mutationFn: run,
      onSuccess: (change, input) => {
        apply(change);
        const key = success?.(input);
        if (key) toast(t(key), 'success');
      },
      onError: () => toast(t('CONVERSATION.ACTION_ERROR'), 'error'),
    });

  const toggleStatus = action(
    async (input: { status: ConversationStatus; snoozedUntil?: number | null }) => {
      const body = input.status === 'snoozed' ? { status: input.status, snoozed_until: input.snoozedUntil ?? null } : { status: input.status };
      const { payload } = await api(`${base}/toggle_status`, { method: 'POST', body, schema: () => conversationSchemas().then((m) => m.ToggleStatusResponseSchema) });
      return (c) => ({ ...c, status: payload.current_status, snoozed_until: payload.snoozed_until });
    },
    (input) => `CONVERSATION.STATUS_TOAST.${input.status}` as MessageKey,
  );

  const setPriority = action(async (priority: ConversationPriority | null) => {
    await api(`${base}/toggle_priority`, { method: 'POST', body: { priority: priority ?? 'none' } });
    return (c) => ({ ...c, priority });
  });

  const assignAgent = action(async (agent: Agent | null) => {
    const answer = await api(`${base}/assignments`, { method: 'POST', body: { assignee_id: agent?.id ?? null }, schema: () => agentSchema().then((schema) => schema.nullable()) });
    return (c) => ({ ...c, meta: { ...c.meta, assignee: answer } });
  });

  const assignTeam = action(async (teamId: number | null) => {
    const answer = await api(`${base}/assignments`, { method: 'POST', body: { team_id: teamId }, schema: teamAssignmentSchema });
    const team = answer && 'id' in answer ? { id: answer.id, name: answer.name } : null;
    return (c) => ({ ...c, meta: { ...c.meta, team } });
  });

  const setLabels = action(async (labels: string[]) => {
    const { payload } = await api(`${base}/labels`, { method: 'POST', body: { labels }, schema: () => conversationSchemas().then((m) => m.ConversationLabelsSchema) });
    return (c) => ({ ...c, labels: payload });
  });

  const setMuted = action(
    async (muted: boolean) => {
      await api(`${base}/${muted ? 'mute' : 'unmute'}`, { method: 'POST' });
      return (c) => (muted ? { ...c, muted, status: 'resolved', snoozed_until: null } : { ...c, muted });
    },
    (muted) => (muted ? 'CONVERSATION.MUTED_TOAST' : 'CONVERSATION.UNMUTED_TOAST'),
  );

  const markUnread = action(
    async () => {
      await api(`${base}/unread`, { method: 'POST' });
      return (c) => ({ ...c, unread_count: Math.max(1, c.unread_count) });
    },
    () => 'CONVERSATION.UNREAD_TOAST',
  );

  const sendTranscript = useMutation({
    mutationFn: (email: string) => api(`${base}/transcript`, { method: 'POST', body: { email } }),
    onSuccess: () => toast(t('CONVERSATION.TRANSCRIPT.SUCCESS'), 'success'),
  });

  const participants = useMutation({
    mutationFn: (userIds: number[]) =>
      api(`${base}/participants`, { method: 'PATCH', body: { user_ids: userIds }, schema: arrayOf(agentSchema) }),
    onSuccess: (agents) => client.setQueryData(conversationKeys.participants(accountId, conversationId), agents),
    onError: () => toast(t('CONVERSATION.ACTION_ERROR'), 'error'),
  });

  return { toggleStatus, setPriority, assignAgent, assignTeam, setLabels, setMuted, markUnread, sendTranscript, participants };
}
