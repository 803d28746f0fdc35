import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '../../lib/api-client.ts';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: (accountId: number) => [...notificationKeys.all, accountId, 'unread-count'] as const,
};

/** Chatwoot answers a bare integer. */
const UnreadCountSchema = z.number().int().min(0);

/**
 * GET /api/v1/accounts/:id/notifications/unread_count, kept live by notification.* events
 * (useNotificationsRealtime). A 404 counts as 0: servers without notifications yet answer it.
 */
export function useUnreadNotificationCount(accountId: number) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(accountId),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      try {
        return await api(`/api/v1/accounts/${accountId}/notifications/unread_count`, { schema: UnreadCountSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 0;
        throw error;
      }
    },
  });
}
