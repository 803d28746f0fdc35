import type { Conversation } from '@app/shared/conversations';
import { canSeeConversation, inboxVisible, type MemberAccess } from '../member-access.ts';
import type { RealtimeEvent } from './types.ts';

/**
 * Who holds a subscription: one user in one account, with their access (lib/member-access.ts, the same value the
 * REST scope is a view of). For members restricted to some conversations of their inboxes, what the hub learned of
 * those conversations, so no event costs a query:
 * - `conversations`: display id → assignee of the conversations they may see, loaded with the REST condition at
 *   subscribe and kept current by every event that carries an assignee; it decides the events that carry none
 *   (activity messages, message updates);
 * - `participating`: display ids of the conversations they participate in, loaded at subscribe and kept current
 *   by `conversation.participants_changed` and their mentions.
 * Both are empty and unused for unrestricted members.
 */
export type Subscriber = {
  userId: number;
  accountId: number;
  access: MemberAccess;
  conversations: Map<number, number | null>;
  participating: Set<number>;
};

/** How many conversations a restricted subscriber's `conversations` map keeps (the most recently active first). */
export const KNOWN_CONVERSATIONS_CAP = 5000;

/**
 * Whether the subscriber may receive the event: never another account's; conversation, message and typing
 * events by the REST conversation scope; contact and payment events by the REST route table (payments also by
 * inbox); mentions only the mentioned user, notifications only their user; typing never back to the typist.
 */
export function canSee(subscriber: Subscriber, event: RealtimeEvent): boolean {
  if (event.accountId !== subscriber.accountId) return false;
  const { access } = subscriber;
  switch (event.name) {
    case 'account.cache_invalidated':
    case 'presence.update':
    case 'resync.required':
      return true;
    case 'conversation.participants_changed':
      return false;
    case 'notification.created':
    case 'notification.updated':
    case 'notification.deleted':
    case 'payment_import.progress':
    case 'contact_import.progress':
    case 'contact_export.ready':
    case 'user:logout':
      return event.userId === subscriber.userId;
    case 'conversation.mentioned':
      return event.userId === subscriber.userId && conversationVisible(subscriber, event);
    case 'contact.created':
    case 'contact.updated':
    case 'contact.deleted':
      return access.reads.contacts;
    case 'payment_record.updated':
    case 'withdraw_issue.created':
    case 'withdraw_issue.updated':
      return access.reads.payments && inboxVisible(access, event.inboxId);
    case 'conversation.typing_on':
    case 'conversation.typing_off':
      if (typistId(event.data) === subscriber.userId) return false;
      return conversationVisible(subscriber, event);
    default:
      return conversationVisible(subscriber, event);
  }
}

type ConversationEvent = Extract<RealtimeEvent, { inboxId: number }>;

/** The REST rule (canSeeConversation) over what the event and the subscriber's state say of the conversation. */
function conversationVisible(subscriber: Subscriber, event: ConversationEvent): boolean {
  const { access } = subscriber;
  if (!access.reads.conversations) return false;
  if (!access.restriction) return inboxVisible(access, event.inboxId);
  const facts = conversationFacts(event);
  let assigneeId = facts.assigneeId;
  if (assigneeId === undefined && facts.displayId !== undefined) assigneeId = subscriber.conversations.get(facts.displayId);
  const participant = facts.displayId !== undefined && subscriber.participating.has(facts.displayId);
  return canSeeConversation(access, { inboxId: event.inboxId, assigneeId, participant });
}

/**
 * Updates what a restricted subscriber knows from an event, before it is judged: participation (participant
 * changes, their mentions) and the assignee of each conversation in reach. Unrestricted subscribers keep nothing.
 * Answers true when the event takes out of their reach a conversation they could see until now (assigned away):
 * that event is theirs still, so their list lets the conversation go instead of keeping it until a reload.
 */
