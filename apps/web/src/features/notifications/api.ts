import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@app/shared/notifications';
import { api, ApiError } from '../../lib/api-client.ts';
import { nextNotificationPage } from './utils/pagination.ts';
import { markReadInList, removeFromList, replaceInList } from './utils/list-cache.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: (accountId: number) => [...notificationKeys.all, accountId, 'unread-count'] as const,
  /** The notifications screen's list: read and unread, not snoozed, newest first, 15 a page. */
  list: (accountId: number) => [...notificationKeys.all, accountId, 'list'] as const,
};

/** One page of GET notifications, as the list cache keeps it. */
export type NotificationPage = NotificationList['data'];
export type NotificationPages = InfiniteData<NotificationPage, number>;

/** 001 section 9: opening a notification shows it as read only 4 seconds later (the request goes at once). */
export const MARK_READ_UI_DELAY_MS = 4000;

// The shared schemas are checked in development only (lib/api-client.ts): loaded on demand, so the shell's
// chunk (the bell uses this module) does not ship them.
const notificationSchemas = () => import('@app/shared/notifications');
const NotificationListSchema = () => notificationSchemas().then((m) => m.NotificationListSchema);
const NotificationSchema = () => notificationSchemas().then((m) => m.NotificationSchema);

/** Chatwoot answers a bare integer. */
const UnreadCountSchema = () => import('zod').then(({ z }) => z.number().int().min(0));

const base = (accountId: number) => `/api/v1/accounts/${accountId}/notifications`;

/**
 * GET /api/v1/accounts/:id/notifications/unread_count, kept live by notification.* events
 * (useNotificationsRealtime). A 404 counts as 0: servers without notifications yet answer it. Not asked for
 * (`enabled` false) by a role the notifications are not open to (a checker, 001 section 6).
 */
export function useUnreadNotificationCount(accountId: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(accountId),
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      try {
        return await api(`${base(accountId)}/unread_count`, { schema: UnreadCountSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 0;
        throw error;
      }
    },
  });
}

/** GET notifications?page=N&sort_order=desc&includes[]=read: unread and read ones; snoozed ones stay hidden. */
export async function fetchNotificationPage(accountId: number, page: number, signal?: AbortSignal): Promise<NotificationPage> {
  const query = `page=${page}&sort_order=desc&includes[]=read`;
  return (await api(`${base(accountId)}?${query}`, { schema: NotificationListSchema, signal })).data;
}

/** The notifications screen's list, a page of 15 at a time; a page of fewer than 15 is the last (001 section 5). */
export function useNotificationList(accountId: number) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(accountId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(accountId, pageParam, signal),
    getNextPageParam: (last) => nextNotificationPage(last),
  });
}

/** Refetches what a bulk action changed without a per-notification event (read_all sends none). */
function refreshAll(client: QueryClient, accountId: number) {
  void client.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
  void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(accountId) });
}

/** Writes one notification's new state into the list and moves the bell's count by `unreadDelta`. */
function applyChange(client: QueryClient, accountId: number, notification: Notification, unreadDelta: number) {
  client.setQueryData<NotificationPages>(notificationKeys.list(accountId), (data) => replaceInList(data, notification));
  if (unreadDelta !== 0) {
    client.setQueryData<number>(notificationKeys.unreadCount(accountId), (count) => (count === undefined ? count : Math.max(0, count + unreadDelta)));
  }
}

const pendingReads = new Map<string, ReturnType<typeof setTimeout>>();
const pendingKey = (accountId: number, id: number) => `${accountId}:${id}`;

/** True while an opened notification waits out MARK_READ_UI_DELAY_MS (realtime leaves it alone meanwhile). */
export const isReadPending = (accountId: number, id: number) => pendingReads.has(pendingKey(accountId, id));

/**
 * The delayed half of "opening a notification marks it read": after `delayMs` the row shows read and the
 * bell's count drops. Returns a cancel function.
 */
export function scheduleReadUpdate(client: QueryClient, accountId: number, id: number, readAt: string, delayMs = MARK_READ_UI_DELAY_MS): () => void {
  const key = pendingKey(accountId, id);
  clearTimeout(pendingReads.get(key));
  const timer = setTimeout(() => {
    pendingReads.delete(key);
    let wasUnread = false;
    client.setQueryData<NotificationPages>(notificationKeys.list(accountId), (data) => {
      const result = markReadInList(data, id, readAt);
      wasUnread = result.wasUnread;
      return result.data;
    });
    if (wasUnread) {
      client.setQueryData<number>(notificationKeys.unreadCount(accountId), (count) => (count === undefined ? count : Math.max(0, count - 1)));
    }
    void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(accountId) });
  }, delayMs);
  pendingReads.set(key, timer);
  return () => {
    clearTimeout(timer);
    pendingReads.delete(key);
  };
}

/**
 * Opening a notification: PATCH notifications/:id at once; the row turns read MARK_READ_UI_DELAY_MS later
 * (scheduleReadUpdate), whatever screen the user is on by then.
 */
export function useOpenNotification(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => api(`${base(accountId)}/${notification.id}`, { method: 'PATCH', schema: NotificationSchema }),
    onMutate: (notification) => {
      if (notification.read_at) return undefined;
      return scheduleReadUpdate(client, accountId, notification.id, new Date().toISOString());
    },
    onError: (_error, _notification, cancel) => cancel?.(),
  });
}

/** The row menu's "Mark as read" / "Mark as unread": shown at once. */
export function useSetNotificationRead(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, read }: { notification: Notification; read: boolean }) =>
      read
        ? api(`${base(accountId)}/${notification.id}`, { method: 'PATCH', schema: NotificationSchema })
        : api(`${base(accountId)}/${notification.id}/unread`, { method: 'POST', schema: NotificationSchema }),
    onSuccess: (answer, { notification, read }) => {
      const changed = Boolean(notification.read_at) === read ? 0 : read ? -1 : 1;
      applyChange(client, accountId, answer, changed);
    },
  });
}

/** POST notifications/:id/snooze {snoozed_until} (unix seconds, as the dashboard sends): the row leaves the list. */
export function useSnoozeNotification(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, until }: { notification: Notification; until: Date }) =>
      api(`${base(accountId)}/${notification.id}/snooze`, {
        method: 'POST',
        body: { snoozed_until: Math.floor(until.getTime() / 1000) },
        schema: NotificationSchema,
      }),
    onSuccess: (_answer, { notification }) => {
      client.setQueryData<NotificationPages>(notificationKeys.list(accountId), (data) => removeFromList(data, notification.id));
      if (!notification.read_at) void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(accountId) });
    },
  });
}

/** DELETE notifications/:id. */
export function useDeleteNotification(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => api(`${base(accountId)}/${notification.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, notification) => {
      client.setQueryData<NotificationPages>(notificationKeys.list(accountId), (data) => removeFromList(data, notification.id));
      if (!notification.read_at) void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(accountId) });
    },
  });
}

/** POST notifications/read_all with no body: every unread notification read ('mark all done'); no events follow, so refetch. */
export function useMarkAllNotificationsRead(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${base(accountId)}/read_all`, { method: 'POST' }),
    onSuccess: () => {
      client.setQueryData<number>(notificationKeys.unreadCount(accountId), 0);
      refreshAll(client, accountId);
    },
  });
}
