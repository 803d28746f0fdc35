import type { InfiniteData } from '@tanstack/react-query';
import type { Agent } from '@app/shared/agents';
import type { Conversation, ConversationCounts } from '@app/shared/conversations';
import type { CustomFilterSchema } from '@app/shared/custom-filters';
import type { Message, MessageList } from '@app/shared/messages';
import type { z } from 'zod';
import { api, ApiError, arrayOf } from '../../lib/api-client.ts';
import { listSearchParams, type CountsFilters, type ListFilters, type ListTool } from './utils/list-filters.ts';

/** One page of a conversation list as the cache keeps it; `meta` is absent for folders (POST filter answers none). */
export type ConversationPage = { payload: Conversation[]; meta: Partial<ConversationCounts> };
export type ConversationPages = InfiniteData<ConversationPage, number>;
/** One window of messages, ascending; the infinite query's pages go from the latest window to older ones. */
export type MessagePage = { payload: Message[]; meta: MessageList['meta'] | null };
export type MessagePages = InfiniteData<MessagePage, number | null>;
/** Who is typing in a conversation, with when the typing_on arrived (indicators clear after 30 s). */
export type Typer = { id: number; name: string; type: string; isPrivate: boolean; at: number };

/**
 * The feature's query keys, all under ['conversations', accountId] so realtime and reconnect can reach them.
 * Inboxes, labels, teams and agents are read here until their own features own them.
 */
