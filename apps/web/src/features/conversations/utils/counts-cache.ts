import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationCounts } from '@app/shared/conversations';
import { conversationKeys } from '../api.ts';
import { matchesScope, matchesTab } from './conversation-order.ts';
import { conversationTypeOf, type CountsFilters } from './list-filters.ts';

const TAB_COUNTS = [
  ['mine_count', 'me'],
  ['assigned_count', 'assigned'],
  ['unassigned_count', 'unassigned'],
  ['all_count', 'all'],
] as const;

/** What a change does to one list's four counts; null when the change cannot be told from here. */
export function countsDelta(
  filters: CountsFilters,
  userId: number,
  before: Conversation | null,
  after: Conversation,
  membership: { before: boolean; after: boolean } | null,
): Record<keyof ConversationCounts, number> | null {
  const typed = conversationTypeOf(filters.scope);
  // Mentions and participation are not in the payload: without knowing them the counts are refetched.
  if ((typed === 'mention' || typed === 'participating') && !membership) return null;
  const wasIn = before !== null && matchesScope(before, filters, membership?.before ?? false);
  const isIn = matchesScope(after, filters, membership?.after ?? false);
  const delta = { mine_count: 0, assigned_count: 0, unassigned_count: 0, all_count: 0 };
  for (const [count, tab] of TAB_COUNTS) {
    delta[count] = Number(isIn && matchesTab(after, tab, userId)) - Number(wasIn && before !== null && matchesTab(before, tab, userId));
  }
  return delta;
}

/**
 * Applies a conversation's change to every cached set of tab counts without asking the server: events carry the
 * new state and, in `changed_attributes`, what it was (realtime.ts rebuilds `before` from them, or takes the
 * cached copy). `before` undefined, or a mention/participation list whose membership is unknown: those counts
 * are handed to `stale` to be fetched again (batched).
 */
export function adjustCounts(
  client: QueryClient,
  accountId: number,
  userId: number,
  before: Conversation | null | undefined,
  after: Conversation,
  membership: (filters: CountsFilters) => { before: boolean; after: boolean } | null,
  stale: (filters: CountsFilters) => void,
) {
  const entries = client.getQueriesData<ConversationCounts>({ queryKey: conversationKeys.allCounts(accountId) });
  for (const [key, counts] of entries) {
    if (!counts) continue;
    const filters = key[3] as CountsFilters;
    if (filters.scope.kind === 'folder') continue;
    const delta = before === undefined ? null : countsDelta(filters, userId, before, after, membership(filters));
    if (!delta) {
      stale(filters);
      continue;
    }
    if (Object.values(delta).every((d) => d === 0)) continue;
    client.setQueryData<ConversationCounts>(key, {
      mine_count: Math.max(0, counts.mine_count + delta.mine_count),
      assigned_count: Math.max(0, counts.assigned_count + delta.assigned_count),
      unassigned_count: Math.max(0, counts.unassigned_count + delta.unassigned_count),
      all_count: Math.max(0, counts.all_count + delta.all_count),
    });
  }
}

/** Every cached tab count of the account, to be fetched again (a change the cache cannot count by itself). */
export function staleAllCounts(client: QueryClient, accountId: number, stale: (filters: CountsFilters) => void) {
  for (const [key] of client.getQueriesData<ConversationCounts>({ queryKey: conversationKeys.allCounts(accountId) })) {
    const filters = key[3] as CountsFilters;
    if (filters.scope.kind !== 'folder') stale(filters);
  }
}
