import { z } from 'zod';
import { AttachmentSchema, MessageAttachmentsSchema, MessageSenderSchema } from './messages.ts';
import { CONVERSATION_STATUSES, MESSAGE_CONTENT_TYPES, MESSAGE_STATUSES } from './constants.ts';

// The public client API of API inboxes (Chatwoot's /public/api/v1/inboxes/{inbox_identifier}/…): no
// auth headers; the inbox identifier and the contact's source id are the secrets, plus optional HMAC.

const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;
const E164 = /^\+[1-9]\d{0,14}$/;

const name = z.string({ error: 'must be text' }).trim().max(255, tooLong(255));
const email = z.string({ error: 'must be text' }).trim().max(255, tooLong(255)).toLowerCase().pipe(z.email('is not a valid email'));
const phoneNumber = z
  .string({ error: 'must be text' })
  .max(32, tooLong(32))
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .refine((value) => E164.test(value), 'must be in E.164 format (+ followed by up to 15 digits)');
const attributes = z.record(z.string().max(255), z.unknown(), { error: 'must be an object' });

export const PublicInboxParamsSchema = z.object({ inbox_identifier: z.string().min(1).max(255) });
export const PublicContactParamsSchema = PublicInboxParamsSchema.extend({ source_id: z.string().min(1).max(255) });
export const PublicConversationParamsSchema = PublicContactParamsSchema.extend({ conversation_id: z.coerce.number().int().positive() });
export const PublicMessageParamsSchema = PublicConversationParamsSchema.extend({ message_id: z.coerce.number().int().positive() });

/** POST contacts: a contact of the inbox's account (reused when the identifier or email is known) and a new source id. */
export const PublicCreateContactBodySchema = z.object({
  identifier: z.string({ error: 'must be text' }).trim().min(1, 'must not be blank').max(255, tooLong(255)).optional(),
  identifier_hash: z
    .string({ error: 'must be text' })
    .trim()
    .max(255, tooLong(255))
    .optional()
    .describe('HMAC-SHA256 of the identifier under the inbox hmac_token (hex); required when the inbox has hmac_mandatory.'),
  email: email.optional(),
  name: name.optional(),
  phone_number: phoneNumber.optional(),
  custom_attributes: attributes.optional(),
});
export type PublicCreateContactBody = z.infer<typeof PublicCreateContactBodySchema>;

/** PATCH contacts/{source_id}: fields given are overwritten, custom_attributes merged key by key. */
export const PublicUpdateContactBodySchema = z.object({
  email: email.optional(),
  name: name.optional(),
  phone_number: phoneNumber.optional(),
  custom_attributes: attributes.optional(),
});
export type PublicUpdateContactBody = z.infer<typeof PublicUpdateContactBodySchema>;

/** Chatwoot's client contact: what the client keeps (source_id) and subscribes with (pubsub_token). */
export const PublicContactSchema = z.object({
  id: z.number().int(),
  source_id: z.string(),
  pubsub_token: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  identifier: z.string().nullable().optional(),
  custom_attributes: z.record(z.string(), z.unknown()).optional(),
});
export type PublicContact = z.infer<typeof PublicContactSchema>;

/** A message as the client sees it (never a private note); conversation_id is the display id. */
export const PublicMessageSchema = z.object({
  id: z.number().int(),
  content: z.string().nullable(),
  message_type: z.number().int().min(0).max(3),
  content_type: z.enum(MESSAGE_CONTENT_TYPES),
  content_attributes: z.record(z.string(), z.unknown()),
  status: z.enum(MESSAGE_STATUSES),
  echo_id: z.string().nullable().optional(),
  created_at: z.number().int(),
  conversation_id: z.number().int(),
  attachments: z.array(AttachmentSchema),
  sender: MessageSenderSchema.nullable().optional(),
});
export type PublicMessage = z.infer<typeof PublicMessageSchema>;

/** Chatwoot's client conversation: id is the display id. */
export const PublicConversationSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  inbox_id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  contact_last_seen_at: z.number().int(),
  agent_last_seen_at: z.number().int(),
  custom_attributes: z.record(z.string(), z.unknown()),
  messages: z.array(PublicMessageSchema),
  contact: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() }),
});
export type PublicConversation = z.infer<typeof PublicConversationSchema>;

export const PublicCreateConversationBodySchema = z.object({ custom_attributes: attributes.optional() });
export type PublicCreateConversationBody = z.infer<typeof PublicCreateConversationBodySchema>;

/** POST …/messages: an incoming message from the contact, as JSON or multipart with attachments[]. */
export const PublicCreateMessageBodySchema = z
  .object({
    content: z.string({ error: 'must be text' }).max(150_000).nullable().optional(),
    /** Comes back on the message.created event so the client can match its optimistic copy. */
    echo_id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(255)).optional(),
    attachments: MessageAttachmentsSchema.optional(),
  })
  .refine((b) => Boolean(b.content?.trim()) || (b.attachments?.length ?? 0) > 0, {
    path: ['content'],
    message: "can't be blank (send content or at least one attachment)",
  });
export type PublicCreateMessageBody = z.infer<typeof PublicCreateMessageBodySchema>;

/** PATCH …/messages/{id}: the contact's answer to a form or options message. */
export const PublicUpdateMessageBodySchema = z.object({
  submitted_values: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: 'must be a list or an object' }),
});
export type PublicUpdateMessageBody = z.infer<typeof PublicUpdateMessageBodySchema>;
