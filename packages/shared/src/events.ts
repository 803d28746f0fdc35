import { z } from 'zod';
import { CacheKeysSchema } from './accounts.ts';
import type { NotificationDeletedEvent, NotificationEvent } from './notifications.ts';
import type { CONTACT_EVENTS, CONVERSATION_EVENTS, MESSAGE_EVENTS, PAYMENT_EVENTS, TYPING_EVENTS } from './events-constants.ts';

export * from './events-constants.ts';

export const CacheInvalidatedSchema = z.object({ cache_keys: CacheKeysSchema });

/**
 * What services publish on the internal bus after a commit. `data` is the payload clients receive
 * (Chatwoot's push_event_data shapes); the routing fields beside it say who may receive it.
 */
export type DomainEvent =
  | { name: 'account.cache_invalidated'; accountId: number; data: z.infer<typeof CacheInvalidatedSchema> }
  | { name: (typeof CONVERSATION_EVENTS)[number]; accountId: number; inboxId: number; actorId?: number; data: Record<string, unknown> }
  | { name: (typeof MESSAGE_EVENTS)[number]; accountId: number; inboxId: number; data: Record<string, unknown> }
  | { name: (typeof TYPING_EVENTS)[number]; accountId: number; inboxId: number; data: Record<string, unknown> }
  | { name: 'conversation.mentioned'; accountId: number; inboxId: number; userId: number; data: Record<string, unknown> }
  | { name: (typeof CONTACT_EVENTS)[number]; accountId: number; data: Record<string, unknown> }
  | { name: 'notification.created' | 'notification.updated'; accountId: number; userId: number; data: NotificationEvent }
  | { name: 'notification.deleted'; accountId: number; userId: number; data: NotificationDeletedEvent }
  | { name: (typeof PAYMENT_EVENTS)[number]; accountId: number; inboxId: number; data: Record<string, unknown> }
  /** A CSV import's progress, to the member who started it (data: the import job, PaymentImportJobSchema). */
  | { name: 'payment_import.progress'; accountId: number; userId: number; data: Record<string, unknown> }
  /** A contact import's progress (data: ContactImportJobSchema) and a finished export (data: ContactExportJobSchema), to the member who started it. */
  | { name: 'contact_import.progress' | 'contact_export.ready'; accountId: number; userId: number; data: Record<string, unknown> }
  /**
   * Who participates in a conversation changed (the participants endpoints). Internal: never sent to a client;
   * the realtime hub keeps each restricted subscriber's participating set current with it.
   */
  | { name: 'conversation.participants_changed'; accountId: number; inboxId: number; data: { conversation_id: number; user_ids: number[] } }
  /** The user's pubsub token was replaced (every session ended): their sockets are told, then dropped. */
  | { name: 'user:logout'; accountId: number; userId: number; data: Record<string, never> };
