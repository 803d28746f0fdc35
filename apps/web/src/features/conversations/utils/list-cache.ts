import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@app/shared/conversations';
import { CONVERSATIONS_PER_PAGE } from '@app/shared/conversations-constants';
import { conversationKeys, type ConversationPages } from '../api.ts';
import { compareFor, matchesScope, matchesTab } from './conversation-order.ts';
import type { ListFilters } from './list-filters.ts';

/** Every cached list of the account with its filters. */
export function cachedLists(client: QueryClient, accountId: number) {
  return client
    .getQueriesData<ConversationPages>({ queryKey: conversationKeys.lists(accountId) })
    .filter((entry): entry is [readonly unknown[], ConversationPages] => Boolean(entry[1]))
    .map(([key, data]) => ({ key, filters: key[3] as ListFilters, data }));
}

export const indexIn = (data: ConversationPages, id: number) => {
  for (let p = 0; p < data.pages.length; p++) {
    const i = data.pages[p]!.payload.findIndex((c) => c.id === id);
    if (i >= 0) return { page: p, index: i };
  }
  return null;
};

/** The freshest copy the cache holds of a conversation: the detail if open, else any list's. */
export function findConversation(client: QueryClient, accountId: number, id: number): Conversation | undefined {
  const detail = client.getQueryData<Conversation>(conversationKeys.detail(accountId, id));
  if (detail) return detail;
  for (const { data } of cachedLists(client, accountId)) {
    const at = indexIn(data, id);
    if (at) return data.pages[at.page]!.payload[at.index];
  }
  return undefined;
}

/** Whether a list of this kind (mentions, participating) already holds the conversation. */
export function knownMember(client: QueryClient, accountId: number, kind: ListFilters['scope']['kind'], id: number): boolean {
  return cachedLists(client, accountId).some(({ filters, data }) => filters.scope.kind === kind && !filters.tool && indexIn(data, id) !== null);
}

const without = (data: ConversationPages, id: number): ConversationPages => {
  const at = indexIn(data, id);
  if (!at) return data;
  return { ...data, pages: data.pages.map((page, p) => (p === at.page ? { ...page, payload: page.payload.filter((c) => c.id !== id) } : page)) };
};

/** More pages may follow: the last one loaded came back full (an empty or short page ends the list). */
const mayHaveMore = (data: ConversationPages) => (data.pages.at(-1)?.payload.length ?? 0) >= CONVERSATIONS_PER_PAGE;

/**
 * Puts a conversation where the list's sort puts it among the loaded rows. A row that sorts after
 * every loaded row stays out while more pages may follow (the next page brings it).
 */
export function placed(data: ConversationPages, conversation: Conversation, filters: ListFilters): ConversationPages {
  const base = without(data, conversation.id);
  const compare = compareFor(filters.sortBy);
  for (let p = 0; p < base.pages.length; p++) {
    const payload = base.pages[p]!.payload;
    const i = payload.findIndex((other) => compare(conversation, other) < 0);
    if (i >= 0) {
      const next = [...payload.slice(0, i), conversation, ...payload.slice(i)];
      return { ...base, pages: base.pages.map((page, q) => (q === p ? { ...page, payload: next } : page)) };
    }
  }
  if (mayHaveMore(base)) return base;
  // After every loaded row and nothing more to load: last non-empty page (or the first).
  let p = base.pages.length - 1;
  while (p > 0 && base.pages[p]!.payload.length === 0) p--;
  if (p < 0) return { pages: [{ payload: [conversation], meta: {} }], pageParams: [1] };
  return { ...base, pages: base.pages.map((page, q) => (q === p ? { ...page, payload: [...page.payload, conversation] } : page)) };
}

/**
 * Writes a conversation's new state into every cached list: in place (re-sorted) when it still belongs,
 * out when it no longer does, in when it now does. A folder's saved query is not known here, so folders
 * only update the rows they hold. `member(kind)` tells mention/participating membership.
 */
export function writeToLists(
  client: QueryClient,
  accountId: number,
  userId: number,
  conversation: Conversation,
  member: (kind: ListFilters['scope']['kind'], wasIn: boolean) => boolean,
) {
  for (const { key, filters, data } of cachedLists(client, accountId)) {
    const wasIn = indexIn(data, conversation.id) !== null;
    const belongs =
      filters.scope.kind === 'folder' || filters.tool
        ? wasIn
        : matchesScope(conversation, filters, member(filters.scope.kind, wasIn)) && matchesTab(conversation, filters.assigneeType, userId);
    if (!belongs && !wasIn) continue;
    client.setQueryData<ConversationPages>(key, belongs ? placed(data, conversation, filters) : without(data, conversation.id));
  }
  if (client.getQueryData(conversationKeys.detail(accountId, conversation.id))) {
    client.setQueryData(conversationKeys.detail(accountId, conversation.id), conversation);
  }
}

/** Takes a conversation out of every cached list (folders too); an open detail shows its new state. */
export function removeFromLists(client: QueryClient, accountId: number, conversation: Conversation) {
  for (const { key, data } of cachedLists(client, accountId)) {
    if (indexIn(data, conversation.id) !== null) client.setQueryData<ConversationPages>(key, without(data, conversation.id));
  }
  if (client.getQueryData(conversationKeys.detail(accountId, conversation.id))) {
    client.setQueryData(conversationKeys.detail(accountId, conversation.id), conversation);
  }
}

/** Changes a conversation where the cache holds it (lists keep their order: use writeToLists to move it). */
export function patchConversation(client: QueryClient, accountId: number, id: number, patch: (c: Conversation) => Conversation) {
  for (const { key, data } of cachedLists(client, accountId)) {
    const at = indexIn(data, id);
    if (!at) continue;
    client.setQueryData<ConversationPages>(key, {
      ...data,
      pages: data.pages.map((page, p) => (p === at.page ? { ...page, payload: page.payload.map((c) => (c.id === id ? patch(c) : c)) } : page)),
    });
  }
  const detail = client.getQueryData<Conversation>(conversationKeys.detail(accountId, id));
  if (detail) client.setQueryData(conversationKeys.detail(accountId, id), patch(detail));
}

/** The loaded rows of a list, once each (a row that moved between pages may sit in two for a moment). */
export function flattenList(data: ConversationPages | undefined): Conversation[] {
  if (!data) return [];
  const seen = new Set<number>();
  const rows: Conversation[] = [];
  for (const page of data.pages) {
    for (const conversation of page.payload) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      rows.push(conversation);
    }
  }
  return rows;
}
