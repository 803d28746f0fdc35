import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { conversationRestriction, type AccessToken } from '@app/shared/permissions';
import { conversationKeys, fetchConversation } from '../api.ts';
import { placeFetched, type RealtimeContext } from '../realtime.ts';
import type { CountsFilters } from '../utils/list-filters.ts';

/** Stale tab counts are fetched again together, this long after the first event that made them stale. */
export const COUNTS_REFRESH_DELAY_MS = 1500;

/**
 * The follow-ups events and local changes may ask for (RealtimeContext): fetching a conversation no list
 * holds (once, however many events name it) and refetching counts in batches rather than per event.
 */
export function createCacheEffects(client: QueryClient, accountId: number, context: () => RealtimeContext) {
  const staleCounts = new Map<string, CountsFilters>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  // One fetch per conversation however many events name it; a mention that comes while it runs is kept.
  const fetching = new Map<number, { mentioned: boolean }>();
  return {
    fetchConversation(id: number, options: { mentioned: boolean }) {
      const running = fetching.get(id);
      if (running) {
        running.mentioned ||= options.mentioned;
        return;
      }
      const wanted = { ...options };
      fetching.set(id, wanted);
      fetchConversation(accountId, id)
        .then((conversation) => placeFetched(client, context(), conversation, wanted))
        .catch(() => undefined)
        .finally(() => fetching.delete(id));
    },
    staleCounts(filters: CountsFilters) {
      staleCounts.set(JSON.stringify(filters), filters);
      timer ??= setTimeout(() => {
        timer = null;
        for (const stale of staleCounts.values()) void client.invalidateQueries({ queryKey: conversationKeys.counts(accountId, stale), exact: true });
        staleCounts.clear();
      }, COUNTS_REFRESH_DELAY_MS);
    },
    dispose() {
      if (timer) clearTimeout(timer);
    },
  };
}

const CacheContext = createContext<RealtimeContext | null>(null);
export const CacheContextProvider = CacheContext.Provider;

/** The account, user and open conversation the workspace's cache changes are made for. */
export function useCacheContext(): RealtimeContext {
  const value = useContext(CacheContext);
  if (!value) throw new Error('useCacheContext is only available inside the conversation workspace');
  return value;
}

/**
 * Builds the workspace's RealtimeContext; stable while the account and user stay, the open conversation and the
 * restriction the user's permissions make read live.
 */
export function useCacheContextValue(accountId: number, userId: number, permissions: readonly AccessToken[], openConversationId: number | null): RealtimeContext {
  const client = useQueryClient();
  const open = useRef(openConversationId);
  const restriction = useRef(conversationRestriction(permissions));
  useEffect(() => {
    open.current = openConversationId;
    restriction.current = conversationRestriction(permissions);
  }, [openConversationId, permissions]);
  const value = useMemo(() => {
    const context: RealtimeContext = {
      accountId,
      userId,
      get restriction() {
        return restriction.current;
      },
      get openConversationId() {
        return open.current;
      },
      fetchConversation: (id, options) => effects.fetchConversation(id, options),
      staleCounts: (filters) => effects.staleCounts(filters),
    };
    const effects = createCacheEffects(client, accountId, () => context);
    return { context, effects };
  }, [client, accountId, userId]);
  useEffect(() => () => value.effects.dispose(), [value]);
  return value.context;
}
