import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@app/shared/conversations';
import { MESSAGES_PAGE } from '@app/shared/messages-constants';
import { conversationKeys, fetchMessages, fetchUpdatedWithin } from '../api.ts';
import { applyEvent, type RealtimeContext } from '../realtime.ts';
import { cachedLists, findConversation } from './list-cache.ts';
import type { ListFilters } from './list-filters.ts';
import { upsertMessage } from './messages-cache.ts';

/** Pages of changed conversations fetched per list at most; a longer outage refetches the list instead. */
const MAX_CATCH_UP_PAGES = 4;

/** What the workspace noted when the connection dropped (000 section 4): the open conversation and its last message. */
export type Disconnection = { openConversationId: number | null; lastMessageId: number | null };

/**
 * The reconnect of 000 section 4, for this feature: the lists on screen fetch what changed within `seconds`
 * (the offline seconds plus 15, as lib/realtime reports them; any status, so rows that left a list go too),
 * the open conversation fetches the messages after the last one it had, and the other cached conversation
 * queries are marked stale. Events the server replays as well change nothing twice.
 */
export async function catchUp(client: QueryClient, ctx: RealtimeContext, disconnection: Disconnection, seconds: number): Promise<void> {
  const active = cachedLists(client, ctx.accountId).filter(({ key }) => client.getQueryCache().find({ queryKey: key, exact: true })?.isActive());
  const scopes = new Map<string, ListFilters>();
  for (const { filters } of active) scopes.set(JSON.stringify(filters.scope), { ...filters, status: 'all', assigneeType: 'all' });

  const work: Promise<unknown>[] = [...scopes.values()].map((filters) => catchUpList(client, ctx, filters, seconds));
  if (disconnection.openConversationId !== null && disconnection.lastMessageId !== null) {
    work.push(catchUpMessages(client, ctx.accountId, disconnection.openConversationId, disconnection.lastMessageId));
  }
  await Promise.allSettled(work);
  // Counts follow the rows just merged; whatever is cached but not on screen is refetched when next shown.
  await client.invalidateQueries({ queryKey: conversationKeys.allCounts(ctx.accountId) });
  await client.invalidateQueries(
    { queryKey: conversationKeys.account(ctx.accountId), predicate: (query) => !['list', 'counts', 'messages'].includes(query.queryKey[2] as string) },
    { throwOnError: false },
  );
}

async function catchUpList(client: QueryClient, ctx: RealtimeContext, filters: ListFilters, seconds: number) {
  if (filters.scope.kind === 'folder' || filters.tool) {
    const serverOnly = (f: ListFilters) => f.scope.kind === 'folder' || !!f.tool;
    await client.invalidateQueries({ queryKey: conversationKeys.lists(ctx.accountId), predicate: (q) => serverOnly(q.queryKey[3] as ListFilters) });
    return;
  }
  const changed: Conversation[] = [];
  for (let page = 1; page <= MAX_CATCH_UP_PAGES; page++) {
    const answer = await fetchUpdatedWithin(ctx.accountId, filters, seconds, page);
    changed.push(...answer.payload);
    if (answer.payload.length === 0) break;
    if (page === MAX_CATCH_UP_PAGES) {
      await client.invalidateQueries({ queryKey: conversationKeys.lists(ctx.accountId) });
      return;
    }
  }
  for (const conversation of changed) {
    const known = findConversation(client, ctx.accountId, conversation.id);
    if (known && known.updated_at >= conversation.updated_at) continue;
    applyEvent(client, { event: 'conversation.updated', data: conversation }, ctx);
  }
}

/** Messages after the last one seen, 100 at a time, until a short window says there are no more. */
async function catchUpMessages(client: QueryClient, accountId: number, conversationId: number, lastMessageId: number) {
  let after = lastMessageId;
  for (;;) {
    const { payload } = await fetchMessages(accountId, conversationId, { after });
    for (const message of payload) upsertMessage(client, accountId, message);
    if (payload.length < MESSAGES_PAGE.after) return;
    after = payload.at(-1)!.id;
  }
}
