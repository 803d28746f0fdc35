import { z } from 'zod';

/**
 * The contact object (Chatwoot's contact partial). Timestamps are unix seconds.
 * Create and update bodies live beside it in this file.
 */
export const ContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  identifier: z.string().nullable(),
  thumbnail: z.string(),
  blocked: z.boolean(),
  availability_status: z.enum(['online', 'offline']),
  additional_attributes: z.record(z.string(), z.unknown()),
  custom_attributes: z.record(z.string(), z.unknown()),
  last_activity_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** The contact as it rides inside conversations and events (Chatwoot's push_event_data). */
export const ContactPushSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  identifier: z.string().nullable(),
  thumbnail: z.string(),
  blocked: z.boolean(),
  additional_attributes: z.record(z.string(), z.unknown()),
  custom_attributes: z.record(z.string(), z.unknown()),
  type: z.literal('contact'),
});
export type ContactPush = z.infer<typeof ContactPushSchema>;
