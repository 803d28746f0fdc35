import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Conversation } from '@app/shared/conversations';
import { conversationBase, conversationKeys, fetchConversation, fetchMessages, type MessagePage, type MessagePages } from '../api.ts';
import { findConversation, patchConversation } from '../utils/list-cache.ts';

/** One conversation: shown at once from the list's copy, then fetched (GET conversations/{id}). */
export function useConversation(accountId: number, conversationId: number) {
  const client = useQueryClient();
  return useQuery<Conversation, Error, Conversation, ReturnType<typeof conversationKeys.detail>>({
    queryKey: conversationKeys.detail(accountId, conversationId),
    queryFn: ({ signal }) => fetchConversation(accountId, conversationId, signal),
    placeholderData: () => findConversation(client, accountId, conversationId),
    staleTime: 30_000,
    retry: (count, error) => count < 1 && !('status' in error && (error as { status: number }).status === 404),
  });
}

const oldestId = (page: MessagePage) => page.payload.reduce<number | null>((min, m) => (m.id > 0 && (min === null || m.id < min) ? m.id : min), null);

/**
 * The conversation's messages: the latest 20 first, then 20 older ones per page with `before`; the pages run
 * from newest to oldest. An empty page marks the start of the conversation (001 section 4).
 */
export function useMessages(accountId: number, conversationId: number) {
  return useInfiniteQuery<MessagePage, Error, MessagePages, ReturnType<typeof conversationKeys.messages>, number | null>({
    queryKey: conversationKeys.messages(accountId, conversationId),
    initialPageParam: null,
    queryFn: ({ pageParam, signal }) => fetchMessages(accountId, conversationId, pageParam ? { before: pageParam } : {}, signal),
    getNextPageParam: (last) => (last.payload.length === 0 ? undefined : (oldestId(last) ?? undefined)),
    staleTime: 30_000,
  });
}

/**
 * POST update_last_seen when a conversation is opened, and again when a message arrives while it is open;
 * the row's unread count drops at once (conversation.read confirms it). Not for a reader who may not act
 * (`enabled` false).
 */
export function useMarkSeen(accountId: number, conversationId: number, latestIncomingId: number | null, enabled = true) {
  const client = useQueryClient();
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled || seen.current === latestIncomingId) return;
    seen.current = latestIncomingId;
    patchConversation(client, accountId, conversationId, (c) => ({ ...c, unread_count: 0, agent_last_seen_at: Math.floor(Date.now() / 1000) }));
    void api(`${conversationBase(accountId, conversationId)}/update_last_seen`, { method: 'POST' }).catch(() => undefined);
  }, [client, accountId, conversationId, latestIncomingId, enabled]);
}
