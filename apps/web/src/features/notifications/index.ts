// The notifications feature's public surface (the bell so far; the notification list comes later).
export { notificationKeys, useUnreadNotificationCount } from './api.ts';
export { useNotificationsRealtime } from './realtime.ts';
export { badgeCount, BADGE_CAP } from './utils/badge-count.ts';
