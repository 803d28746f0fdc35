import { z } from 'zod';
import { CacheKeysSchema } from './accounts.ts';

/** Realtime event names of 000 section 7; the socket delivers them, listeners subscribe to them. */
export const REALTIME_EVENTS = [
  'message.created',
  'message.updated',
  'conversation.created',
  'conversation.status_changed',
  'conversation.updated',
  'conversation.read',
  'conversation.mentioned',
  'conversation.typing_on',
  'conversation.typing_off',
  'conversation.contact_changed',
  'assignee.changed',
  'presence.update',
  'contact.deleted',
  'contact.updated',
  'notification.created',
  'notification.updated',
  'notification.deleted',
  'first.reply.created',
  'account.cache_invalidated',
  'user:logout',
  'page:reload',
] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

export const CacheInvalidatedSchema = z.object({ cache_keys: CacheKeysSchema });

/** What services publish on the internal bus after a commit. */
export type DomainEvent = {
  name: 'account.cache_invalidated';
  accountId: number;
  data: z.infer<typeof CacheInvalidatedSchema>;
};
