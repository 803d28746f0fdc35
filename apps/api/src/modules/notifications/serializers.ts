import type { Conversation } from '@app/shared/conversations';
import type { Message } from '@app/shared/messages';
import {
  EMAIL_NOTIFICATION_FLAGS,
  PUSH_NOTIFICATION_FLAGS,
  type Notification,
  type NotificationSettings,
  type NotificationType,
} from '@app/shared/notifications';
import { serializeUserSender } from '../messages/serializers.ts';
import type { NotificationRow, NotificationSettingsRow, UserRow } from './queries.ts';

type UrlFor = (key: string) => string;
type UserPush = Notification['user'];

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A user in Chatwoot's push shape (`user.push_event_data`): the same as a message's user sender. */
export const serializeUserPush = (row: UserRow, url: UrlFor): UserPush => serializeUserSender(row, url) as UserPush;

/** Chatwoot's `notifications.notification_title.*` (en). */
export function pushMessageTitle(type: NotificationType, displayId: number, inboxName: string): string {
  switch (type) {
    case 'conversation_creation':
      return `A conversation (#${displayId}) has been created in ${inboxName}`;
    case 'conversation_assignment':
      return `A conversation (#${displayId}) has been assigned to you`;
    case 'assigned_conversation_new_message':
    case 'participating_conversation_new_message':
      return `A new message is created in conversation (#${displayId})`;
    case 'conversation_mention':
      return `You have been mentioned in conversation (#${displayId})`;
    case 'sla_missed_first_response':
      return `SLA target first response missed for conversation (#${displayId})`;
    case 'sla_missed_next_response':
      return `SLA target next response missed for conversation (#${displayId})`;
    case 'sla_missed_resolution':
      return `SLA target resolution missed for conversation (#${displayId})`;
  }
}

export type NotificationParts = {
  conversation: Conversation;
  inboxName: string;
  secondaryActor: Message | UserPush | null;
  user: UserPush;
};

export function serializeNotification(row: NotificationRow, parts: NotificationParts): Notification {
  return {
    id: row.id,
    account_id: row.accountId,
    notification_type: row.notificationType,
    push_message_title: pushMessageTitle(row.notificationType, parts.conversation.id, parts.inboxName),
    primary_actor_type: row.primaryActorType,
    primary_actor_id: row.primaryActorId,
    primary_actor: parts.conversation,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    secondary_actor: parts.secondaryActor,
    user: parts.user,
    created_at: unix(row.createdAt),
    last_activity_at: unix(row.lastActivityAt),
    snoozed_until: row.snoozedUntil ? row.snoozedUntil.toISOString() : null,
    meta: {},
  };
}

export function serializeSettings(row: NotificationSettingsRow): NotificationSettings {
  return {
    id: row.id,
    user_id: row.userId,
    account_id: row.accountId,
    all_email_flags: [...EMAIL_NOTIFICATION_FLAGS],
    selected_email_flags: [...row.selectedEmailFlags],
    all_push_flags: [...PUSH_NOTIFICATION_FLAGS],
    selected_push_flags: [...row.selectedPushFlags],
  };
}
