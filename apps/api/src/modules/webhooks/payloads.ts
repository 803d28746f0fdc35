import type { Executor } from '@app/db';
import { MESSAGE_TYPES } from '@app/shared/constants';
import type { DomainEvent } from '@app/shared/events';
import type { WebhookEvent } from '@app/shared/webhooks';
import type { RelayBatch } from '../../jobs/outbox-relay.ts';
import { systemCtx, type Services } from '../../lib/context.ts';
import { findAccountName } from '../accounts/service.ts';
import { presentConversationById } from '../conversations/service.ts';
import { conversationIdByDisplayId, findInboxSummary } from './queries.ts';

type Payload = Record<string, unknown>;

/** Domain event → Chatwoot webhook event; events without one (read, mentions, cache keys…) are not sent. */
const EVENT_NAMES: Partial<Record<DomainEvent['name'], WebhookEvent>> = {
  'conversation.created': 'conversation_created',
  'conversation.updated': 'conversation_updated',
  'conversation.status_changed': 'conversation_status_changed',
  // Chatwoot announces an assignment as a conversation update
  'assignee.changed': 'conversation_updated',
  'message.created': 'message_created',
  'message.updated': 'message_updated',
  'contact.created': 'contact_created',
  'contact.updated': 'contact_updated',
  'conversation.typing_on': 'conversation_typing_on',
  'conversation.typing_off': 'conversation_typing_off',
};

export function webhookEventName(event: DomainEvent): WebhookEvent | undefined {
  return EVENT_NAMES[event.name];
}


async function presentByDisplayId(services: Services, accountId: number, displayId: number) {
  const conversationId = await conversationIdByDisplayId(services.db, accountId, displayId);
  return conversationId ? await presentConversationById(systemCtx(services, accountId, 'webhooks'), conversationId) : null;
}

/** The account's name, read once per relay batch. */
export function accountNameIn(db: Executor, accountId: number, batch?: RelayBatch) {
  const load = () => findAccountName(db, accountId);
  return batch ? batch.memo(`account:${accountId}`, load) : load();
}

/** An inbox's id and name, as message payloads carry it, read once per relay batch. */
export function inboxSummaryIn(db: Executor, accountId: number, inboxId: number, batch?: RelayBatch) {
  const load = () => findInboxSummary(db, accountId, inboxId);
  return batch ? batch.memo(`inbox:${accountId}:${inboxId}`, load) : load();
}

const iso = (unix: unknown) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : null);

/**
 * The body Chatwoot sends for an event (reference section 5): the push payload plus `event` and
 * `account:{id,name}`; messages carry `message_type` as a string, an ISO `created_at`, their inbox and
 * their conversation. Answers undefined for an event that is not sent (activity messages).
 */
export async function buildPayload(services: Services, event: DomainEvent, name: WebhookEvent, batch?: RelayBatch): Promise<Payload | undefined> {
  const account = { id: event.accountId, name: await accountNameIn(services.db, event.accountId, batch) };
  const data = event.data as Payload;
  switch (name) {
    case 'conversation_created':
    case 'conversation_updated':
    case 'conversation_status_changed': {
      // Chatwoot sends changed_attributes as a list of one-key objects
      const { changed_attributes: changed, ...conversation } = data;
      const list = changed && typeof changed === 'object' ? Object.entries(changed).map(([key, value]) => ({ [key]: value })) : undefined;
      return { event: name, ...conversation, ...(list ? { changed_attributes: list } : {}), account };
    }
    case 'contact_created':
    case 'contact_updated':
      return { event: name, ...data, account };
    case 'conversation_typing_on':
    case 'conversation_typing_off':
      return { event: name, user: data.user, conversation: { ...(data.conversation as Payload), account }, is_private: data.is_private ?? false };
    case 'message_created':
    case 'message_updated':
      return messagePayload(services, event.accountId, name, data, account, batch);
    default:
      return undefined;
  }
}

async function messagePayload(services: Services, accountId: number, name: WebhookEvent, data: Payload, account: { id: number; name: string }, batch?: RelayBatch) {
  const messageType = MESSAGE_TYPES[data.message_type as number] ?? 'incoming';
  // Chatwoot's webhook_sendable?: activity messages stay inside the app
  if (messageType === 'activity') return undefined;
  const inbox = await inboxSummaryIn(services.db, accountId, data.inbox_id as number, batch);
  // the relay presents the batch's conversations once, when first asked; otherwise (or when gone) it is read here
  const conversation = (batch ? await batch.conversation(accountId, data.conversation_id as number) : null) ?? (await presentByDisplayId(services, accountId, data.conversation_id as number));
  return {
    event: name,
    id: data.id,
    content: data.content,
    content_type: data.content_type,
    content_attributes: data.content_attributes ?? {},
    additional_attributes: data.additional_attributes ?? {},
    message_type: messageType,
    private: data.private,
    source_id: data.source_id ?? null,
    created_at: iso(data.created_at),
    sender: data.sender ?? null,
    inbox: inbox ? { id: inbox.id, name: inbox.name } : { id: data.inbox_id },
    account,
    conversation: conversation ? { ...conversation, account } : null,
    attachments: data.attachments ?? [],
  };
}
