import { messageTypeNumber } from '@app/shared/messages-constants';
import { canAccess } from '@app/shared/permissions';
import { SEARCH_ALL_PREVIEW, SEARCH_PAGE_SIZE, type SearchContact, type SearchConversation, type SearchMessage, type SearchQuery } from '@app/shared/search';
import { forbidden } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { serializeContactPush } from '../contacts/service.ts';
import { conversationScope, scopeCondition, searchMatching } from '../conversations/service.ts';
import { latestMessages, people, searchContactRows, searchConversationPage, searchMessageRows, type ContactRow, type SearchMessageRow } from './queries.ts';
import { excerpt, firstMatch } from './snippet.ts';

/** Message search needs three characters for the trigram index to narrow anything down (as conversation search). */
const MIN_MESSAGE_SEARCH = 3;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

type Window = { limit: number; offset: number };
const pageWindow = (page: number, size: number): Window => ({ limit: size, offset: (page - 1) * size });

const mayReadContacts = (ctx: AccountCtx) => canAccess(ctx.membership.permissions, 'api:contacts.index');
const mayReadConversations = (ctx: AccountCtx) => canAccess(ctx.membership.permissions, 'api:conversations.index');

async function contactResults(ctx: AccountCtx, q: string, window: Window): Promise<SearchContact[]> {
  const rows = await searchContactRows(ctx.db, ctx.accountId, q, window.limit, window.offset);
  const url = (key: string) => ctx.storage.url(key);
  return rows.map((row) => {
    const { type: _type, ...contact } = serializeContactPush(row, url);
    return {
      ...contact,
      availability_status: 'offline' as const,
      last_activity_at: row.lastActivityAt ? unix(row.lastActivityAt) : null,
      created_at: unix(row.createdAt),
      // q may span two handles (the index searches them joined): then the name stands for the match
      matched: contactMatch(row, q, '') ?? { field: 'name', snippet: excerpt(row.name, q) },
    };
  });
}

/** Which handle of the contact holds q: name, email, phone_number or identifier (prefixed for a conversation's contact). */
function contactMatch(row: Pick<ContactRow, 'name' | 'email' | 'phoneNumber' | 'identifier'>, q: string, prefix: string) {
  const fields: [string, string | null][] = [
    ['name', row.name],
    ['email', row.email],
    ['phone_number', row.phoneNumber],
    ['identifier', row.identifier],
  ];
  return firstMatch(fields.map(([field, text]) => [`${prefix}${field}`, text]), q);
}

async function conversationResults(ctx: AccountCtx, q: string, window: Window): Promise<SearchConversation[]> {
  const [scope, matches] = await Promise.all([conversationScope(ctx), searchMatching(ctx.db, ctx.accountId, q)]);
  const rows = await searchConversationPage(ctx.db, scopeCondition(scope), matches, window);
  const ids = rows.map((r) => r.id);
  const [latest, matching, names] = await Promise.all([
    latestMessages(ctx.db, ids, null),
    q.length >= MIN_MESSAGE_SEARCH ? latestMessages(ctx.db, ids, q) : Promise.resolve(new Map<number, { content: string | null }>()),
    people(ctx.db, { users: rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])), contacts: [], bots: [] }),
  ]);
  const thumb = (key: string | null) => (key ? ctx.storage.url(key) : '');
  return rows.map((row) => {
    const assignee = row.assigneeId ? names.users.get(row.assigneeId) : undefined;
    const message = latest.get(row.id);
    const matched =
      (String(row.displayId) === q ? { field: 'id', snippet: `#${row.displayId}` } : null) ??
      contactMatch(row.contact, q, 'contact.') ??
      { field: 'message', snippet: excerpt(matching.get(row.id)?.content ?? '', q) };
    return {
      id: row.displayId,
      account_id: row.accountId,
      status: row.status,
      created_at: unix(row.createdAt),
      last_activity_at: unix(row.lastActivityAt),
      inbox: { id: row.inbox.id, name: row.inbox.name, channel_type: row.inbox.channelType },
      contact: { id: row.contact.id, name: row.contact.name, thumbnail: thumb(row.contact.avatarKey), email: row.contact.email, phone_number: row.contact.phoneNumber },
      assignee: assignee ? { id: assignee.id, name: assignee.name, thumbnail: thumb(assignee.avatarKey) } : null,
      message: message ? { id: message.id, content: message.content, created_at: unix(message.createdAt) } : null,
      matched,
    };
  });
}

