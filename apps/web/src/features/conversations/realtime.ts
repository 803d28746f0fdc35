import type { QueryClient } from '@tanstack/react-query';
import type { ContactPush } from '@app/shared/contacts';
import type { Conversation } from '@app/shared/conversations';
import { MESSAGE_TYPES } from '@app/shared/constants';
import type { Message } from '@app/shared/messages';
import { conversationKeys, type Typer } from './api.ts';
import { adjustCounts, staleAllCounts } from './utils/counts-cache.ts';
import { findConversation, knownMember, patchConversation, removeFromLists, writeToLists } from './utils/list-cache.ts';
import { conversationTypeOf, type CountsFilters, type ListKind } from './utils/list-filters.ts';
import { patchMessage, upsertMessage } from './utils/messages-cache.ts';
import type { ChangedAttributes, ConversationEventData, MessageEventData, TypingEventData } from '@app/shared/events';
import { CONVERSATION_EVENTS } from '@app/shared/events-constants';
import { restrictionAllows, type ConversationRestriction } from '@app/shared/permissions';
import type { CableMessage } from '../../lib/realtime/index.ts';

/** What applying an event needs besides the cache: who is looking, and the follow-ups it may ask for. */
export type RealtimeContext = {
  accountId: number;
  userId: number;
  /** null: the user sees every conversation of their inboxes; otherwise only some (a custom role's restriction). */
  restriction: ConversationRestriction | null;
  /** The conversation on screen: its incoming messages are read as they arrive. */
  openConversationId: number | null;
  /** A message arrived for a conversation no list holds: fetch it, then `placeFetched` it. */
  fetchConversation: (id: number, options: { mentioned: boolean }) => void;
  /** Tab counts the cache could not update itself (the old state was unknown): fetched again, batched. */
  staleCounts: (filters: CountsFilters) => void;
  now?: () => number;
};

const CONVERSATION_CHANGES = new Set<string>(CONVERSATION_EVENTS);

/** conversation.created/updated/status_changed/…: the events whose payload is the conversation itself. */
const isConversationChange = (event: CableMessage): event is CableMessage<(typeof CONVERSATION_EVENTS)[number]> => CONVERSATION_CHANGES.has(event.event);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isConversation = (value: unknown): value is Conversation => isObject(value) && typeof value.id === 'number' && isObject(value.meta);

const TYPED_KINDS: ListKind[] = ['mentions', 'participating'];

/**
 * Writes a conversation's new state into lists, detail and tab counts. `before` null: new to everyone
 * (conversation.created); undefined: unknown (counts then refetched); `counts: false` when the change
 * moves no count (a conversation fetched only to be shown).
 */
function place(client: QueryClient, ctx: RealtimeContext, after: Conversation, before: Conversation | null | undefined, options: { mentioned?: boolean; counts?: boolean } = {}) {
  const members = Object.fromEntries(TYPED_KINDS.map((kind) => [kind, knownMember(client, ctx.accountId, kind, after.id)])) as Record<ListKind, boolean>;
  if (options.mentioned) members.mentions = true;
  // A restricted member is told when a conversation leaves their reach (assigned to someone else): it leaves every
  // list, and the server counts again. Where only their participation could tell, the rows stay as they are.
  if (restrictionAllows(ctx.restriction, ctx.userId, after.meta.assignee?.id ?? null, members.participating || undefined) === false) {
    removeFromLists(client, ctx.accountId, after);
    if (options.counts !== false) staleAllCounts(client, ctx.accountId, ctx.staleCounts);
    return;
  }
  writeToLists(client, ctx.accountId, ctx.userId, after, (kind, wasIn) => wasIn || Boolean(members[kind]));
  if (options.counts === false) return;
  adjustCounts(client, ctx.accountId, ctx.userId, before, after, (filters: CountsFilters) => {
    const type = conversationTypeOf(filters.scope);
    if (!type || type === 'unattended') return { before: false, after: false };
    // A mention made now may add one; an earlier mention outside the loaded rows cannot be told apart.
    if (options.mentioned && type === 'mention') return null;
    const known = members[filters.scope.kind] ?? false;
    return known ? { before: true, after: true } : null;
  }, ctx.staleCounts);
}

