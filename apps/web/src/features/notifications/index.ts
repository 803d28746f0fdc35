// The notifications feature's public surface: the bell's count and realtime, and the notifications screen.
export {
  notificationKeys,
  useUnreadNotificationCount,
  useNotificationList,
  useOpenNotification,
  useMarkAllNotificationsRead,
  MARK_READ_UI_DELAY_MS,
  type NotificationPage,
  type NotificationPages,
} from './api.ts';
export { useNotificationsRealtime, applyNotificationEvent } from './realtime.ts';
export { notificationRoutes } from './routes.tsx';
export { badgeCount, BADGE_CAP } from './utils/badge-count.ts';
export { lastNotificationPage, nextNotificationPage, NOTIFICATIONS_PER_PAGE } from './utils/pagination.ts';
