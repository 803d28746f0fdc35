import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Inbox } from '@app/shared/inboxes';
import type { Label } from '@app/shared/labels';
import { conversationKeys, fetchAssignableAgents, fetchFolders, fetchInboxes, fetchLabels, fetchTeams } from '../api.ts';

// Inboxes, labels and teams change rarely (account.cache_invalidated says when): kept for 5 minutes.
const RARELY = 5 * 60_000;

export function useInboxes(accountId: number) {
  return useQuery({ queryKey: conversationKeys.inboxes(accountId), queryFn: ({ signal }) => fetchInboxes(accountId, signal), staleTime: RARELY });
}

export function useInboxMap(accountId: number): Map<number, Inbox> {
  const { data } = useInboxes(accountId);
  // One map per answer, so memoized rows that receive it do not render again for nothing.
  return useMemo(() => new Map((data ?? []).map((inbox) => [inbox.id, inbox])), [data]);
}

export function useLabels(accountId: number) {
  return useQuery({ queryKey: conversationKeys.labels(accountId), queryFn: ({ signal }) => fetchLabels(accountId, signal), staleTime: RARELY });
}

export function useLabelMap(accountId: number): Map<string, Label> {
  const { data } = useLabels(accountId);
  return useMemo(() => new Map((data ?? []).map((label) => [label.title, label])), [data]);
}

/** The account's teams; `enabled` false where they are not needed (000 section 6: a checker never loads them). */
export function useTeams(accountId: number, enabled = true) {
  return useQuery({ queryKey: conversationKeys.teams(accountId), queryFn: ({ signal }) => fetchTeams(accountId, signal), staleTime: RARELY, enabled });
}

export function useFolders(accountId: number, enabled = true) {
  return useQuery({ queryKey: conversationKeys.folders(accountId), queryFn: ({ signal }) => fetchFolders(accountId, signal), staleTime: RARELY, enabled });
}

/** The agents a conversation of this inbox may be assigned to (confirmed members, 001 section 5). */
export function useAssignableAgents(accountId: number, inboxId: number, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.assignableAgents(accountId, inboxId),
    queryFn: ({ signal }) => fetchAssignableAgents(accountId, inboxId, signal),
    staleTime: RARELY,
    enabled,
  });
}
