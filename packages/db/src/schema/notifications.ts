import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationActorType, NotificationFlag, NotificationType } from '@app/shared/notifications';
import type { BrowserPushAttributes, SubscriptionType } from '@app/shared/notification-subscriptions';
import { accountId, id, timestamps } from './_columns.ts';
import { users } from './accounts.ts';
import { conversations } from './conversations.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * One in-app notification of one user in one account (Chatwoot's notifications). The primary actor is
 * always a conversation today, so `primary_actor_id` references it: deleting a conversation removes its
 * notifications. The secondary actor (the message, or the user who assigned) is polymorphic and may go
 * away; it is then shown as null. A notification is snoozed while `snoozed_until` lies in the future.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text().$type<NotificationType>().notNull(),
    primaryActorType: text().$type<'Conversation'>().notNull().default('Conversation'),
    primaryActorId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    secondaryActorType: text().$type<NotificationActorType>(),
    secondaryActorId: integer(),
    readAt: at(),
    snoozedUntil: at(),
    lastActivityAt: at().notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    // a user's list in an account, latest activity first (GET notifications, page by page)
    index('notifications_account_user_activity_idx').on(t.accountId, t.userId, t.lastActivityAt.desc(), t.id.desc()),
    // the bell's unread count, and read_all
    index('notifications_account_user_unread_idx').on(t.accountId, t.userId).where(sql`${t.readAt} is null`),
    // read_all of one conversation, and the cascade when a conversation is deleted
    index('notifications_primary_actor_idx').on(t.primaryActorId),
    // the unread notifications snoozed for now, which the unread count leaves out (notification_counts)
    index('notifications_account_user_snoozed_idx').on(t.accountId, t.userId, t.snoozedUntil).where(sql`${t.readAt} is null and ${t.snoozedUntil} is not null`),
  ],
);

/**
 * How many notifications a user has in an account, and how many of those are unread (read_at null, snoozed or
 * not), kept by statement triggers on notifications (migration 0018) in the transaction of every insert, read,
 * unread and delete, cascades included. The realtime events of new notifications carry both counts; counting the
 * rows instead grew with every notification a user ever had (docs/benchmarks.md, "Notification counts").
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer().notNull().default(0),
    unread: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/**
 * Which notifications a user wants by e-mail and push in one account (Chatwoot's notification_settings).
 * No row means the defaults Chatwoot gives a new account user: assignment by e-mail and push.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: id(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    selectedEmailFlags: text().array().$type<NotificationFlag[]>().notNull().default(sql`'{}'::text[]`),
    selectedPushFlags: text().array().$type<NotificationFlag[]>().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  // one row per user and account; also the lookup when notifications are created
  (t) => [uniqueIndex('notification_settings_account_user_key').on(t.accountId, t.userId)],
);

/**
 * A browser registered for push (Chatwoot's notification_subscriptions): the push service endpoint and the
 * keys the payload is encrypted with. Per user, not per account. `identifier` is the endpoint: a browser is
 * registered once, for whoever registered it last (a second user signing in on the same browser takes it over).
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionType: text().$type<SubscriptionType>().notNull(),
    subscriptionAttributes: jsonb().$type<BrowserPushAttributes>().notNull(),
    identifier: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    // one registration per browser; the upsert when a browser registers again
    uniqueIndex('notification_subscriptions_identifier_key').on(t.identifier),
    // a user's browsers, when a notification is pushed to them
    index('notification_subscriptions_user_idx').on(t.userId),
  ],
);
