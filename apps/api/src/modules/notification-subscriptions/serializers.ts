import type { NotificationSubscription } from '@app/shared/notification-subscriptions';
import type { NotificationSubscriptionRow } from './queries.ts';

/** The row's columns in snake_case, as Chatwoot renders the record. */
export function serializeSubscription(row: NotificationSubscriptionRow): NotificationSubscription {
  return {
    id: row.id,
    user_id: row.userId,
    subscription_type: row.subscriptionType,
    subscription_attributes: row.subscriptionAttributes,
    identifier: row.identifier,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
