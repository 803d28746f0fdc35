import type { Message } from '@app/shared/messages';
import type { PublicContact, PublicConversation, PublicMessage } from '@app/shared/public-api';
import type { PublicContactInboxRow, PublicConversationRow } from './queries.ts';

const unix = (date: Date | null): number => (date ? Math.floor(date.getTime() / 1000) : 0);

/** Chatwoot's client contact (public/api/v1/inboxes/contacts/create.json.jbuilder). */
export function serializeClientContact(row: PublicContactInboxRow): PublicContact {
  return {
    id: row.contact.id,
    source_id: row.sourceId,
    pubsub_token: row.pubsubToken,
    name: row.contact.name,
    email: row.contact.email,
    phone_number: row.contact.phoneNumber,
    identifier: row.contact.identifier,
    custom_attributes: row.contact.customAttributes,
  };
}

/** The dashboard message narrowed to what the client is shown. */
export function serializeClientMessage(message: Message): PublicMessage {
  return {
    id: message.id,
    content: message.content,
    message_type: message.message_type,
    content_type: message.content_type,
    content_attributes: message.content_attributes,
    status: message.status,
    echo_id: message.echo_id ?? null,
    created_at: message.created_at,
    conversation_id: message.conversation_id,
    attachments: message.attachments ?? [],
    sender: message.sender ?? null,
  };
}

/** Chatwoot's client conversation (public/api/v1/models/_conversation.json.jbuilder). */
export function serializeClientConversation(row: PublicConversationRow, contact: PublicContactInboxRow['contact'], messages: Message[]): PublicConversation {
  return {
    id: row.displayId,
    uuid: row.uuid,
    inbox_id: row.inboxId,
    status: row.status,
    contact_last_seen_at: unix(row.contactLastSeenAt),
    agent_last_seen_at: unix(row.agentLastSeenAt),
    custom_attributes: row.customAttributes,
    messages: messages.map(serializeClientMessage),
    contact: { id: contact.id, name: contact.name, email: contact.email, phone_number: contact.phoneNumber },
  };
}
