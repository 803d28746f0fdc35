import { z } from 'zod';

/** Chatwoot's notification types (app/models/notification.rb). */
export const NOTIFICATION_TYPES = [
  'conversation_creation',
  'conversation_assignment',
  'assigned_conversation_new_message',
  'conversation_mention',
  'participating_conversation_new_message',
  'sla_missed_first_response',
  'sla_missed_next_response',
  'sla_missed_resolution',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** What a secondary actor can be: the message that caused it, or the user who acted. */
export const NOTIFICATION_ACTOR_TYPES = ['Message', 'User'] as const;
export type NotificationActorType = (typeof NOTIFICATION_ACTOR_TYPES)[number];

export const EMAIL_NOTIFICATION_FLAGS = NOTIFICATION_TYPES.map((t) => `email_${t}` as const);
export const PUSH_NOTIFICATION_FLAGS = NOTIFICATION_TYPES.map((t) => `push_${t}` as const);
export type NotificationFlag = `email_${NotificationType}` | `push_${NotificationType}`;
