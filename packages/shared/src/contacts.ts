import { z } from 'zod';
import { CHANNEL_TYPES } from './constants.ts';
import { PageQuerySchema, wrapped } from './common.ts';
import { AvatarFileSchema } from './profile.ts';

export const CONTACTS_PER_PAGE = 15;

/** The inbox as it rides inside a contact inbox (Chatwoot's contact_inbox partial). */
export const ContactInboxInboxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel_id: z.number().int(),
  channel_type: z.enum(CHANNEL_TYPES),
  provider: z.string().nullable(),
  avatar_url: z.string(),
});

/** A contact as known to one inbox: `source_id` is the provider's id of the contact there. */
export const ContactInboxSchema = z.object({
  source_id: z.string(),
  inbox: ContactInboxInboxSchema,
});
export type ContactInbox = z.infer<typeof ContactInboxSchema>;

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

/**
 * The contact object (Chatwoot's contact partial). Timestamps are unix seconds.
 * Create and update bodies live beside it in this file.
 */
export const ContactSchema = ContactPushSchema.omit({ type: true }).extend({
  availability_status: z.enum(['online', 'offline']),
  last_activity_at: z.number().int().nullable(),
  created_at: z.number().int(),
  contact_inboxes: z
    .array(ContactInboxSchema)
    .optional()
    .describe('The inboxes that know the contact (only those the caller may see); on show, create and update, and on lists unless include_contact_inboxes=false.'),
});
export type Contact = z.infer<typeof ContactSchema>;

// --- list

/** The sort keys of `GET contacts`; `-key` sorts descending. company, city and country are additional attributes. */
export const CONTACT_SORT_KEYS = ['name', 'email', 'phone_number', 'last_activity_at', 'created_at', 'company', 'city', 'country'] as const;
export type ContactSortKey = (typeof CONTACT_SORT_KEYS)[number];
export const DEFAULT_CONTACT_SORT = '-last_activity_at' as const;

const sortValues = CONTACT_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
const labelList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.string().trim().toLowerCase().min(1).max(255)).max(50));

/** A query flag as text ("true"/"false") or a boolean. */
const queryFlag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean());

export const ContactListQuerySchema = PageQuerySchema.extend({
  sort: z
    .enum(sortValues, { error: `must be one of ${CONTACT_SORT_KEYS.join(', ')}, optionally with a leading -` })
    .default(DEFAULT_CONTACT_SORT).describe('name, email, phone_number, last_activity_at, created_at, company, city or country; a leading - sorts descending.'),
  'labels[]': labelList.optional().describe('Only contacts carrying any of these labels.'),
  labels: labelList.optional().describe('Same as labels[].'),
  label: labelList.optional().describe('One label (the contacts-by-label page).'),
  include_contact_inboxes: queryFlag.default(true).describe('Whether each contact lists its contact inboxes (default true).'),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

export const ContactListSchema = z.object({
  meta: z.object({ count: z.number().int(), current_page: z.number().int() }),
  payload: z.array(ContactSchema),
});
export type ContactList = z.infer<typeof ContactListSchema>;

export const ContactResponseSchema = z.object({ payload: ContactSchema });

export const CreateContactResponseSchema = z.object({
  payload: z.object({
    contact: ContactSchema,
    contact_inbox: ContactInboxSchema.nullable().describe('The contact inbox made for inbox_id, or null without one.'),
  }),
});
export type CreateContactResponse = z.infer<typeof CreateContactResponseSchema>;

// --- create and update

const E164 = /^\+[1-9]\d{0,14}$/;
const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;

/** Absent leaves the value alone (undefined); null or blank clears it (null). */
const clearable = (schema: z.ZodType<string, string>) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value))
    .pipe(schema.nullish());

const email = clearable(z.string().max(255, tooLong(255)).toLowerCase().pipe(z.email('is not a valid email')));
/** E.164: + and 1 to 15 digits; the spaces, dashes, dots and brackets people type are dropped first. */
const phoneNumber = clearable(
  z
    .string()
    .max(32, tooLong(32))
    .transform((value) => value.replace(/[\s\-().]/g, ''))
    .refine((value) => E164.test(value), 'must be in E.164 format (+ followed by up to 15 digits)'),
);
const identifier = clearable(z.string().max(255, tooLong(255)));
const name = z
  .string({ error: 'must be text' })
  .trim()
  .max(255, tooLong(255))
  .nullish()
  .transform((value) => (value === undefined ? undefined : (value ?? '')));

/** A boolean that multipart forms send as text. */
const formBoolean = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

/** A free-form hash; multipart forms may send it nested (`custom_attributes[plan]=pro`) or as a JSON string. */
const attributeHash = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.record(z.string().max(255), z.unknown(), { error: 'must be an object' }),
);

