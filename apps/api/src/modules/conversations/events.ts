import type { ChangedAttributes, CONVERSATION_EVENTS, DomainEvent, TypingEventData } from '@app/shared/events';
import type { EventEntry, Presenter } from '../../lib/events.ts';
import type { ConversationRow } from './queries.ts';

type ConversationEventName = (typeof CONVERSATION_EVENTS)[number];

/**
 * The entries of a change to a conversation: what each event is about, who made it and what it did to the
 * attributes lists count by (recorded with it, so every listener hears the same).
 */
export function conversationEntries(row: Pick<ConversationRow, 'id' | 'accountId' | 'inboxId'>, names: readonly ConversationEventName[], actorId?: number, changed?: ChangedAttributes): EventEntry[] {
  return names.map((name) => ({
    name,
    accountId: row.accountId,
    inboxId: row.inboxId,
    subject: { conversationId: row.id, ...(actorId ? { actorId } : {}), ...(changed ? { data: { changed_attributes: changed } } : {}) },
  }));
}

/** The attributes the tab counts and list filters depend on: a client moves a conversation between them. */
const COUNTED = { status: 'status', assigneeId: 'assignee_id', teamId: 'team_id', inboxId: 'inbox_id', priority: 'priority', labels: 'labels' } as const;

/**
 * What a change did to the attributes lists count by, `{assignee_id: {previous_value, current_value}}`
 * (Chatwoot's changed_attributes shape): with it a client updates its tab counts from the event itself
 * instead of refetching `meta` on every event. Undefined when none of them changed.
 */
export function changedAttributes(before: Partial<ConversationRow>, after: Partial<ConversationRow>): ChangedAttributes | undefined {
  const changed: ChangedAttributes = {};
  for (const [column, key] of Object.entries(COUNTED) as [keyof typeof COUNTED, string][]) {
    const previous = before[column];
    const current = after[column];
    if (JSON.stringify(previous) !== JSON.stringify(current)) changed[key] = { previous_value: previous ?? null, current_value: current ?? null };
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

export type { ChangedAttributes };

/** A conversation event carries the conversation as clients show it (Chatwoot's push payload) and what the change did. */
const conversationEvent: Presenter = {
  needs: (entry) => [['conversation', entry.subject.conversationId!]],
  present: (entry, subjects) => {
    const conversation = subjects.get('conversation', entry.accountId, entry.subject.conversationId!);
    if (!conversation) return null;
    const { actorId, data } = entry.subject;
    return {
      name: entry.name as ConversationEventName,
      accountId: entry.accountId,
      inboxId: entry.inboxId ?? conversation.inbox_id,
      ...(actorId ? { actorId } : {}),
      data: { ...conversation, ...data },
    };
  },
};

/** Typing changes nothing: the entry carries its payload. */
const typingEvent: Presenter = {
  present: (entry) =>
    // the payload toggleTyping recorded (jsonb keeps no type)
    entry.subject.data ? ({ name: entry.name, accountId: entry.accountId, inboxId: entry.inboxId ?? 0, data: entry.subject.data as TypingEventData } as DomainEvent) : null,
};

export const conversationPresenters = {
  'conversation.created': conversationEvent,
  'conversation.updated': conversationEvent,
  'conversation.status_changed': conversationEvent,
  'conversation.read': conversationEvent,
  'conversation.contact_changed': conversationEvent,
  'assignee.changed': conversationEvent,
  'first.reply.created': conversationEvent,
  'conversation.typing_on': typingEvent,
  'conversation.typing_off': typingEvent,
};
