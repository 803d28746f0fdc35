import { readsBeside, type Executor } from '@app/db';
import type { DomainEvent } from '@app/shared/events';
import { messageTypeNumber } from '@app/shared/messages';
import { DEFAULT_EMAIL_FLAGS, DEFAULT_PUSH_FLAGS, type Notification, type NotificationActorType, type NotificationType } from '@app/shared/notifications';
import { systemCtx, type Services } from '../../lib/context.ts';
// the parser of the note's mention links (a pure function; the messages service does not re-export it)
import { mentionedUserIds } from '../messages/mentions.ts';
import { presentNotifications } from './present.ts';
import {
  conversationFacts,
  countsByUser,
  eligibleRecipients,
  inboxMemberIds,
  insertNotificationRows,
  participantIds,
  type NewNotification,
  type NotificationRow,
} from './queries.ts';

type Draft = { userId: number; type: NotificationType; secondary: { type: NotificationActorType; id: number } | null };
type Facts = Awaited<ReturnType<typeof conversationFacts>>[number];
type Recipient = Awaited<ReturnType<typeof eligibleRecipients>>[number];

/** What planning one account's events reads, loaded for all of them at once (a fixed number of queries). */
type Known = { conversations: Map<number, Facts>; members: Map<number, number[]>; participants: Map<number, number[]> };

