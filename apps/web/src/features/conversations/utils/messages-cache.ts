import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@app/shared/messages';
import { conversationKeys, type MessagePages } from '../api.ts';

/** A message as the view keeps it: the server's, or an optimistic one still sending (or failed to send). */
export type ViewMessage = Message & { localError?: string; localFiles?: { name: string; url: string; type: string; size: number }[] };

/** The loaded windows as one ascending list, each message once (the latest window is pages[0]). */
export function flattenMessages(data: MessagePages | undefined): ViewMessage[] {
  if (!data) return [];
  const byKey = new Map<string, ViewMessage>();
  for (let p = data.pages.length - 1; p >= 0; p--) {
    for (const message of data.pages[p]!.payload) byKey.set(messageKey(message), message);
  }
  return [...byKey.values()].sort(byTime);
}

const messageKey = (m: Message) => (m.id > 0 ? `id:${m.id}` : `echo:${m.echo_id}`);
const byTime = (a: Message, b: Message) => a.created_at - b.created_at || (a.id > 0 && b.id > 0 ? a.id - b.id : a.id > 0 ? -1 : b.id > 0 ? 1 : 0);

const sameMessage = (a: Message, b: Message) => (a.id > 0 && a.id === b.id) || (Boolean(a.echo_id) && a.echo_id === b.echo_id);

/**
 * Puts a message in the cached windows: replaces the copy with its id or echo_id (an optimistic message
 * reconciled by the server's answer or by message.created, whichever comes first), else appends it to the
 * latest window. Nothing happens when the conversation's messages are not cached.
 */
export function upsertMessage(client: QueryClient, accountId: number, message: ViewMessage) {
  const key = conversationKeys.messages(accountId, message.conversation_id);
  const data = client.getQueryData<MessagePages>(key);
  if (!data) return;
  let replaced = false;
  const pages = data.pages.map((page) => {
    if (!page.payload.some((m) => sameMessage(m, message))) return page;
    replaced = true;
    // A late, older copy never undoes a newer state (the answer can arrive after message.updated).
    return { ...page, payload: page.payload.map((m) => (sameMessage(m, message) && !(m.id > 0 && m.updated_at > message.updated_at) ? message : m)) };
  });
  if (!replaced) {
    const [latest, ...older] = pages;
    const first = latest ?? { payload: [], meta: null };
    client.setQueryData<MessagePages>(key, { ...data, pages: [{ ...first, payload: [...first.payload, message] }, ...older] });
    return;
  }
  client.setQueryData<MessagePages>(key, { ...data, pages });
}

/** Changes one cached message (by id or echo_id) in place. */
export function patchMessage(client: QueryClient, accountId: number, conversationId: number, match: Pick<Message, 'id' | 'echo_id'>, patch: (m: ViewMessage) => ViewMessage) {
  const key = conversationKeys.messages(accountId, conversationId);
  const data = client.getQueryData<MessagePages>(key);
  if (!data) return;
  client.setQueryData<MessagePages>(key, {
    ...data,
    pages: data.pages.map((page) => ({ ...page, payload: page.payload.map((m) => (sameMessage(m, match as Message) ? patch(m) : m)) })),
  });
}

/** The newest message the server has given (the reconnect catch-up starts after it). */
export function lastServerMessageId(client: QueryClient, accountId: number, conversationId: number): number | null {
  const messages = flattenMessages(client.getQueryData<MessagePages>(conversationKeys.messages(accountId, conversationId)));
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.id > 0) return messages[i]!.id;
  return null;
}
