import { z } from 'zod';
import { wrapped } from './common.ts';

export * from './notifications-constants.ts';
import { ConversationSchema } from './conversations.ts';
import { MessageSchema, MessageSenderSchema } from './messages.ts';

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
export type EmailNotificationFlag = `email_${NotificationType}`;
export type PushNotificationFlag = `push_${NotificationType}`;

/** What a user gets in an account before they change their settings (Chatwoot's AccountUser default). */
export const DEFAULT_EMAIL_FLAGS: readonly EmailNotificationFlag[] = ['email_conversation_assignment'];
export const DEFAULT_PUSH_FLAGS: readonly PushNotificationFlag[] = ['push_conversation_assignment'];

// --- the notification object

const unix = z.number().int();
const iso = z.string().describe('ISO 8601 time');

/** A user in Chatwoot's push shape (`user.push_event_data`). */
export const NotificationUserSchema = MessageSenderSchema;

/**
 * One notification, as GET notifications lists it and the realtime events carry it (Chatwoot's
 * notifications index partial and `push_event_data`). `primary_actor_id` is the conversation's
 * database id (what read_all takes); `primary_actor.id` is its display id (what URLs use).
 * `read_at` and `snoozed_until` are ISO times or null; `created_at` and `last_activity_at` unix seconds.
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  notification_type: NotificationTypeSchema,
  push_message_title: z.string(),
  primary_actor_type: z.literal('Conversation'),
  primary_actor_id: z.number().int(),
  primary_actor: ConversationSchema,
  read_at: iso.nullable(),
  /** The message behind it (mentions, new messages), the user who acted (assignment), or null. */
  secondary_actor: z.union([MessageSchema, NotificationUserSchema]).nullable(),
  user: NotificationUserSchema,
  created_at: unix,
  last_activity_at: unix,
  snoozed_until: iso.nullable(),
  meta: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListMetaSchema = z.object({
  unread_count: z.number().int().describe('Unread notifications among those the filter selects.'),
  count: z.number().int().describe('Notifications the filter selects, over all pages.'),
  current_page: z.number().int(),
});

/** GET notifications: `{data: {meta, payload}}`, as Chatwoot wraps it. */
export const NotificationListSchema = z.object({
  data: z.object({ meta: NotificationListMetaSchema, payload: z.array(NotificationSchema) }),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** GET notifications/unread_count answers a bare integer. */
export const UnreadCountSchema = z.number().int();

// --- requests

const INCLUDES = ['read', 'snoozed'] as const;
const includesList = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
  z.array(z.enum(INCLUDES)).max(10).optional(),
);

/**
 * GET notifications. Without `includes`, the list holds unread notifications that are not snoozed
 * (Chatwoot's NotificationFinder); `includes[]=read` adds read ones, `includes[]=snoozed` snoozed ones.
 */
export const ListNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort_order: z.enum(['asc', 'desc']).default('desc').describe('By last activity; newest first by default.'),
  includes: includesList,
  'includes[]': includesList,
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;

/** POST read_all: every unread notification, or only those of one conversation (both fields together). */
export const ReadAllBodySchema = z
  .object({
    primary_actor_type: z.literal('Conversation').optional(),
    primary_actor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => (b.primary_actor_type === undefined) === (b.primary_actor_id === undefined), {
    message: 'must be given together with primary_actor_type',
    path: ['primary_actor_id'],
  })
  .nullish()
  .transform((b) => b ?? {});
export type ReadAllBody = z.infer<typeof ReadAllBodySchema>;

/** A time as unix seconds (number or digits, as the dashboard sends it) or an ISO 8601 string. */
const timeInput = z.union([z.number(), z.string().trim().min(1)]).transform((value, ctx) => {
  const date = typeof value === 'number' || /^\d+(\.\d+)?$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  if (Number.isNaN(date.getTime()) || date.getFullYear() > 9999) {
    ctx.addIssue({ code: 'custom', message: 'is not a valid time' });
    return z.NEVER;
  }
  return date;
});

/** POST {id}/snooze: until when (unix seconds or ISO time, in the future). */
export const SnoozeBodySchema = z.object({
  snoozed_until: timeInput.refine((d) => d.getTime() > Date.now(), 'must be in the future'),
});
export type SnoozeBody = z.infer<typeof SnoozeBodySchema>;

/** POST destroy_all: `read` deletes the read ones, `all` every notification of the user in the account. */
export const DestroyAllBodySchema = z.object({ type: z.enum(['all', 'read']) });
export type DestroyAllBody = z.infer<typeof DestroyAllBodySchema>;

// --- settings

export const NotificationSettingsSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account_id: z.number().int(),
  all_email_flags: z.array(z.string()),
  selected_email_flags: z.array(z.string()),
  all_push_flags: z.array(z.string()),
  selected_push_flags: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

const flagList = <T extends string>(flags: readonly T[]) =>
  z
    .array(z.enum(flags as [T, ...T[]]))
    .max(flags.length * 2)
    .transform((list) => [...new Set(list)]);

/** PATCH notification_settings, flat or under `notification_settings`; an absent list stays as it is. */
export const UpdateNotificationSettingsBodySchema = wrapped(
  'notification_settings',
  z.object({
    selected_email_flags: flagList(EMAIL_NOTIFICATION_FLAGS).optional(),
    selected_push_flags: flagList(PUSH_NOTIFICATION_FLAGS).optional(),
  }),
);
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBodySchema>;

// --- realtime

/** notification.created and notification.updated: the notification and the user's counts. */
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unread_count: z.number().int().describe('As GET unread_count answers: unread and not snoozed.'),
  count: z.number().int().describe('All notifications of the user in the account.'),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** notification.deleted: only the id, and the counts after the deletion. */
export const NotificationDeletedEventSchema = z.object({
  notification: z.object({ id: z.number().int() }),
  unread_count: z.number().int(),
  count: z.number().int(),
});
export type NotificationDeletedEvent = z.infer<typeof NotificationDeletedEventSchema>;
