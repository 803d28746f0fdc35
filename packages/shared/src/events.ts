import { z } from 'zod';
import { CacheKeysSchema } from './accounts.ts';
import type { ContactExportJob, ContactImportJob } from './contact-jobs.ts';
import type { ContactPush } from './contacts.ts';
import type { Conversation } from './conversations.ts';
import type { Message } from './messages.ts';
import type { NotificationDeletedEvent, NotificationEvent } from './notifications.ts';
import type { PaymentImportJob, PaymentRecord, WithdrawIssue } from './payments.ts';
import type { CONTACT_EVENTS, CONVERSATION_EVENTS, MESSAGE_EVENTS, TYPING_EVENTS } from './events-constants.ts';

export * from './events-constants.ts';

export const CacheInvalidatedSchema = z.object({ cache_keys: CacheKeysSchema });

// --- payloads: what `data` holds for each event name (Chatwoot's push_event_data shapes, docs/realtime.md)

/**
 * `changed_attributes` of a conversation event: the attributes lists count by (status, assignee_id, team_id,
 * inbox_id, priority, labels) that the change moved, before and after. Absent when none did.
 */
export type ChangedAttributes = Record<string, { previous_value: unknown; current_value: unknown }>;

/** conversation.created/updated/status_changed/read/contact_changed, assignee.changed, first.reply.created. */
export type ConversationEventData = Conversation & { changed_attributes?: ChangedAttributes };

/** The stub of its conversation message.created carries (assignee_id when the publisher knows it). */
export type MessageConversationStub = { assignee_id?: number | null; last_activity_at: number };

/** message.created and message.updated: the message, and on a creation usually its conversation's stub. */
export type MessageEventData = Message & { conversation?: MessageConversationStub };

/** conversation.typing_on/off: who is typing where; `is_private` for a private note. */
export type TypingEventData = { conversation: Conversation; user: { id: number; name: string; type: 'user' | 'contact' }; is_private: boolean };

/** conversation.mentioned, to the mentioned user: the conversation's display id and the message. */
export type MentionEventData = { id: number; inbox_id: number; account_id: number; message: Message };

/** presence.update: user and contact id → availability, for those with an open socket (the hub's own event). */
export type PresenceEventData = { account_id: number; users: Record<string, string>; contacts: Record<string, string> };

/** resync.required: the server cannot replay what a client missed; it refetches everything. */
export type ResyncEventData = { account_id: number; last_seq: null };

/**
 * What services publish on the internal bus after a commit. `data` is the payload clients receive
 * (Chatwoot's push_event_data shapes); the routing fields beside it say who may receive it.
 */
export type DomainEvent =
  | { name: 'account.cache_invalidated'; accountId: number; data: z.infer<typeof CacheInvalidatedSchema> }
  | { name: (typeof CONVERSATION_EVENTS)[number]; accountId: number; inboxId: number; actorId?: number; data: ConversationEventData }
  | { name: (typeof MESSAGE_EVENTS)[number]; accountId: number; inboxId: number; data: MessageEventData }
  | { name: (typeof TYPING_EVENTS)[number]; accountId: number; inboxId: number; data: TypingEventData }
  | { name: 'conversation.mentioned'; accountId: number; inboxId: number; userId: number; data: MentionEventData }
  | { name: (typeof CONTACT_EVENTS)[number]; accountId: number; data: ContactPush }
  | { name: 'notification.created' | 'notification.updated'; accountId: number; userId: number; data: NotificationEvent }
  | { name: 'notification.deleted'; accountId: number; userId: number; data: NotificationDeletedEvent }
  | { name: 'payment_record.updated'; accountId: number; inboxId: number; data: PaymentRecord }
  | { name: 'withdraw_issue.created' | 'withdraw_issue.updated'; accountId: number; inboxId: number; data: WithdrawIssue }
  /** A CSV import's progress, to the member who started it. */
  | { name: 'payment_import.progress'; accountId: number; userId: number; data: PaymentImportJob }
  /** A contact import's progress, to the member who started it. */
  | { name: 'contact_import.progress'; accountId: number; userId: number; data: ContactImportJob }
  /** A finished (or failed) contact export, to the member who asked for it. */
  | { name: 'contact_export.ready'; accountId: number; userId: number; data: ContactExportJob }
  /**
   * Who participates in a conversation changed (the participants endpoints). Internal: never sent to a client;
   * the realtime hub keeps each restricted subscriber's participating set current with it (docs/realtime.md).
   */
  | { name: 'conversation.participants_changed'; accountId: number; inboxId: number; data: { conversation_id: number; user_ids: number[] } }
  /** The user's pubsub token was replaced (every session ended): their sockets are told, then dropped. */
  | { name: 'user:logout'; accountId: number; userId: number; data: Record<string, never> };

/** Events the realtime hub makes itself, beside the domain events (apps/api/src/lib/realtime/types.ts). */
type HubEvent = { name: 'presence.update'; data: PresenceEventData } | { name: 'resync.required'; data: ResyncEventData };

/** Chatwoot's `page:reload`: the client loads the page again. Clients handle it; this server does not send it today. */
type ClientOnlyEvent = { name: 'page:reload'; data: Record<string, never> };

/** Domain events for the hubs only, never delivered to a client. */
type InternalEvent = Extract<DomainEvent, { name: 'conversation.participants_changed' }>;

type Delivered = Exclude<DomainEvent, InternalEvent> | HubEvent | ClientOnlyEvent;

/** Every event name a /cable client can receive. */
export type CableEventName = Delivered['name'];

/** The payload (`data`) of one event name: `CablePayload<'message.created'>` is a MessageEventData. */
export type CablePayload<N extends CableEventName> = PayloadOf<Delivered, N>;

/** The data of the members of E whose name includes N (several names may share one member). */
type PayloadOf<E, N> = E extends { name: infer M; data: infer D } ? (N extends M ? D : never) : never;

/**
 * One event as a feature applies it: its name and payload, a union discriminated by `event`, so a
 * `switch (event.event)` (or on a destructured `{ event, data }`) narrows `data`. Also what a client makes
 * from a REST answer to apply it as if it had come over the socket.
 */
export type CableMessage<N extends CableEventName = CableEventName> = N extends CableEventName ? { event: N; data: CablePayload<N> } : never;

/**
 * One event as a /cable client receives it: the message and the account's sequence number (null when the
 * frame had none; a presence.update carries the current one without taking a new one).
 */
export type CableEvent<N extends CableEventName = CableEventName> = N extends CableEventName ? { event: N; data: CablePayload<N>; seq: number | null } : never;
