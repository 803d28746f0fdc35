import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@app/shared/users';
import { sendCable, useCableEvent, useCableLifecycle, useCableStatus } from '../../lib/realtime/index.ts';
import { sessionKeys } from '../../features/auth/index.ts';
import { useNotificationsRealtime } from '../../features/notifications/index.ts';
import { shellKeys } from './api.ts';

/** Events that can change an inbox's unresponded count. */
const COUNT_EVENTS = new Set(['conversation.created', 'conversation.status_changed', 'conversation.updated', 'message.created', 'first.reply.created', 'assignee.changed']);
/** Counts are refetched at most this often, however busy the account. */
export const COUNT_REFRESH_MS = 3_000;

/**
 * What the shell keeps live from /cable: the bell's count, the sidebar's unresponded counts (throttled),
 * the user's own availability (presence.update, e.g. from another tab) and, on account.cache_invalidated,
 * the user's memberships (roles and inboxes change with it). A refused subscription refetches the user: a
 * password change or token reset in another tab retired the /cable token this tab holds, and the new one
 * comes with the user (the provider reconnects with it; a session that ended answers 401 instead).
 */
export function useShellRealtime(accountId: number, userId: number): void {
  const client = useQueryClient();
  const countTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useNotificationsRealtime(accountId);

  useEffect(
    () => () => {
      if (countTimer.current) clearTimeout(countTimer.current);
    },
    [],
  );

  // Who is here: the account's presence, asked for once the subscription is up (and again after a reconnect), so the
  // agent lists and menus show availability from the start (a snapshot otherwise comes when someone connects or goes)
  const status = useCableStatus();
  useEffect(() => {
    if (status === 'connected') sendCable('update_presence');
  }, [status]);

  useCableLifecycle((event) => {
    if (event.type === 'rejected') void client.invalidateQueries({ queryKey: sessionKeys.currentUser() });
  });

  useCableEvent(({ event, data }) => {
    if (COUNT_EVENTS.has(event)) {
      if (countTimer.current) return;
      countTimer.current = setTimeout(() => {
        countTimer.current = null;
        void client.invalidateQueries({ queryKey: shellKeys.inboxCounts(accountId) });
      }, COUNT_REFRESH_MS);
      return;
    }
    if (event === 'account.cache_invalidated') {
      void client.invalidateQueries({ queryKey: sessionKeys.currentUser() });
      return;
    }
    if (event === 'presence.update') {
      const users: Record<string, unknown> = data.users ?? {};
      const mine = users[String(userId)];
      if (mine !== 'online' && mine !== 'busy' && mine !== 'offline') return;
      const user = client.getQueryData<CurrentUser>(sessionKeys.currentUser());
      if (!user || user.accounts.find((a) => a.id === accountId)?.availability === mine) return;
      client.setQueryData<CurrentUser>(sessionKeys.currentUser(), {
        ...user,
        accounts: user.accounts.map((a) => (a.id === accountId ? { ...a, availability: mine, availability_status: mine } : a)),
      });
    }
  });
}
