import type { InfiniteData } from '@tanstack/react-query';
import type { Notification } from '@app/shared/notifications';

/** The list cache as useNotificationList keeps it (kept structural so this file needs no api.ts). */
type Page = { meta: { unread_count: number; count: number; current_page: number }; payload: Notification[] };
type Pages = InfiniteData<Page, unknown>;

/**
 * Every notification of the loaded pages, in order, each once: a notification put on top by a realtime event
 * shifts the server's pages, so the next page can repeat the last one already shown.
 */
export function flattenNotifications(data: Pages | undefined): Notification[] {
  const seen = new Set<number>();
  return (data?.pages.flatMap((page) => page.payload) ?? []).filter((n) => !seen.has(n.id) && seen.add(n.id));
}

export const containsNotification = (data: Pages | undefined, id: number) => flattenNotifications(data).some((n) => n.id === id);

/** A notification hidden from the list: snoozed until a time still ahead. */
export const isSnoozed = (notification: Pick<Notification, 'snoozed_until'>, now = Date.now()) =>
  notification.snoozed_until !== null && new Date(notification.snoozed_until).getTime() > now;

function mapPages<P extends Pages>(data: P, change: (payload: Notification[]) => Notification[]): P {
  return { ...data, pages: data.pages.map((page) => ({ ...page, payload: change(page.payload) })) };
}

/** Puts a notification's new state in its place; a snoozed one leaves the list. */
export function replaceInList<P extends Pages>(data: P | undefined, notification: Notification): P | undefined {
  if (!data) return data;
  if (isSnoozed(notification)) return removeFromList(data, notification.id);
  return mapPages(data, (payload) => payload.map((n) => (n.id === notification.id ? notification : n)));
}

export function removeFromList<P extends Pages>(data: P | undefined, id: number): P | undefined {
  if (!data || !containsNotification(data, id)) return data;
  return mapPages(data, (payload) => payload.filter((n) => n.id !== id));
}

/** A new notification goes on top of the first page (the list is newest first); one already there is replaced. */
export function prependToList<P extends Pages>(data: P | undefined, notification: Notification): P | undefined {
  if (!data || data.pages.length === 0) return data;
  if (containsNotification(data, notification.id)) return replaceInList(data, notification);
  if (isSnoozed(notification)) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, payload: [notification, ...first!.payload] }, ...rest] };
}

/** Marks one notification read at `readAt` (the first read time stays); says whether it was unread. */
export function markReadInList<P extends Pages>(data: P | undefined, id: number, readAt: string): { data: P | undefined; wasUnread: boolean } {
  const current = flattenNotifications(data).find((n) => n.id === id);
  if (!data || !current || current.read_at) return { data, wasUnread: false };
  return { data: replaceInList(data, { ...current, read_at: readAt }), wasUnread: true };
}

/** Sets the unread count the list's header shows (from a realtime event's `unread_count`). */
export function setListUnreadCount<P extends Pages>(data: P | undefined, unreadCount: number): P | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, meta: { ...page.meta, unread_count: unreadCount } })) };
}
