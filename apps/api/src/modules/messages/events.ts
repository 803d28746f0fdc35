import type { DomainEvent } from '@app/shared/events';
import type { EventEntry, KnownSubject, OutboxEventName, Presenter, Subjects } from '../../lib/events.ts';
import type { MessageRow } from './queries/rows.ts';

/** The entry of an event about a message. */
export const messageEntry = (row: Pick<MessageRow, 'id' | 'accountId' | 'inboxId' | 'conversationId'>, name: OutboxEventName, screensOnly = false): EventEntry => ({
  name,
  accountId: row.accountId,
  inboxId: row.inboxId,
  subject: { messageId: row.id, conversationId: row.conversationId },
  ...(screensOnly ? { screensOnly } : {}),
});

/** A message the caller has just serialized, so announcing it loads nothing. */
export const knownMessage = (row: Pick<MessageRow, 'id' | 'accountId'>, value: Subjects['message']): KnownSubject => ({ kind: 'message', accountId: row.accountId, id: row.id, value });

const messageOf = (entry: EventEntry, subjects: Parameters<Presenter['present']>[1]) => subjects.get('message', entry.accountId, entry.subject.messageId!);
const needsMessage = (entry: EventEntry) => [['message', entry.subject.messageId!] as const];

/**
 * message.created carries the message and Chatwoot's `conversation` stub (its assignee and last activity), which
 * lists read to move and reorder the conversation; message.updated the message alone.
 */
const created: Presenter = {
  needs: needsMessage,
  present: (entry, subjects) => {
    const found = messageOf(entry, subjects);
    if (!found) return null;
    const { message, assigneeId } = found;
    return {
      name: 'message.created',
      accountId: entry.accountId,
      inboxId: entry.inboxId ?? message.inbox_id,
      data: { ...message, conversation: { assignee_id: assigneeId, last_activity_at: message.created_at } },
    };
  },
};

const updated: Presenter = {
  needs: needsMessage,
  present: (entry, subjects) => {
    const found = messageOf(entry, subjects);
    return found ? { name: 'message.updated', accountId: entry.accountId, inboxId: entry.inboxId ?? found.message.inbox_id, data: found.message } : null;
  },
};

/** A retried message: the channel gets it once more as a new message; screens hear message.updated instead. */
const resend: Presenter = { ...created, screens: false };

/** A mention goes to the mentioned user only, with the message and where it was written. */
const mentioned: Presenter = {
  needs: needsMessage,
  present: (entry, subjects): DomainEvent | null => {
    const found = messageOf(entry, subjects);
    if (!found) return null;
    const inboxId = entry.inboxId ?? found.message.inbox_id;
    return {
      name: 'conversation.mentioned',
      accountId: entry.accountId,
      inboxId,
      userId: entry.subject.userId!,
      data: { id: found.message.conversation_id, inbox_id: inboxId, account_id: entry.accountId, message: found.message },
    };
  },
};

export const messagePresenters = { 'message.created': created, 'message.updated': updated, 'message.resend': resend, 'conversation.mentioned': mentioned };
