import { messageTypeNumber, type Attachment, type Message, type MessageSender } from '@app/shared/messages';
import { serializeContactPush } from '../contacts/service.ts';
import type { AttachmentRow, MessageRow } from './queries/rows.ts';
import type { BotSenderRow, UserSenderRow } from './queries/senders.ts';
import type { LoadedMessage } from './queries/window.ts';

/** Turns a storage key into the file's public URL (ctx.storage.url). */
export type UrlFor = (key: string) => string;

const unix = (date: Date): number => Math.floor(date.getTime() / 1000);
export const unixOrNull = (date: Date | null): number | null => (date ? unix(date) : null);

export function serializeUserSender(row: UserSenderRow, url: UrlFor): MessageSender {
  const avatar = row.avatarKey ? url(row.avatarKey) : '';
  return {
    id: row.id,
    name: row.name,
    available_name: row.displayName || row.name,
    avatar_url: avatar,
    thumbnail: avatar,
    type: 'user',
    availability_status: row.availability ?? 'offline',
  };
}

export function serializeBotSender(row: BotSenderRow, url: UrlFor): MessageSender {
  const avatar = row.avatarKey ? url(row.avatarKey) : '';
  return { id: row.id, name: row.name, avatar_url: avatar, thumbnail: avatar, type: 'agent_bot' };
}

const extensionOf = (name: string | null): string | null => {
  const dot = name?.lastIndexOf('.') ?? -1;
  return name && dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
};

export function serializeAttachment(row: AttachmentRow, url: UrlFor): Attachment {
  const dataUrl = row.storageKey ? url(row.storageKey) : row.externalUrl;
  return {
    id: row.id,
    message_id: row.messageId,
    file_type: row.fileType,
    account_id: row.accountId,
    extension: extensionOf(row.storageKey) ?? extensionOf(row.fileName),
    data_url: dataUrl,
    // No thumbnails are made: an image is its own thumbnail, other files have none (Chatwoot sends '').
    thumb_url: row.fileType === 'image' ? dataUrl : '',
    file_size: row.byteSize,
    file_name: row.fileName,
    ...(row.fileType === 'location' ? { coordinates_lat: row.coordinatesLat, coordinates_long: row.coordinatesLong } : {}),
    ...(row.fallbackTitle !== null ? { fallback_title: row.fallbackTitle } : {}),
  };
}

/** The message partial; `conversationDisplayId` becomes conversation_id, as Chatwoot addresses conversations. */
export function serializeMessage(row: MessageRow, extra: { conversationDisplayId: number; sender: MessageSender | null; attachments: Attachment[] }): Message {
  return {
    id: row.id,
    content: row.content,
    account_id: row.accountId,
    inbox_id: row.inboxId,
    conversation_id: extra.conversationDisplayId,
    message_type: messageTypeNumber(row.messageType),
    content_type: row.contentType,
    content_attributes: row.contentAttributes,
    status: row.status,
    private: row.private,
    source_id: row.sourceId,
    echo_id: row.echoId,
    sender_type: row.senderType,
    sender_id: row.senderId,
    sender: extra.sender,
    external_source_ids: row.externalSourceIds,
    additional_attributes: row.additionalAttributes,
    attachments: extra.attachments,
    created_at: unix(row.createdAt),
    updated_at: row.updatedAt.getTime() / 1000,
  };
}

/** A message loaded with its relations (queries.loadMessages). */
export function serializeLoaded(loaded: LoadedMessage, conversationDisplayId: number, url: UrlFor): Message {
  const sender = loaded.user
    ? serializeUserSender(loaded.user, url)
    : loaded.contact
      ? serializeContactPush(loaded.contact, url)
      : loaded.bot
        ? serializeBotSender(loaded.bot, url)
        : null;
  return serializeMessage(loaded.message, { conversationDisplayId, sender, attachments: loaded.attachments.map((a) => serializeAttachment(a, url)) });
}