const NOTIFIABLE_MESSAGE_TYPES = new Set([messageTypeNumber('incoming'), messageTypeNumber('outgoing')]);

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** conversation_creation is made only for users who asked for it by e-mail or push (Chatwoot's NotificationBuilder). */
function subscribed(recipient: Recipient, type: NotificationType): boolean {
  const email: readonly string[] = recipient.emailFlags ?? DEFAULT_EMAIL_FLAGS;
  const push: readonly string[] = recipient.pushFlags ?? DEFAULT_PUSH_FLAGS;
  return email.includes(`email_${type}`) || push.includes(`push_${type}`);
}

/** The display id of the conversation an event is about. */
const conversationOf = (event: DomainEvent): number | null => {
  const data = record(event.data);
  return int(event.name === 'message.created' ? data['conversation_id'] : data['id']);
};

/**
 * Who an event may notify, as Chatwoot's NotificationListener and NewMessageNotificationService decide:
 * - conversation.created: the inbox's members who subscribed to conversation_creation, not the actor,
 *   unless the conversation is pending (a bot has it);
 * - assignee.changed: the new assignee (conversation_assignment), unless they assigned themselves;
 * - conversation.mentioned: the mentioned user (conversation_mention);
 * - message.created (incoming or outgoing, notes included): the assignee
 *   (assigned_conversation_new_message), then the participants (participating_conversation_new_message),
 *   never the sender, nor a user the message mentions (they get the mention).
 * Only administrators and agents are notified (checkers cannot read notifications), and nobody but a
 * mentioned user hears of a blocked contact's conversation: `eligible` keeps those of the drafts.
 */
function plan(event: DomainEvent, known: Known): { facts: Facts; drafts: Draft[] } | null {
  const displayId = conversationOf(event);
  const facts = displayId === null ? undefined : known.conversations.get(displayId);
  if (!facts) return null;
  const actor = 'actorId' in event && event.actorId ? { type: 'User' as const, id: event.actorId } : null;
  switch (event.name) {
    case 'conversation.created': {
      if (facts.status === 'pending' || facts.contactBlocked) return null;
      const members = (known.members.get(facts.inboxId) ?? []).filter((id) => id !== event.actorId);
      return { facts, drafts: members.map((userId) => ({ userId, type: 'conversation_creation', secondary: actor })) };
    }
    case 'assignee.changed': {
      if (facts.status === 'pending' || facts.contactBlocked) return null;
      // the assignee as the event saw it; the row's when the payload has no meta
      const meta = record(event.data['meta']);
      const assigneeId = 'assignee' in meta ? int(record(meta['assignee'])['id']) : facts.assigneeId;
      if (assigneeId === null || assigneeId === event.actorId) return null;
      return { facts, drafts: [{ userId: assigneeId, type: 'conversation_assignment', secondary: actor }] };
    }
    case 'conversation.mentioned': {
      const messageId = int(record(event.data['message'])['id']);
      const secondary = messageId === null ? null : { type: 'Message' as const, id: messageId };
      return { facts, drafts: [{ userId: event.userId, type: 'conversation_mention', secondary }] };
    }
    case 'message.created': {
      const message = event.data;
      const messageId = int(message['id']);
      if (messageId === null || !NOTIFIABLE_MESSAGE_TYPES.has(int(message['message_type']) ?? -1) || facts.contactBlocked) return null;
      const senderId = message['sender_type'] === 'User' ? int(message['sender_id']) : null;
      const mentioned = message['private'] === true ? mentionedUserIds(typeof message['content'] === 'string' ? message['content'] : null) : [];
      const skip = new Set([senderId, ...mentioned]);
      const assignee = facts.assigneeId !== null && !skip.has(facts.assigneeId) ? [facts.assigneeId] : [];
      const participants = (known.participants.get(facts.id) ?? []).filter((id) => !skip.has(id) && !assignee.includes(id));
      const secondary = { type: 'Message' as const, id: messageId };
      return {
        facts,
        drafts: [
          ...assignee.map((userId) => ({ userId, type: 'assigned_conversation_new_message' as const, secondary })),
          ...participants.map((userId) => ({ userId, type: 'participating_conversation_new_message' as const, secondary })),
        ],
      };
    }
    default:
      return null;
  }
}

/** Of an event's drafts, in order and once per user, those whose user may read notifications (and, for creation, asked for it). */
function eligible(drafts: Draft[], recipients: Map<number, Recipient>): Draft[] {
  const seen = new Set<number>();
  return drafts.filter((d) => {
    const recipient = recipients.get(d.userId);
    if (!recipient || seen.has(d.userId) || (d.type === 'conversation_creation' && !subscribed(recipient, d.type))) return false;
    seen.add(d.userId);
    return true;
  });
}

/** The notification rows of one account's events, read in a fixed number of queries whatever their number. */
async function rowsFor(db: Executor, accountId: number, events: DomainEvent[]) {
  const displayIds = [...new Set(events.flatMap((e) => conversationOf(e) ?? []))];
  const conversations = new Map((await conversationFacts(db, accountId, displayIds)).map((c) => [c.displayId, c]));
  const about = (name: DomainEvent['name']) => events.filter((e) => e.name === name).flatMap((e) => conversations.get(conversationOf(e) ?? 0) ?? []);
  const members = await inboxMemberIds(db, accountId, [...new Set(about('conversation.created').map((c) => c.inboxId))]);
  const participants = await participantIds(db, [...new Set(about('message.created').map((c) => c.id))]);
  const planned = events.flatMap((e) => plan(e, { conversations, members, participants }) ?? []);
  const candidates = [...new Set(planned.flatMap((p) => p.drafts.map((d) => d.userId)))];
  const recipients = new Map((await eligibleRecipients(db, accountId, candidates)).map((r) => [r.userId, r]));
  return planned.flatMap(({ facts, drafts }) =>
    eligible(drafts, recipients).map((d) => ({
      accountId,
      userId: d.userId,
      notificationType: d.type,
      primaryActorId: facts.id,
      secondaryActorType: d.secondary?.type ?? null,
      secondaryActorId: d.secondary?.id ?? null,
    })),
  );
}

/**
 * The notifications domain events cause, written in one statement (pass a transaction to commit them
 * with other work; the relay passes a batch's events). Answers the rows; announce them per account with
 * announceCreated after the commit. `reads` is where what decides the recipients is read (conversations, members,
 * participants, settings): the relay reads that beside its transaction (readsBeside), as it was committed before the
 * events.
 */
export async function insertNotificationsForEvents(db: Executor, events: readonly DomainEvent[], reads: Executor = db): Promise<NotificationRow[]> {
  const rows: NewNotification[] = [];
  for (const accountId of new Set(events.map((e) => e.accountId))) rows.push(...(await rowsFor(reads, accountId, events.filter((e) => e.accountId === accountId))));
  return insertNotificationRows(db, rows);
}

/**
 * notification.created to each recipient, with their counts; presented in a fixed number of queries.
 * Answers the presented notifications (what pushCreated sends on).
 */
export async function announceCreated(services: Services, accountId: number, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  // reads by ids after the relay's commit: on its pool of generic plans (readsBeside) where there is one
  const db = readsBeside(services.db) ?? services.db;
  const ctx = { ...systemCtx(services, accountId, 'notifications'), db };
  const [notifications, counts] = await Promise.all([presentNotifications(ctx, rows), countsByUser(db, accountId, rows.map((r) => r.userId))]);
  for (const notification of notifications) {
    const userId = notification.user.id;
    const { unread = 0, count = 0 } = counts.get(userId) ?? {};
    services.bus.publish({ name: 'notification.created', accountId, userId, data: { notification, unread_count: unread, count } });
  }
  return notifications;
}

/** What the bus subscription runs for every domain event: create, then announce. */
export async function createNotificationsForEvent(services: Services, event: DomainEvent): Promise<NotificationRow[]> {
  const rows = await insertNotificationsForEvents(services.db, [event]);
  await announceCreated(services, event.accountId, rows);
  return rows;
}