export function observe(subscriber: Subscriber, event: RealtimeEvent): boolean {
  const { access } = subscriber;
  if (event.accountId !== subscriber.accountId || !access.restriction) return false;
  if (!('inboxId' in event) || !inboxVisible(access, event.inboxId)) return false;
  const facts = conversationFacts(event);
  if (facts.displayId === undefined) return false;
  if (event.name === 'conversation.participants_changed') {
    if (event.data.user_ids.includes(subscriber.userId)) subscriber.participating.add(facts.displayId);
    else subscriber.participating.delete(facts.displayId);
    return false;
  }
  if (event.name === 'conversation.mentioned') {
    // a mention makes the mentioned user a participant (messages/queries recordMentions)
    if (event.userId === subscriber.userId) subscriber.participating.add(facts.displayId);
    return false;
  }
  if (facts.assigneeId === undefined) return false;
  const participant = subscriber.participating.has(facts.displayId);
  const leaving = leavingOf(subscriber);
  if (canSeeConversation(access, { inboxId: event.inboxId, assigneeId: facts.assigneeId, participant })) {
    remember(subscriber.conversations, facts.displayId, facts.assigneeId);
    leaving.delete(facts.displayId);
    return false;
  }
  // The first event of a change to carry the new assignee may be its activity message; the conversation event
  // that follows it is the one a list moves rows by.
  if (subscriber.conversations.delete(facts.displayId)) {
    leaving.add(facts.displayId);
    if (leaving.size > KNOWN_CONVERSATIONS_CAP) leaving.delete(leaving.values().next().value!);
  }
  if (!LEAVING_EVENTS.has(event.name) || !leaving.has(facts.displayId)) return false;
  leaving.delete(facts.displayId);
  return true;
}

/** The events that can take a conversation out of a restricted member's reach, delivered to them that once. */
const LEAVING_EVENTS = new Set<string>(['assignee.changed', 'conversation.updated']);

/** Per subscriber: the conversations just taken out of their reach whose leaving event they have not had yet. */
const leavingSets = new WeakMap<Subscriber, Set<number>>();
function leavingOf(subscriber: Subscriber): Set<number> {
  let set = leavingSets.get(subscriber);
  if (!set) leavingSets.set(subscriber, (set = new Set()));
  return set;
}

function remember(known: Map<number, number | null>, displayId: number, assigneeId: number | null) {
  known.delete(displayId);
  known.set(displayId, assigneeId);
  // insertion order is recency: the least recently seen goes first
  if (known.size > KNOWN_CONVERSATIONS_CAP) known.delete(known.keys().next().value!);
}

/**
 * The conversation an event is about, as its payload says: display id, and the assignee when the payload carries
 * it (undefined when not: null means unassigned). Conversation payloads carry `meta.assignee`; messages created by
 * createMessage carry `conversation.assignee_id`; typing events the conversation under `conversation`.
 */
export function conversationFacts(event: ConversationEvent): { displayId: number | undefined; assigneeId: number | null | undefined } {
  switch (event.name) {
    case 'message.created':
    case 'message.updated':
      return { displayId: event.data.conversation_id, assigneeId: event.data.conversation?.assignee_id };
    case 'conversation.typing_on':
    case 'conversation.typing_off':
      return presentedFacts(event.data.conversation);
    case 'conversation.mentioned':
      return { displayId: event.data.id, assigneeId: undefined };
    case 'conversation.participants_changed':
      return { displayId: event.data.conversation_id, assigneeId: undefined };
    case 'payment_record.updated':
    case 'withdraw_issue.created':
    case 'withdraw_issue.updated':
      return { displayId: undefined, assigneeId: undefined };
    default:
      return presentedFacts(event.data);
  }
}

/** A presented conversation's display id and assignee; a payload without `meta` (not expected) says nothing. */
function presentedFacts(conversation: Conversation | undefined) {
  const meta = conversation?.meta as Conversation['meta'] | undefined;
  return { displayId: conversation?.id, assigneeId: meta ? (meta.assignee?.id ?? null) : undefined };
}

/** The agent who is typing, from Chatwoot's `{conversation, user: {id, type}}` typing payload. */
export function typistId(data: Record<string, unknown>): number | undefined {
  const user = data['user'] as { id?: unknown; type?: unknown } | undefined;
  return user && user.type === 'user' && typeof user.id === 'number' ? user.id : undefined;
}

/** The conversation id of a typing payload. */
export function typingConversationId(data: Record<string, unknown>): number | undefined {
  const conversation = data['conversation'] as { id?: unknown } | undefined;
  return typeof conversation?.id === 'number' ? conversation.id : undefined;
}