export const conversationKeys = {
  account: (accountId: number) => ['conversations', accountId] as const,
  lists: (accountId: number) => [...conversationKeys.account(accountId), 'list'] as const,
  list: (accountId: number, filters: ListFilters) => [...conversationKeys.lists(accountId), filters] as const,
  allCounts: (accountId: number) => [...conversationKeys.account(accountId), 'counts'] as const,
  counts: (accountId: number, filters: CountsFilters) => [...conversationKeys.allCounts(accountId), filters] as const,
  details: (accountId: number) => [...conversationKeys.account(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...conversationKeys.details(accountId), id] as const,
  allMessages: (accountId: number) => [...conversationKeys.account(accountId), 'messages'] as const,
  messages: (accountId: number, id: number) => [...conversationKeys.allMessages(accountId), id] as const,
  typing: (accountId: number, id: number) => [...conversationKeys.account(accountId), 'typing', id] as const,
  participants: (accountId: number, id: number) => [...conversationKeys.account(accountId), 'participants', id] as const,
  contactConversations: (accountId: number, contactId: number) => [...conversationKeys.account(accountId), 'contact', contactId] as const,
  inboxes: (accountId: number) => [...conversationKeys.account(accountId), 'inboxes'] as const,
  labels: (accountId: number) => [...conversationKeys.account(accountId), 'labels'] as const,
  teams: (accountId: number) => [...conversationKeys.account(accountId), 'teams'] as const,
  folders: (accountId: number) => [...conversationKeys.account(accountId), 'folders'] as const,
  assignableAgents: (accountId: number, inboxId: number) => [...conversationKeys.account(accountId), 'assignable', inboxId] as const,
};

export const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;
const conversationsBase = (accountId: number) => `${accountBase(accountId)}/conversations`;
export const conversationBase = (accountId: number, id: number) => `${conversationsBase(accountId)}/${id}`;

export type Folder = z.infer<typeof CustomFilterSchema>;

// Answers are checked against @app/shared's schemas in development only: the schemas (and zod) are loaded on
// demand, so the workspace's chunks ship neither (lib/api-client.ts).
const conversationSchemas = () => import('@app/shared/conversations');
const messageSchemas = () => import('@app/shared/messages');
const contactConversationsSchema = async () => {
  const [{ z }, { ConversationSchema }] = await Promise.all([import('zod'), conversationSchemas()]);
  return z.object({ payload: z.array(ConversationSchema) });
};

// --- conversations

export async function fetchConversationPage(accountId: number, filters: ListFilters, page: number, signal?: AbortSignal): Promise<ConversationPage> {
  if (filters.tool) return fetchToolPage(accountId, filters.tool, page, signal);
  if (filters.scope.kind === 'folder') {
    const folder = await fetchFolder(accountId, filters.scope.folderId, signal);
    const body = { payload: (folder.query as { payload?: unknown }).payload ?? [] };
    const answer = await api(`${conversationsBase(accountId)}/filter?page=${page}`, { method: 'POST', body, schema: () => conversationSchemas().then((m) => m.ConversationPageSchema), signal });
    return { payload: answer.payload, meta: answer.meta };
  }
  const answer = await api(`${conversationsBase(accountId)}?${listSearchParams(filters, page)}`, { schema: () => conversationSchemas().then((m) => m.ConversationListSchema), signal });
  return { payload: answer.data.payload, meta: answer.data.meta };
}

/**
 * A page of a search or an ad-hoc filter. Their counts are of the results, not of the route's tabs, so `meta`
 * stays empty and the tab counts in the cache are left alone.
 */
export async function fetchToolPage(accountId: number, tool: ListTool, page: number, signal?: AbortSignal): Promise<ConversationPage> {
  const schema = () => conversationSchemas().then((m) => m.ConversationPageSchema);
  const answer =
    tool.kind === 'search'
      ? await api(`${conversationsBase(accountId)}/search?${new URLSearchParams({ q: tool.q, page: String(page) })}`, { schema, signal })
      : await api(`${conversationsBase(accountId)}/filter?page=${page}`, { method: 'POST', body: tool.query, schema, signal });
  return { payload: answer.payload, meta: {} };
}

/** GET conversations/meta: the tab counts of a list (the tab itself does not change them). */
export async function fetchCounts(accountId: number, filters: CountsFilters, signal?: AbortSignal): Promise<ConversationCounts> {
  return (await api(`${conversationsBase(accountId)}/meta?${listSearchParams(filters)}`, { schema: () => conversationSchemas().then((m) => m.ConversationMetaSchema), signal })).meta;
}

/** Conversations whose activity falls in the last `seconds` (the reconnect catch-up of 000 section 4). */
export async function fetchUpdatedWithin(accountId: number, filters: ListFilters, seconds: number, page = 1): Promise<ConversationPage> {
  const params = listSearchParams(filters, page);
  params.set('updated_within', String(seconds));
  const answer = await api(`${conversationsBase(accountId)}?${params}`, { schema: () => conversationSchemas().then((m) => m.ConversationListSchema) });
  return { payload: answer.data.payload, meta: answer.data.meta };
}

export const fetchConversation = (accountId: number, id: number, signal?: AbortSignal) =>
  api(conversationBase(accountId, id), { schema: () => conversationSchemas().then((m) => m.ConversationSchema), signal });

export async function fetchMessages(accountId: number, id: number, window: { before?: number; after?: number }, signal?: AbortSignal): Promise<MessagePage> {
  const params = new URLSearchParams();
  if (window.before) params.set('before', String(window.before));
  if (window.after) params.set('after', String(window.after));
  const query = params.size ? `?${params}` : '';
  const answer = await api(`${conversationBase(accountId, id)}/messages${query}`, { schema: () => messageSchemas().then((m) => m.MessageListSchema), signal });
  return { payload: answer.payload, meta: answer.meta };
}

// --- what the workspace shows beside conversations

export const fetchInboxes = async (accountId: number, signal?: AbortSignal) =>
  (await api(`${accountBase(accountId)}/inboxes`, { schema: () => import('@app/shared/inboxes').then((m) => m.InboxListSchema), signal })).payload;
export const fetchLabels = async (accountId: number, signal?: AbortSignal) =>
  (await api(`${accountBase(accountId)}/labels`, { schema: () => import('@app/shared/labels').then((m) => m.LabelListSchema), signal })).payload;
export const fetchTeams = (accountId: number, signal?: AbortSignal) => api(`${accountBase(accountId)}/teams`, { schema: arrayOf(() => import('@app/shared/teams').then((m) => m.TeamSchema)), signal });
export const fetchFolders = (accountId: number, signal?: AbortSignal) =>
  api(`${accountBase(accountId)}/custom_filters?filter_type=conversation`, { schema: arrayOf(() => import('@app/shared/custom-filters').then((m) => m.CustomFilterSchema)), signal });
export const fetchParticipants = (accountId: number, id: number, signal?: AbortSignal) =>
  api(`${conversationBase(accountId, id)}/participants`, { schema: () => import('@app/shared/agents').then((m) => m.AgentListSchema), signal });
export const fetchContactConversations = async (accountId: number, contactId: number, signal?: AbortSignal) =>
  (await api(`${accountBase(accountId)}/contacts/${contactId}/conversations`, { schema: contactConversationsSchema, signal })).payload;

/** 001 section 5: only confirmed agents may be assigned. */
export const fetchAssignableAgents = async (accountId: number, inboxId: number, signal?: AbortSignal): Promise<Agent[]> =>
  (await api(`${accountBase(accountId)}/assignable_agents?inbox_ids[]=${inboxId}`, { schema: () => import('@app/shared/inbox-members').then((m) => m.AssignableAgentListSchema), signal })).payload.filter(
    (agent) => agent.confirmed,
  );

async function fetchFolder(accountId: number, folderId: number, signal?: AbortSignal): Promise<Folder> {
  const folder = (await fetchFolders(accountId, signal)).find((f) => f.id === folderId);
  if (!folder) throw new ApiError(404, { error: 'Resource could not be found' });
  return folder;
}

// --- sending

/** The JSON body of POST messages (001 section 7). */
export type MessageBody = { content: string; private: boolean; echo_id: string; content_attributes?: Record<string, unknown> };

/** POST messages as JSON, or as multipart with `attachments[]` when there are files. */
export async function postMessage(accountId: number, id: number, body: MessageBody, files: File[]): Promise<Message> {
  const path = `${conversationBase(accountId, id)}/messages`;
  if (files.length === 0) return api(path, { method: 'POST', body, schema: () => messageSchemas().then((m) => m.MessageSchema) });
  const form = new FormData();
  form.set('content', body.content);
  form.set('private', String(body.private));
  form.set('echo_id', body.echo_id);
  for (const file of files) form.append('attachments[]', file, file.name);
  const answer = await postForm(path, form);
  // Parsed in every build, as before; the schema is loaded with the answer, off the workspace's chunk.
  return (await messageSchemas()).MessageSchema.parse(answer);
}

/** A multipart POST; the answer is parsed by the caller. */
function postForm(path: string, form: FormData): Promise<unknown> {
  return api(path, { method: 'POST', body: form });
}