/** A conversation fetched because an event named it (see RealtimeContext.fetchConversation). */
export function placeFetched(client: QueryClient, ctx: RealtimeContext, conversation: Conversation, options: { mentioned: boolean }) {
  // Fetched to be shown, not changed: only a new mention moves a count (the mention lists', refetched).
  place(client, ctx, conversation, conversation, { mentioned: options.mentioned, counts: options.mentioned });
}

/** The conversation as it was before the change the event reports, rebuilt from its changed attributes. */
export function previousState(after: Conversation, changes: ChangedAttributes): Conversation {
  const before: Conversation = { ...after, meta: { ...after.meta } };
  const was = (key: string) => changes[key]?.previous_value;
  if ('status' in changes) before.status = was('status') as Conversation['status'];
  if ('priority' in changes) before.priority = (was('priority') ?? null) as Conversation['priority'];
  if ('inbox_id' in changes) before.inbox_id = was('inbox_id') as number;
  if ('labels' in changes) before.labels = (was('labels') as string[] | null) ?? [];
  if ('assignee_id' in changes) {
    const id = was('assignee_id') as number | null;
    // Only the id counts for the tabs; the rest of the old assignee is not in the event.
    before.meta.assignee = id === null ? null : ({ ...(after.meta.assignee ?? {}), id } as NonNullable<Conversation['meta']['assignee']>);
  }
  if ('team_id' in changes) {
    const id = was('team_id') as number | null;
    before.meta.team = id === null ? null : { id, name: after.meta.team?.name ?? '' };
  }
  return before;
}

function conversationChanged(client: QueryClient, ctx: RealtimeContext, name: string, data: ConversationEventData) {
  const { changed_attributes: changes, ...after } = data;
  const known = findConversation(client, ctx.accountId, after.id);
  // Events arrive in order, but a REST answer may already have brought a newer state.
  if (known && known.updated_at > after.updated_at) return;
  // The counts move by what the event says changed; without changed_attributes nothing they count by did
  // (a read, a custom attribute), so a conversation the cache does not know leaves them alone.
  let before: Conversation | null;
  if (changes) before = previousState(after, changes);
  else if (name === 'conversation.created') before = known ?? null;
  else before = known ?? after;
  place(client, ctx, after, before);
}

/** What a message does to its conversation's row, as the server does it (unread, waiting, first reply, preview). */
export function withMessage(conversation: Conversation, message: MessageEventData, openConversationId: number | null): Conversation {
  const type = MESSAGE_TYPES[message.message_type];
  const { conversation: stub, ...plain } = message;
  const publicIncoming = type === 'incoming' && !message.private;
  const agentReply = type === 'outgoing' && !message.private && message.sender_type === 'User';
  return {
    ...conversation,
    messages: [plain],
    last_non_activity_message: type === 'activity' ? conversation.last_non_activity_message : plain,
    last_activity_at: Math.max(conversation.last_activity_at, stub?.last_activity_at ?? message.created_at),
    unread_count: publicIncoming && conversation.id !== openConversationId ? conversation.unread_count + 1 : conversation.unread_count,
    waiting_since: publicIncoming ? conversation.waiting_since || message.created_at : agentReply ? 0 : conversation.waiting_since,
    first_reply_created_at: agentReply ? conversation.first_reply_created_at || message.created_at : conversation.first_reply_created_at,
  };
}

function messageCreated(client: QueryClient, ctx: RealtimeContext, message: MessageEventData) {
  const { conversation: _stub, ...plain } = message;
  upsertMessage(client, ctx.accountId, plain);
  const known = findConversation(client, ctx.accountId, message.conversation_id);
  if (!known) {
    ctx.fetchConversation(message.conversation_id, { mentioned: false });
    return;
  }
  // The same message twice (replay after a reconnect, or our own answer first) changes nothing more.
  if (known.messages.some((m) => m.id === message.id)) return;
  place(client, ctx, withMessage(known, message, ctx.openConversationId), known);
}

function messageUpdated(client: QueryClient, ctx: RealtimeContext, message: Message) {
  patchMessage(client, ctx.accountId, message.conversation_id, message, () => message);
  patchConversation(client, ctx.accountId, message.conversation_id, (c) =>
    c.messages.some((m) => m.id === message.id)
      ? { ...c, messages: c.messages.map((m) => (m.id === message.id ? message : m)), last_non_activity_message: c.last_non_activity_message?.id === message.id ? message : c.last_non_activity_message }
      : c,
  );
}

