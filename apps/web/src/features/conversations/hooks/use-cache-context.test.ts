import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { AccessToken } from '@app/shared/permissions';
import { conversationKeys, type ConversationPages } from '../api.ts';
import type { RealtimeContext } from '../realtime.ts';
import { ACCOUNT_ID, makeConversation, USER_ID } from '../testing/fixtures.ts';
import { flattenList } from '../utils/list-cache.ts';
import type { ListFilters } from '../utils/list-filters.ts';
import { COUNTS_REFRESH_DELAY_MS, createCacheEffects, useCacheContextValue } from './use-cache-context.ts';

afterEach(() => vi.useRealTimers());

const mentions: ListFilters = { scope: { kind: 'mentions' }, status: 'open', assigneeType: 'all', sortBy: 'latest' };

function setup() {
  const client = new QueryClient();
  const context: RealtimeContext = { accountId: ACCOUNT_ID, userId: USER_ID, restriction: null, openConversationId: null, fetchConversation: () => {}, staleCounts: () => {} };
  const effects = createCacheEffects(client, ACCOUNT_ID, () => context);
  return { client, effects };
}

describe('cache follow-ups', () => {
  it('fetches a conversation once however many events name it, and keeps a mention that came meanwhile', async () => {
    const { client, effects } = setup();
    client.setQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, mentions), { pages: [{ payload: [], meta: {} }], pageParams: [1] });
    let answer: (value: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    effects.fetchConversation(4, { mentioned: false }); // message.created first…
    effects.fetchConversation(4, { mentioned: true }); // …then conversation.mentioned
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify(makeConversation(4)), { headers: { 'content-type': 'application/json' } }));
    await vi.waitFor(() => expect(flattenList(client.getQueryData(conversationKeys.list(ACCOUNT_ID, mentions))).map((c) => c.id)).toEqual([4]));
  });

  it('refetches stale counts together, once, a moment after the first event asked', async () => {
    vi.useFakeTimers();
    const { client, effects } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const home = { scope: { kind: 'home' as const }, status: 'open' as const };
    effects.staleCounts(home);
    effects.staleCounts(home);
    effects.staleCounts({ ...home, status: 'all' });
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COUNTS_REFRESH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([conversationKeys.counts(ACCOUNT_ID, home), conversationKeys.counts(ACCOUNT_ID, { ...home, status: 'all' })]);
  });
});

describe('the workspace context', () => {
  it('reads the restriction from the account permissions, live, and stays the same object when they change', () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result, rerender } = renderHook(({ permissions }: { permissions: readonly AccessToken[] }) => useCacheContextValue(ACCOUNT_ID, USER_ID, permissions, null), {
      wrapper,
      initialProps: { permissions: ['custom_role', 'conversation_unassigned_manage'] },
    });
    const first = result.current;
    expect(first.restriction).toEqual({ unassigned: true, participating: false });
    rerender({ permissions: ['agent'] });
    expect(result.current).toBe(first);
    expect(first.restriction).toBeNull();
  });
});
