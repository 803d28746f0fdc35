import { useQueryClient } from '@tanstack/react-query';
import { useCableEvent } from '../../lib/realtime/index.ts';
import { notificationKeys } from './api.ts';

const NOTIFICATION_EVENTS = new Set(['notification.created', 'notification.updated', 'notification.deleted']);

/**
 * notification.created/updated/deleted carry `{notification, unread_count, count}` (Chatwoot): the bell's
 * count is set from `unread_count`, or refetched when an event has none.
 */
export function useNotificationsRealtime(accountId: number): void {
  const client = useQueryClient();
  useCableEvent(({ event, data }) => {
    if (!NOTIFICATION_EVENTS.has(event)) return;
    const key = notificationKeys.unreadCount(accountId);
    if (typeof data.unread_count === 'number') client.setQueryData(key, data.unread_count);
    else void client.invalidateQueries({ queryKey: key });
  });
}
