import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccessToken } from '@app/shared/permissions';
import { useCableEvent, useCableLifecycle } from '../../../lib/realtime/index.ts';
import { applyEvent } from '../realtime.ts';
import { lastServerMessageId } from '../utils/messages-cache.ts';
import { catchUp, type Disconnection } from '../utils/reconnect.ts';
import { useCacheContextValue } from './use-cache-context.ts';

/**
 * Keeps the workspace's caches live: every /cable event applied as it comes (realtime.ts); on a disconnect the
 * open conversation's last message is noted, and on the reconnect the screen catches up (utils/reconnect.ts,
 * 000 section 4). Answers the context the workspace's own cache changes are made in.
 */
export function useConversationRealtime(accountId: number, userId: number, permissions: readonly AccessToken[], openConversationId: number | null) {
  const client = useQueryClient();
  const context = useCacheContextValue(accountId, userId, permissions, openConversationId);
  const noted = useRef<Disconnection | null>(null);
  useCableEvent((event) => {
    applyEvent(client, event, context);
  });
  useCableLifecycle((event) => {
    if (event.type === 'disconnected') {
      const open = context.openConversationId;
      noted.current = { openConversationId: open, lastMessageId: open === null ? null : lastServerMessageId(client, accountId, open) };
    } else if (event.type === 'reconnected') {
      const disconnection = noted.current ?? { openConversationId: null, lastMessageId: null };
      noted.current = null;
      void catchUp(client, context, disconnection, event.refetchWithinSeconds);
    }
  });
  return context;
}
