import { z } from 'zod';
import { ATTACHMENT_FILE_TYPES, MESSAGE_CONTENT_TYPES, MESSAGE_STATUSES, MESSAGE_TYPES, type MessageType } from './constants.ts';

/** REST and realtime carry message_type as Chatwoot's integer (0 incoming, 1 outgoing, 2 activity, 3 template). */
export const messageTypeNumber = (type: MessageType): number => MESSAGE_TYPES.indexOf(type);

export const AttachmentSchema = z.object({
  id: z.number().int(),
  message_id: z.number().int(),
  file_type: z.enum(ATTACHMENT_FILE_TYPES),
  account_id: z.number().int(),
  extension: z.string().nullable(),
  data_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  file_size: z.number().int().nullable(),
  file_name: z.string().nullable(),
  coordinates_lat: z.string().nullable().optional(),
  coordinates_long: z.string().nullable().optional(),
  fallback_title: z.string().nullable().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** Who sent a message: a user (agent), a contact or an agent bot, in its push shape. */
export const MessageSenderSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(['user', 'contact', 'agent_bot']),
    thumbnail: z.string().optional(),
    avatar_url: z.string().optional(),
    available_name: z.string().optional(),
    availability_status: z.string().optional(),
    email: z.string().nullable().optional(),
    phone_number: z.string().nullable().optional(),
    identifier: z.string().nullable().optional(),
  })
  .catchall(z.unknown());

/** The message object of REST and realtime (Chatwoot's message partial; conversation_id is the display id). */
export const MessageSchema = z.object({
  id: z.number().int(),
  content: z.string().nullable(),
  account_id: z.number().int(),
  inbox_id: z.number().int(),
  conversation_id: z.number().int(),
  message_type: z.number().int().min(0).max(3),
  content_type: z.enum(MESSAGE_CONTENT_TYPES),
  content_attributes: z.record(z.string(), z.unknown()),
  status: z.enum(MESSAGE_STATUSES),
  private: z.boolean(),
  source_id: z.string().nullable(),
  echo_id: z.string().nullable().optional(),
  sender_type: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  sender: MessageSenderSchema.nullable().optional(),
  external_source_ids: z.record(z.string(), z.unknown()),
  additional_attributes: z.record(z.string(), z.unknown()),
  attachments: z.array(AttachmentSchema).optional(),
  created_at: z.number().int(),
  updated_at: z.number(),
});
export type Message = z.infer<typeof MessageSchema>;
