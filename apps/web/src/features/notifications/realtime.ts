import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@app/shared/notifications';
import { NOTIFICATION_EVENTS } from '@app/shared/events-constants';
import { useCableEvent, type CableMessage } from '../../lib/realtime/index.ts';
import { isReadPending, notificationKeys, type NotificationPages } from './api.ts';
import { containsNotification, isSnoozed, prependToList, removeFromList, replaceInList, setListUnreadCount } from './utils/list-cache.ts';

const NOTIFICATION_NAMES = new Set<string>(NOTIFICATION_EVENTS);
const isNotificationEvent = (message: CableMessage): message is CableMessage<(typeof NOTIFICATION_EVENTS)[number]> => NOTIFICATION_NAMES.has(message.event);

const isNotification = (value: unknown): value is Notification =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && 'primary_actor' in value;

/**
 * Applies one notification.* event to the bell's count and the notifications list (when cached):
 * created → on top of the list; updated → replaced in place (a snoozed one leaves; one the list has not
 * loaded refetches it); deleted → removed. An opened notification waiting out the 4 s read delay keeps its
 * look until then. Returns false for other events.
 */
export function applyNotificationEvent(client: QueryClient, accountId: number, message: CableMessage): boolean {
  if (!isNotificationEvent(message)) return false;
  const { event, data } = message;
  const countKey = notificationKeys.unreadCount(accountId);
  const listKey = notificationKeys.list(accountId);
  // checked still: a frame without its notification or counts refetches instead
  const notification: { id?: unknown } | undefined = data.notification;
  const id = typeof notification?.id === 'number' ? notification.id : null;
  const pending = id !== null && isReadPending(accountId, id);
  const unread: unknown = data.unread_count;

  if (typeof unread === 'number') {
    // The delayed read update lowers the count itself when its 4 s are up.
    if (!pending) {
      client.setQueryData(countKey, unread);
      client.setQueryData<NotificationPages>(listKey, (list) => setListUnreadCount(list, unread));
    }
  } else void client.invalidateQueries({ queryKey: countKey });

  const list = client.getQueryData<NotificationPages>(listKey);
  if (!list || id === null) return true;
  if (event === 'notification.deleted') {
    client.setQueryData<NotificationPages>(listKey, (current) => removeFromList(current, id));
  } else if (!isNotification(notification)) {
    void client.invalidateQueries({ queryKey: listKey });
  } else if (event === 'notification.created') {
    client.setQueryData<NotificationPages>(listKey, (current) => prependToList(current, notification));
  } else if (containsNotification(list, id)) {
    if (!pending) client.setQueryData<NotificationPages>(listKey, (current) => replaceInList(current, notification));
  } else if (!isSnoozed(notification)) {
    // Back from a snooze, or on a page not loaded yet: the server knows its place in the order.
    void client.invalidateQueries({ queryKey: listKey });
  }
  return true;
}

/**
 * notification.created/updated/deleted carry `{notification, unread_count, count}` (Chatwoot): the bell's
 * count is set from `unread_count` (or refetched when an event has none) and the notifications list, when
 * cached, follows (applyNotificationEvent). The app shell mounts this once per account.
 */
export function useNotificationsRealtime(accountId: number): void {
  const client = useQueryClient();
  useCableEvent((event) => {
    applyNotificationEvent(client, accountId, event);
  });
}