function typing(client: QueryClient, ctx: RealtimeContext, on: boolean, data: TypingEventData) {
  const key = conversationKeys.typing(ctx.accountId, data.conversation.id);
  const current = client.getQueryData<Typer[]>(key) ?? [];
  const others = current.filter((t) => !(t.id === data.user.id && t.type === data.user.type));
  const now = ctx.now?.() ?? Date.now();
  client.setQueryData<Typer[]>(key, on ? [...others, { ...data.user, isPrivate: Boolean(data.is_private), at: now }] : others);
}

/** The loaded conversations of a contact, once each. */
function conversationsOf(client: QueryClient, accountId: number, contactId: number): Conversation[] {
  const found = new Map<number, Conversation>();
  for (const [, data] of client.getQueriesData<{ pages: { payload: Conversation[] }[] }>({ queryKey: conversationKeys.lists(accountId) })) {
    data?.pages.forEach((page) => page.payload.forEach((c) => c.meta.sender.id === contactId && !found.has(c.id) && found.set(c.id, c)));
  }
  return [...found.values()];
}

function contactUpdated(client: QueryClient, ctx: RealtimeContext, contact: ContactPush) {
  for (const { id } of conversationsOf(client, ctx.accountId, contact.id)) {
    patchConversation(client, ctx.accountId, id, (c) => ({ ...c, meta: { ...c.meta, sender: { ...c.meta.sender, ...pickContact(contact) } } }));
  }
}

/**
 * A deleted contact takes its conversations with it (in the same transaction, or by the delete job soon after, and
 * hidden meanwhile): they leave every list, an open one is fetched again (and shown gone), and the tab counts are
 * fetched again.
 */
function contactDeleted(client: QueryClient, ctx: RealtimeContext, contact: { id: number }) {
  const gone = conversationsOf(client, ctx.accountId, contact.id);
  for (const conversation of gone) {
    removeFromLists(client, ctx.accountId, conversation);
    void client.invalidateQueries({ queryKey: conversationKeys.detail(ctx.accountId, conversation.id) });
  }
  if (gone.length > 0) staleAllCounts(client, ctx.accountId, ctx.staleCounts);
}

const pickContact = (contact: ContactPush) =>
  Object.fromEntries(Object.entries({ name: contact.name, email: contact.email, phone_number: contact.phone_number, thumbnail: contact.thumbnail }).filter(([, v]) => v !== undefined));

const accountOf = (data: Record<string, unknown>): unknown =>
  data.account_id ?? (isObject(data.conversation) ? data.conversation.account_id : undefined);

/**
 * Applies one realtime event to this feature's caches (000 section 7): lists, counts, detail, messages and
 * typing. Events of other accounts are ignored; `resync.required` is lib/realtime's (it refetches the screen).
 * Answers whether the event was one of ours.
 */
export function applyEvent(client: QueryClient, event: CableMessage, ctx: RealtimeContext): boolean {
  // The payload is typed by the event's name; a malformed frame is still turned away here.
  const raw: unknown = event.data;
  if (!isObject(raw)) return false;
  const account = accountOf(raw);
  if (account !== undefined && account !== ctx.accountId) return false;
  if (isConversationChange(event)) {
    if (!isConversation(event.data)) return false;
    conversationChanged(client, ctx, event.event, event.data);
    return true;
  }
  switch (event.event) {
    case 'message.created':
      messageCreated(client, ctx, event.data);
      return true;
    case 'message.updated':
      messageUpdated(client, ctx, event.data);
      return true;
    case 'conversation.typing_on':
    case 'conversation.typing_off':
      if (!isConversation(event.data.conversation) || !isObject(event.data.user)) return false;
      typing(client, ctx, event.event === 'conversation.typing_on', event.data);
      return true;
    case 'conversation.mentioned': {
      const { id } = event.data;
      const known = findConversation(client, ctx.accountId, id);
      if (known) place(client, ctx, known, known, { mentioned: true });
      else ctx.fetchConversation(id, { mentioned: true });
      return true;
    }
    case 'contact.updated':
      contactUpdated(client, ctx, event.data);
      return true;
    case 'contact.deleted':
      if (typeof event.data.id !== 'number') return false;
      contactDeleted(client, ctx, event.data);
      return true;
    default:
      return false;
  }
}
