import { DEFAULT_PUSH_FLAGS, type Notification } from '@app/shared/notifications';
import type { PushMessage } from '@app/shared/notification-subscriptions';
import type { Services } from '../../lib/context.ts';
import { pushToUsers } from '../notification-subscriptions/service.ts';
import { pushFlagsByUser } from './queries.ts';

/** What a browser shows for a notification (Chatwoot's PushNotificationService#push_message). */
export function pushMessageOf(services: Pick<Services, 'config'>, notification: Notification): PushMessage {
  const displayId = notification.primary_actor.id;
  return {
    title: notification.push_message_title,
    tag: `${notification.notification_type}_${displayId}_${notification.id}`,
    url: `${services.config.frontendUrl}/app/accounts/${notification.account_id}/conversations/${displayId}`,
  };
}

/**
 * Pushes new notifications to the browsers of the users who asked for that type by push in the account
 * (`push_<type>` among their selected_push_flags; the defaults until they change them).
 */
export async function pushCreated(services: Services, accountId: number, notifications: Notification[]): Promise<void> {
  if (notifications.length === 0) return;
  const flags = await pushFlagsByUser(services.db, accountId, [...new Set(notifications.map((n) => n.user.id))]);
  const wanted = notifications.filter((n) => {
    const selected: readonly string[] = flags.get(n.user.id) ?? DEFAULT_PUSH_FLAGS;
    return selected.includes(`push_${n.notification_type}`);
  });
  await pushToUsers(
    services,
    wanted.map((n) => ({ userId: n.user.id, message: pushMessageOf(services, n) })),
  );
}
