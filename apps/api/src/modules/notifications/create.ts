import type { Executor } from '@app/db';
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
  type NotificationRow,
} from './queries.ts';

type Draft = { userId: number; type: NotificationType; secondary: { type: NotificationActorType; id: number } | null };
type Facts = NonNullable<Awaited<ReturnType<typeof conversationFacts>>>;
type Recipient = Awaited<ReturnType<typeof eligibleRecipients>>[number];

const NOTIFIABLE_MESSAGE_TYPES = new Set([messageTypeNumber('incoming'), messageTypeNumber('outgoing')]);

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);

/** conversation_creation is made only for users who asked for it by e-mail or push (Chatwoot's NotificationBuilder). */
function subscribed(recipient: Recipient, type: NotificationType): boolean {
  const email: readonly string[] = recipient.emailFlags ?? DEFAULT_EMAIL_FLAGS;
  const push: readonly string[] = recipient.pushFlags ?? DEFAULT_PUSH_FLAGS;
  return email.includes(`email_${type}`) || push.includes(`push_${type}`);
}

/** Of the candidates, in order and once each, those who may read notifications in the account. */
async function eligible(db: Executor, accountId: number, candidates: number[]): Promise<Recipient[]> {
  const unique = [...new Set(candidates)];
  const found = new Map((await eligibleRecipients(db, accountId, unique)).map((r) => [r.userId, r]));
  return unique.flatMap((id) => found.get(id) ?? []);
}

/**
 * Who an event notifies, as Chatwoot's NotificationListener and NewMessageNotificationService decide:
 * - conversation.created: the inbox's members who subscribed to conversation_creation, not the actor,
 *   unless the conversation is pending (a bot has it);
 * - assignee.changed: the new assignee (conversation_assignment), unless they assigned themselves;
 * - conversation.mentioned: the mentioned user (conversation_mention);
 * - message.created (incoming or outgoing, notes included): the assignee
 *   (assigned_conversation_new_message), then the participants (participating_conversation_new_message),
 *   never the sender, nor a user the message mentions (they get the mention).
 * Only administrators and agents are notified (checkers cannot read notifications), and nobody but a
 * mentioned user hears of a blocked contact's conversation.
 */
async function plan(db: Executor, event: DomainEvent): Promise<{ facts: Facts; drafts: Draft[] } | null> {
  const { accountId } = event;
  switch (event.name) {
    case 'conversation.created': {
      const facts = await conversationFacts(db, accountId, int(event.data['id']) ?? 0);
      if (!facts || facts.status === 'pending' || facts.contactBlocked) return null;
      const members = (await inboxMemberIds(db, accountId, facts.inboxId)).filter((id) => id !== event.actorId);
      const secondary = event.actorId ? { type: 'User' as const, id: event.actorId } : null;
      const recipients = (await eligible(db, accountId, members)).filter((r) => subscribed(r, 'conversation_creation'));
      return { facts, drafts: recipients.map((r) => ({ userId: r.userId, type: 'conversation_creation', secondary })) };
    }
    case 'assignee.changed': {
      const facts = await conversationFacts(db, accountId, int(event.data['id']) ?? 0);
      if (!facts || facts.status === 'pending' || facts.contactBlocked) return null;
      // the assignee as the event saw it; the row's when the payload has no meta
      const meta = record(event.data['meta']);
      const assigneeId = 'assignee' in meta ? int(record(meta['assignee'])['id']) : facts.assigneeId;
      if (assigneeId === null || assigneeId === event.actorId) return null;
      const secondary = event.actorId ? { type: 'User' as const, id: event.actorId } : null;
      const recipients = await eligible(db, accountId, [assigneeId]);
      return { facts, drafts: recipients.map((r) => ({ userId: r.userId, type: 'conversation_assignment', secondary })) };
    }
    case 'conversation.mentioned': {
      const facts = await conversationFacts(db, accountId, int(event.data['id']) ?? 0);
      const messageId = int(record(event.data['message'])['id']);
      if (!facts) return null;
      const secondary = messageId === null ? null : { type: 'Message' as const, id: messageId };
      const recipients = await eligible(db, accountId, [event.userId]);
      return { facts, drafts: recipients.map((r) => ({ userId: r.userId, type: 'conversation_mention', secondary })) };
    }
    case 'message.created': {
      const message = event.data;
      const messageId = int(message['id']);
      if (messageId === null || !NOTIFIABLE_MESSAGE_TYPES.has(int(message['message_type']) ?? -1)) return null;
      const facts = await conversationFacts(db, accountId, int(message['conversation_id']) ?? 0);
      if (!facts || facts.contactBlocked) return null;
      const senderId = message['sender_type'] === 'User' ? int(message['sender_id']) : null;
      const mentioned = message['private'] === true ? mentionedUserIds(typeof message['content'] === 'string' ? message['content'] : null) : [];
      const skip = new Set([senderId, ...mentioned]);
      const assignee = facts.assigneeId !== null && !skip.has(facts.assigneeId) ? [facts.assigneeId] : [];
      const participants = (await participantIds(db, facts.id)).filter((id) => !skip.has(id) && !assignee.includes(id));
      const recipients = await eligible(db, accountId, [...assignee, ...participants]);
      const secondary = { type: 'Message' as const, id: messageId };
      return {
        facts,
        drafts: recipients.map((r) => ({
          userId: r.userId,
          type: assignee.includes(r.userId) ? 'assigned_conversation_new_message' : 'participating_conversation_new_message',
          secondary,
        })),
      };
    }
    default:
      return null;
  }
}

/**
 * The notifications a domain event causes, written in one statement (pass a transaction to commit them
 * with other work). Answers the rows; announce them with announceCreated after the commit.
 */
export async function insertNotificationsForEvent(db: Executor, event: DomainEvent): Promise<NotificationRow[]> {
  const planned = await plan(db, event);
  if (!planned || planned.drafts.length === 0) return [];
  return insertNotificationRows(
    db,
    planned.drafts.map((d) => ({
      accountId: event.accountId,
      userId: d.userId,
      notificationType: d.type,
      primaryActorType: 'Conversation' as const,
      primaryActorId: planned.facts.id,
      secondaryActorType: d.secondary?.type ?? null,
      secondaryActorId: d.secondary?.id ?? null,
    })),
  );
}

/**
 * notification.created to each recipient, with their counts; presented in a fixed number of queries.
 * Answers the presented notifications (what pushCreated sends on).
 */
export async function announceCreated(services: Services, accountId: number, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const ctx = systemCtx(services, accountId, 'notifications');
  const [notifications, counts] = await Promise.all([presentNotifications(ctx, rows), countsByUser(services.db, accountId, rows.map((r) => r.userId))]);
  for (const notification of notifications) {
    const userId = notification.user.id;
    const { unread = 0, count = 0 } = counts.get(userId) ?? {};
    services.bus.publish({ name: 'notification.created', accountId, userId, data: { notification, unread_count: unread, count } });
  }
  return notifications;
}

/** What the bus subscription runs for every domain event: create, then announce. */
export async function createNotificationsForEvent(services: Services, event: DomainEvent): Promise<NotificationRow[]> {
  const rows = await insertNotificationsForEvent(services.db, event);
  await announceCreated(services, event.accountId, rows);
  return rows;
}
