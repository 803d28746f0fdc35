import { NOTIFICATIONS_PER_PAGE } from '@app/shared/notifications-constants';

export { NOTIFICATIONS_PER_PAGE };

/**
 * 001 section 5: the list counts as fully loaded when a page returns fewer than 15 items; otherwise the next
 * page is the one after the page's `current_page`.
 */
export function nextNotificationPage(page: { meta: { current_page: number }; payload: readonly unknown[] }): number | undefined {
  return page.payload.length < NOTIFICATIONS_PER_PAGE ? undefined : page.meta.current_page + 1;
}

/** 000 section 9: the last page is ceil(unread / 15) when more than 15 are unread, else 1. */
export function lastNotificationPage(unreadCount: number): number {
  return unreadCount > NOTIFICATIONS_PER_PAGE ? Math.ceil(unreadCount / NOTIFICATIONS_PER_PAGE) : 1;
}