async function messageResults(ctx: AccountCtx, q: string, window: Window): Promise<SearchMessage[]> {
  if (q.length < MIN_MESSAGE_SEARCH) return [];
  const scope = await conversationScope(ctx);
  const rows = await searchMessageRows(ctx.db, ctx.accountId, scopeCondition(scope), q, window);
  const ids = (type: SearchMessageRow['senderType']) => [...new Set(rows.flatMap((r) => (r.senderType === type && r.senderId ? [r.senderId] : [])))];
  const names = await people(ctx.db, { users: ids('User'), contacts: ids('Contact'), bots: ids('AgentBot') });
  const thumb = (key: string | null) => (key ? ctx.storage.url(key) : '');
  return rows.map((row) => {
    const kind = row.senderType === 'User' ? 'user' : row.senderType === 'Contact' ? 'contact' : row.senderType === 'AgentBot' ? 'agent_bot' : null;
    const person = row.senderId === null ? undefined : kind === 'user' ? names.users.get(row.senderId) : kind === 'contact' ? names.contacts.get(row.senderId) : names.bots.get(row.senderId);
    return {
      id: row.id,
      content: row.content ?? '',
      message_type: messageTypeNumber(row.messageType),
      private: row.private,
      created_at: unix(row.createdAt),
      conversation_id: row.displayId,
      inbox: { id: row.inbox.id, name: row.inbox.name, channel_type: row.inbox.channelType },
      sender: kind && person ? { id: person.id, name: person.name, thumbnail: thumb(person.avatarKey), type: kind } : null,
      matched: { field: 'content', snippet: excerpt(row.content ?? '', q) },
    };
  });
}

/** GET search: the first few of each part the caller may see (contacts need contact access; the rest conversation access). */
export async function searchAll(ctx: AccountCtx, query: SearchQuery) {
  const window = pageWindow(query.page, SEARCH_ALL_PREVIEW);
  const readsConversations = mayReadConversations(ctx);
  const [contacts, conversations, messages] = await Promise.all([
    mayReadContacts(ctx) ? contactResults(ctx, query.q, window) : [],
    readsConversations ? conversationResults(ctx, query.q, window) : [],
    readsConversations ? messageResults(ctx, query.q, window) : [],
  ]);
  return { payload: { contacts, conversations, messages } };
}

/** GET search/contacts: 403 without contact access. */
export async function searchContacts(ctx: AccountCtx, query: SearchQuery) {
  if (!mayReadContacts(ctx)) throw forbidden();
  return { payload: { contacts: await contactResults(ctx, query.q, pageWindow(query.page, SEARCH_PAGE_SIZE)) } };
}

/** GET search/conversations: within the caller's conversation scope; 403 without conversation access. */
export async function searchConversations(ctx: AccountCtx, query: SearchQuery) {
  if (!mayReadConversations(ctx)) throw forbidden();
  return { payload: { conversations: await conversationResults(ctx, query.q, pageWindow(query.page, SEARCH_PAGE_SIZE)) } };
}

/** GET search/messages: messages of conversations in the caller's scope, newest first; q needs three characters. */
export async function searchMessages(ctx: AccountCtx, query: SearchQuery) {
  if (!mayReadConversations(ctx)) throw forbidden();
  return { payload: { messages: await messageResults(ctx, query.q, pageWindow(query.page, SEARCH_PAGE_SIZE)) } };
}
