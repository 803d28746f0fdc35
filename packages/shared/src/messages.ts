import { z } from 'zod';
import { AgentSchema } from './agents.ts';
import { wrapped } from './common.ts';
import { ContactPushSchema } from './contacts.ts';
import { ATTACHMENT_FILE_TYPES, MESSAGE_CONTENT_TYPES, MESSAGE_STATUSES } from './constants.ts';
import { UploadedFileSchema } from './profile.ts';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_CONTENT_MAX } from './messages-constants.ts';

export * from './messages-constants.ts';

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
export type MessageSender = z.infer<typeof MessageSenderSchema>;

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

// --- limits

/** Content a deleted message keeps. */
export const DELETED_MESSAGE_CONTENT = 'This message was deleted';
/** Statuses an API-channel integrator reports through PATCH. */
export const REPORTED_MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

// --- request bodies (JSON, or multipart where every field arrives as text)

/** `true`/`false` as JSON booleans or as multipart text (`'true'`, `'1'`, `'false'`, `'0'`). */
const formBoolean = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());

/** An object as JSON, or as the JSON text a multipart field carries. */
const formObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

const EMAIL_PATTERN = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** A comma-separated address list (Chatwoot's cc_emails/bcc_emails/to_emails), or an array of addresses. */
const emailList = z
  .union([z.string().max(10_000), z.array(z.string().max(320)).max(50)])
  .transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : value.split(','))
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean);
    const bad = list.filter((email) => !EMAIL_PATTERN.test(email) || email.length > 320);
    if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `has invalid addresses: ${bad.slice(0, 3).join(', ')}` });
    if (list.length > 50) ctx.addIssue({ code: 'custom', message: 'has more than 50 addresses' });
    return [...new Set(list)];
  });

/** The `in_reply_to` id arrives as a number (JSON) or text (multipart). */
const ContentAttributesSchema = z
  .object({ in_reply_to: z.coerce.number().int().positive().optional() })
  .catchall(z.unknown());

/** WhatsApp-style template parameters; kept in the message's additional_attributes.template_params. */
export const TemplateParamsSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be blank').max(512),
    category: z.string().max(255).optional(),
    language: z.string().max(32).optional(),
    processed_params: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown());

const AttachmentFileSchema = UploadedFileSchema.refine((file) => file.data.byteLength > 0, { message: 'is empty' }).refine(
  (file) => file.data.byteLength <= MESSAGE_ATTACHMENT_MAX_BYTES,
  { message: `is too large (maximum is ${MESSAGE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)` },
);

/** `attachments[]` of a multipart send: one file or several. */
export const MessageAttachmentsSchema = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(AttachmentFileSchema).max(MESSAGE_ATTACHMENTS_MAX),
);

/**
 * POST …/conversations/{id}/messages (001 section 7), as JSON or multipart with `attachments[]` files and
 * the same fields as form fields. Content or at least one attachment is required. Attachment types are
 * checked by content on the server.
 */
export const CreateMessageBodySchema = wrapped(
  'message',
  z
    .object({
      content: z.string().max(MESSAGE_CONTENT_MAX).nullable().optional(),
      private: formBoolean.optional(),
      /** `incoming` only on API-channel inboxes. */
      message_type: z.preprocess((v) => (v === 0 || v === '0' ? 'incoming' : v === 1 || v === '1' ? 'outgoing' : v), z.enum(['outgoing', 'incoming'])).optional(),
      content_type: z.enum(MESSAGE_CONTENT_TYPES).optional(),
      content_attributes: formObject(ContentAttributesSchema).optional(),
      /** Client-chosen idempotency key, unique per conversation: a retried send answers the first message. */
      echo_id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(255)).optional(),
      source_id: z.string().trim().min(1).max(255).optional(),
      /** Email inboxes only; comma-separated. Kept in content_attributes as address arrays. */
      cc_emails: emailList.optional(),
      bcc_emails: emailList.optional(),
      to_emails: emailList.optional(),
      template_params: formObject(TemplateParamsSchema).optional(),
      attachments: MessageAttachmentsSchema.optional(),
    })
    .refine((b) => Boolean(b.content?.trim()) || (b.attachments?.length ?? 0) > 0, {
      path: ['content'],
      message: "can't be blank (send content or at least one attachment)",
    }),
);
export type CreateMessageBody = z.infer<typeof CreateMessageBodySchema>;

/** PATCH …/messages/{id}: an API-channel integrator reports the delivery state. */
export const UpdateMessageBodySchema = wrapped(
  'message',
  z.object({
    status: z.enum(REPORTED_MESSAGE_STATUSES),
    /** Kept in content_attributes.external_error when the status is failed. */
    external_error: z.string().trim().max(10_000).nullable().optional(),
  }),
);
export type UpdateMessageBody = z.infer<typeof UpdateMessageBodySchema>;

export const TranslateMessageBodySchema = z.object({
  /** A language code such as `es`, `pt-BR` or `zh_CN`. */
  target_language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,2}$/, 'is not a language code'),
});
export type TranslateMessageBody = z.infer<typeof TranslateMessageBodySchema>;
export const TranslateMessageResponseSchema = z.object({ content: z.string() });

const messageId = z.coerce.number().int().positive().max(2_147_483_647);

/** GET messages: no params = latest 20; before = 20 older; after = up to 100 newer; both = between, up to 1000. */
export const ListMessagesQuerySchema = z.object({
  before: messageId.optional(),
  after: messageId.optional(),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuerySchema>;

export const MessageListMetaSchema = z.object({
  labels: z.array(z.string()),
  additional_attributes: z.record(z.string(), z.unknown()),
  contact: ContactPushSchema,
  assignee: AgentSchema.nullable(),
  /** Unix seconds, null when never. */
  agent_last_seen_at: z.number().int().nullable(),
  assignee_last_seen_at: z.number().int().nullable(),
});
export const MessageListSchema = z.object({ meta: MessageListMetaSchema, payload: z.array(MessageSchema) });
export type MessageList = z.infer<typeof MessageListSchema>;

export const CONVERSATION_ATTACHMENTS_PER_PAGE = 100;

/** An attachment in a conversation's attachment list: with its message id, time and sender. */
export const ConversationAttachmentSchema = AttachmentSchema.extend({
  created_at: z.number().int(),
  sender: MessageSenderSchema.nullable(),
});
export const ConversationAttachmentListSchema = z.object({
  meta: z.object({ total_count: z.number().int() }),
  payload: z.array(ConversationAttachmentSchema),
});
