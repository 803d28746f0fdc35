import type { Message, MessageSender } from '@app/shared/messages';
import type { Notification } from '@app/shared/notifications';

export type NotificationActor = { name: string; thumbnail: string | null };

/**
 * Who the row shows: the user or the message sender behind the notification (secondary_actor), else the
 * conversation's assignee (primary_actor.meta.assignee, as Chatwoot's list shows), else its contact.
 */
export function actorOf(notification: Notification): NotificationActor {
  const secondary = notification.secondary_actor;
  // A message has a message_type; a user (push shape) does not.
  const person = secondary && 'message_type' in secondary ? (secondary as Message).sender : (secondary as MessageSender | null);
  if (person) return { name: person.available_name || person.name, thumbnail: person.thumbnail || null };
  const { assignee, sender } = notification.primary_actor.meta;
  if (assignee) return { name: assignee.available_name || assignee.name, thumbnail: assignee.thumbnail || null };
  return { name: sender.name, thumbnail: sender.thumbnail || null };
}