const contactFields = {
  name,
  email,
  phone_number: phoneNumber,
  identifier,
  blocked: formBoolean.optional(),
  additional_attributes: attributeHash
    .optional()
    .describe('Merged key by key into the stored hash on update (city, country, country_code, company_name, description, social_profiles{…}, …).'),
  custom_attributes: attributeHash.optional().describe('Merged key by key into the stored hash on update.'),
  avatar: AvatarFileSchema.optional().describe('Multipart file: PNG, JPEG, GIF or WebP, at most 4 MB.'),
  avatar_url: z
    .url({ protocol: /^https?$/, error: 'is not a valid URL' })
    .max(2048, tooLong(2048))
    .optional()
    .describe('Accepted for Chatwoot compatibility; the image is not fetched yet.'),
};

/** POST contacts, flat or wrapped under `contact`, as JSON or multipart. */
export const CreateContactBodySchema = wrapped(
  'contact',
  z.object({
    inbox_id: z.coerce.number({ error: 'must be a number' }).int().positive().optional().describe('Also make a contact inbox in this inbox.'),
    source_id: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, 'must not be blank')
      .max(255, tooLong(255))
      .optional()
      .describe('The contact id in that inbox; generated when absent (a uuid, the email or the phone number, by channel).'),
    ...contactFields,
  }),
);
export type CreateContactBody = z.infer<typeof CreateContactBodySchema>;

/** PATCH/PUT contacts/{id}: the hashes are merged, every other field given is overwritten. */
export const UpdateContactBodySchema = wrapped('contact', z.object(contactFields));
export type UpdateContactBody = z.infer<typeof UpdateContactBodySchema>;

// --- search and filter (milestone 5)

/** GET contacts/search: q matches name, email, phone number and identifier (substring, case-insensitive). */
export const ContactSearchQuerySchema = ContactListQuerySchema.extend({
  q: z.string().trim().min(1, 'must not be blank').max(200, tooLong(200)).describe('Text to find in name, email, phone number or identifier.'),
});
export type ContactSearchQuery = z.infer<typeof ContactSearchQuerySchema>;
// POST contacts/filter takes `FilterQuerySchema` of '@app/shared/custom-filters' (contact keys) with ?page and
// answers ContactListSchema.

// --- labels

export const ContactLabelsSchema = z.object({ payload: z.array(z.string()) });
/** POST contacts/{id}/labels: the contact's whole label set (Chatwoot replaces, it does not add). */
export const ContactLabelsBodySchema = z.object({
  labels: z.array(z.string({ error: 'must be text' }).trim().toLowerCase().min(1, 'must not be blank').max(255, tooLong(255))).max(100),
});

// --- notes

export const CONTACT_NOTE_MAX_LENGTH = 20_000;
export const ContactNoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  contact_id: z.number().int(),
  user: z
    .object({ id: z.number().int(), name: z.string(), email: z.string(), thumbnail: z.string() })
    .nullable()
    .describe('The author; null once the author left the account.'),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ContactNote = z.infer<typeof ContactNoteSchema>;
/** GET contacts/{id}/notes: a bare array, newest first (Chatwoot's shape). */
export const ContactNoteListSchema = z.array(ContactNoteSchema);
export const CreateContactNoteBodySchema = wrapped(
  'note',
  z.object({ content: z.string({ error: 'must be text' }).trim().min(1, 'must not be blank').max(CONTACT_NOTE_MAX_LENGTH, tooLong(CONTACT_NOTE_MAX_LENGTH)) }),
);

// --- custom attributes, contactable inboxes, merge

/** POST contacts/{id}/destroy_custom_attributes: drop these keys from custom_attributes. */
export const DestroyCustomAttributesBodySchema = z.object({
  custom_attributes: z.array(z.string({ error: 'must be text' }).min(1).max(255)).min(1, 'must name at least one attribute').max(100),
});

/**
 * GET contacts/{id}/contactable_inboxes: the inboxes (the caller may see) through which a new conversation with the
 * contact can start: those that already know the contact, and those whose channel can reach it with what the contact
 * has (an email inbox with an email, SMS/WhatsApp with a phone number, API and website inboxes always).
 */
export const ContactableInboxListSchema = z.object({ payload: z.array(ContactInboxSchema) });

export const ContactMergeBodySchema = z
  .object({
    base_contact_id: z.coerce.number({ error: 'must be a number' }).int().positive(),
    mergee_contact_id: z.coerce.number({ error: 'must be a number' }).int().positive(),
  })
  .refine((body) => body.base_contact_id !== body.mergee_contact_id, { path: ['mergee_contact_id'], message: 'must differ from base_contact_id' });
/** POST actions/contact_merge answers the base contact as it is after the merge (Chatwoot's contact partial). */
export const ContactMergeResponseSchema = ContactSchema;
