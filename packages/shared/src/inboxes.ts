import { z } from 'zod';
import { wrapped } from './common.ts';
import { AvatarFileSchema } from './profile.ts';
import {
  CHANNEL_TYPES,
  CHANNEL_TYPE_BY_PAYLOAD,
  SENDER_NAME_TYPES,
  TWILIO_MEDIUMS,
  WHATSAPP_PROVIDERS,
  type ChannelType,
} from './constants.ts';

// Channel payloads of 001 section 3 and their rules of 001 section 5. The same schemas are the API's
// route schemas and the web forms' resolvers; rules that depend on a stored inbox (its channel type on
// PATCH, uniqueness) are checked by the server.

export const BLANK = 'must not be blank';
const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;

/** A required, trimmed string: missing, null and blank all answer "must not be blank". */
const text = (max = 255) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? BLANK : 'must be text') })
    .trim()
    .min(1, BLANK)
    .max(max, tooLong(max));

/** An optional string; blank or null clears it (null), absent leaves it alone (undefined). */
const optionalText = (max = 255) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value));

/** A boolean that multipart forms send as text. */
export const FormBooleanSchema = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

const E164 = /^\+[1-9]\d{1,14}$/;
/** Spaces, dashes, dots and brackets people type inside phone numbers. */
export const stripPhoneNumber = (value: string) => value.replace(/[\s\-().]/g, '');

/** E.164 after stripping separators; stored as + and digits only. */
const e164Phone = text(32)
  .transform(stripPhoneNumber)
  .refine((value) => E164.test(value), 'must be in E.164 format (+ followed by up to 15 digits)');

/** SMS (bandwidth): must start with + (001 section 5); stored as + and digits only. */
const plusPhone = text(32)
  .refine((value) => value.startsWith('+'), 'must start with +')
  .transform(stripPhoneNumber)
  .refine((value) => !value.startsWith('+') || /^\+\d{2,15}$/.test(value), 'must be + followed by digits');

const numericId = text(64).regex(/^\d+$/, 'must be numeric');
const email = text(255).toLowerCase().pipe(z.email('is not a valid email'));
const hexColor = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #009CE0');

/** 001 section 5: optional; valid when empty or when it starts with http (and, here, when it parses as a URL). */
const webhookUrl = z
  .string({ error: 'must be text' })
  .trim()
  .max(2048, tooLong(2048))
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value : null))
  .refine((value) => !value || value.startsWith('http'), 'must start with http')
  .refine((value) => !value || !value.startsWith('http') || URL.canParse(value), 'is not a valid URL');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// --- channel fields, one shape per channel type (create: as written; update: every field optional)

const webWidgetFields = {
  website_url: text(2048),
  widget_color: hexColor.optional(),
  welcome_title: optionalText(255),
  welcome_tagline: optionalText(255),
  hmac_mandatory: FormBooleanSchema.optional(),
};
const apiFields = { webhook_url: webhookUrl, hmac_mandatory: FormBooleanSchema.optional() };
const emailFields = { email };
const bandwidthConfig = { api_key: text(512), api_secret: text(512), application_id: text(255), account_id: text(255) };
const smsFields = { phone_number: plusPhone };
const whatsappConfig = { api_key: text(512), phone_number_id: numericId.optional(), business_account_id: numericId.optional() };
const whatsappFields = { phone_number: e164Phone };
const lineFields = { line_channel_id: text(255), line_channel_secret: text(512), line_channel_token: text(2048) };
const telegramFields = { bot_token: text(512) };
const twilioFields = { account_sid: text(64), auth_token: text(512), api_key_sid: optionalText(64) };

// Cross-field rules run even when a field already failed (`when`), so one answer lists every problem;
// they read the value defensively, as it may be only partly parsed.
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const fieldsOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** 001 section 5: the cloud provider also needs numeric phone_number_id and business_account_id. */
function whatsappCloudRule(value: unknown, ctx: z.RefinementCtx) {
  const channel = fieldsOf(value);
  const config = channel.provider_config;
  if (channel.provider !== 'whatsapp_cloud' || !config || typeof config !== 'object') return;
  for (const key of ['phone_number_id', 'business_account_id'] as const) {
    if ((config as Record<string, unknown>)[key] === undefined) ctx.addIssue({ code: 'custom', path: ['provider_config', key], message: BLANK });
  }
}

/** provider_config: absent reads as empty, so each missing key gets its own "must not be blank". */
const configObject = <T extends z.ZodRawShape>(shape: T) => z.preprocess((value) => value ?? {}, z.object(shape, { error: 'must be an object' }));

export const CHANNEL_PAYLOAD_TYPES = Object.keys(CHANNEL_TYPE_BY_PAYLOAD) as (keyof typeof CHANNEL_TYPE_BY_PAYLOAD)[];
export type ChannelPayloadType = (typeof CHANNEL_PAYLOAD_TYPES)[number];

/** `channel` of POST inboxes: one payload per channel type (001 section 3). */
export const CreateInboxChannelSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('web_widget'), ...webWidgetFields }),
    z.object({ type: z.literal('api'), ...apiFields }),
    z.object({ type: z.literal('email'), ...emailFields }),
    z.object({ type: z.literal('sms'), ...smsFields, provider_config: configObject(bandwidthConfig) }),
    z
      .object({
        type: z.literal('whatsapp'),
        ...whatsappFields,
        provider: z.enum(WHATSAPP_PROVIDERS, { error: `must be one of ${WHATSAPP_PROVIDERS.join(', ')}` }).default('default'),
        provider_config: configObject(whatsappConfig),
      })
      .superRefine(whatsappCloudRule, always),
    z.object({ type: z.literal('line'), ...lineFields }),
    z.object({ type: z.literal('telegram'), ...telegramFields }),
  ],
  {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? BLANK
        : issue.code === 'invalid_union'
          ? `must be one of ${CHANNEL_PAYLOAD_TYPES.join(', ')}`
          : undefined,
  },
);
export type CreateInboxChannel = z.infer<typeof CreateInboxChannelSchema>;

const partial = <T extends z.ZodRawShape>(shape: T) => z.object(shape).partial();

/**
 * `channel` of PATCH inboxes/{id}, by the inbox's channel type: the create fields minus `type`, each
 * optional, each checked as on create when given (a required field cannot be blanked). Provider
 * configuration is merged key by key.
 */
export const UPDATE_CHANNEL_SCHEMAS = {
  'Channel::WebWidget': partial(webWidgetFields),
  'Channel::Api': partial(apiFields),
  'Channel::Email': partial(emailFields),
  'Channel::Sms': partial({ ...smsFields, provider_config: partial(bandwidthConfig) }),
  'Channel::Whatsapp': partial({ ...whatsappFields, provider_config: partial(whatsappConfig) }),
  'Channel::Line': partial(lineFields),
  'Channel::Telegram': partial(telegramFields),
  'Channel::TwilioSms': partial(twilioFields),
  'Channel::FacebookPage': z.object({}),
  'Channel::TwitterProfile': z.object({}),
} as const satisfies Record<ChannelType, z.ZodType>;

/** PATCH's `channel` as the route documents it: every channel field; the server keeps those of the inbox's type. */
export const UpdateInboxChannelSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'Channel fields of the inbox\'s type, without `type`: web widget website_url, widget_color, welcome_title, welcome_tagline, hmac_mandatory; ' +
      'api webhook_url, hmac_mandatory; email email; sms phone_number, provider_config{api_key, api_secret, application_id, account_id}; ' +
      'whatsapp phone_number, provider_config{api_key, phone_number_id, business_account_id}; line line_channel_id, line_channel_secret, ' +
      'line_channel_token; telegram bot_token; Twilio account_sid, auth_token, api_key_sid.',
  );

// --- inbox fields (create and update)

const day = (day_of_week: number, open: boolean) => ({
  day_of_week,
  closed_all_day: !open,
  open_all_day: false,
  open_hour: open ? 9 : null,
  open_minutes: open ? 0 : null,
  close_hour: open ? 17 : null,
  close_minutes: open ? 0 : null,
});
/** Working hours a new inbox starts with (Chatwoot's): Monday to Friday 9:00 to 17:00, weekends closed. */
export const DEFAULT_WORKING_HOURS = [0, 1, 2, 3, 4, 5, 6].map((d) => day(d, d >= 1 && d <= 5));

/**
 * One day of the week. As in Chatwoot, a day open for part of the day needs its opening and closing hours,
 * and it closes after it opens; a day cannot be both closed and open all day.
 */
export const WorkingHourInputSchema = z
  .object({
    day_of_week: z.number().int().min(0).max(6),
    closed_all_day: z.boolean().default(false),
    open_all_day: z.boolean().default(false),
    open_hour: z.number().int().min(0).max(23).nullable().default(null),
    open_minutes: z.number().int().min(0).max(59).nullable().default(null),
    close_hour: z.number().int().min(0).max(23).nullable().default(null),
    close_minutes: z.number().int().min(0).max(59).nullable().default(null),
  })
  .superRefine((day, ctx) => {
    if (day.closed_all_day && day.open_all_day) ctx.addIssue({ code: 'custom', path: ['open_all_day'], message: 'cannot be on for a day closed all day' });
    if (day.closed_all_day || day.open_all_day) return;
    for (const key of ['open_hour', 'close_hour'] as const) {
      if (day[key] === null) ctx.addIssue({ code: 'custom', path: [key], message: 'must not be blank for a day open part of the day' });
    }
    if (day.open_hour !== null && day.close_hour !== null && day.close_hour * 60 + (day.close_minutes ?? 0) <= day.open_hour * 60 + (day.open_minutes ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['close_hour'], message: 'must be after the opening time' });
    }
  });

const inboxFields = {
  avatar: AvatarFileSchema.optional(),
  greeting_enabled: FormBooleanSchema.optional(),
  greeting_message: optionalText(10_000),
  enable_email_collect: FormBooleanSchema.optional(),
  csat_survey_enabled: FormBooleanSchema.optional(),
  enable_auto_assignment: FormBooleanSchema.optional(),
  auto_assignment_config: z.object({ max_assignment_limit: z.number().int().positive().nullable().optional() }).optional(),
  working_hours_enabled: FormBooleanSchema.optional(),
  working_hours: z
    .array(WorkingHourInputSchema)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.day_of_week)).size === days.length, 'must list each day of the week once')
    .optional(),
  out_of_office_message: optionalText(10_000),
  timezone: z.string().trim().refine(isTimeZone, 'is not a valid time zone').optional(),
  allow_messages_after_resolved: FormBooleanSchema.optional(),
  lock_to_single_conversation: FormBooleanSchema.optional(),
  sender_name_type: z.enum(SENDER_NAME_TYPES, { error: `must be one of ${SENDER_NAME_TYPES.join(', ')}` }).optional(),
  business_name: optionalText(255),
};

/**
 * POST inboxes (JSON or multipart with an `avatar` file; flat or wrapped under `inbox`). The name is
 * required for every channel but Telegram, whose inbox is named after its bot when none is given.
 */
export const CreateInboxBodySchema = wrapped(
  'inbox',
  z
    .object({
      ...inboxFields,
      name: z.string({ error: 'must be text' }).trim().max(255, tooLong(255)).nullish(),
      channel: CreateInboxChannelSchema,
    })
    .superRefine((value, ctx) => {
      const body = fieldsOf(value);
      if (!given(body.name) && fieldsOf(body.channel).type !== 'telegram') ctx.addIssue({ code: 'custom', path: ['name'], message: BLANK });
    }, always),
);
export type CreateInboxBody = z.infer<typeof CreateInboxBodySchema>;

/** PATCH inboxes/{id}: the same fields, all optional, and `channel{…}` without `type`. */
export const UpdateInboxBodySchema = wrapped('inbox', z.object({ ...inboxFields, name: text(255).optional(), channel: UpdateInboxChannelSchema.optional() }));
export type UpdateInboxBody = z.infer<typeof UpdateInboxBodySchema>;

// --- channels created outside POST inboxes

/**
 * POST channels/twilio_channel (001 section 5): a phone number, when given, must be E.164 (separators
 * are stripped first) and makes the messaging service SID optional; without one the SID is required.
 * With `use_api_key` on, api_key_sid is required. The number is stored as + and digits, or null when
 * a messaging service SID is used.
 */
export const CreateTwilioChannelBodySchema = wrapped(
  'twilio_channel',
  z
    .object({
      name: text(255),
      medium: z.enum(TWILIO_MEDIUMS, { error: (issue) => (issue.input == null || issue.input === '' ? BLANK : `must be one of ${TWILIO_MEDIUMS.join(', ')}`) }),
      account_sid: text(64),
      auth_token: text(512),
      api_key_sid: optionalText(64),
      use_api_key: FormBooleanSchema.optional(),
      messaging_service_sid: optionalText(64),
      phone_number: optionalText(32),
    })
    .superRefine((value, ctx) => {
      const body = fieldsOf(value);
      const phone = typeof body.phone_number === 'string' ? stripPhoneNumber(body.phone_number) : '';
      if (phone && !E164.test(phone)) {
        ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'must be in E.164 format (+ followed by up to 15 digits)' });
      }
      if (!phone && !given(body.messaging_service_sid)) {
        ctx.addIssue({ code: 'custom', path: ['messaging_service_sid'], message: 'must not be blank when no phone number is given' });
      }
      if (body.use_api_key === true && !given(body.api_key_sid)) {
        ctx.addIssue({ code: 'custom', path: ['api_key_sid'], message: 'must not be blank when the API key option is on' });
      }
    }, always)
    .transform(({ phone_number, ...body }) => ({
      ...body,
      phone_number: body.messaging_service_sid || !phone_number ? null : `+${phone_number.replace(/\D/g, '')}`,
    })),
);
export type CreateTwilioChannelBody = z.infer<typeof CreateTwilioChannelBodySchema>;

/** POST callbacks/register_facebook_page: the page picked after Facebook login, with its tokens. */
export const RegisterFacebookPageBodySchema = z.object({
  user_access_token: text(4096),
  page_access_token: text(4096),
  page_id: text(64),
  inbox_name: text(255),
});
export type RegisterFacebookPageBody = z.infer<typeof RegisterFacebookPageBodySchema>;

/** POST callbacks/facebook_pages: the user access token the browser's Facebook login gave (000 section 7). */
export const FacebookPagesBodySchema = z.object({ omniauth_token: text(4096) });

/** 000 section 3: a page the user manages; `exists` when this account already connects it. */
export const FacebookPageSchema = z.object({ id: z.string(), name: z.string(), access_token: z.string(), exists: z.boolean() });
export type FacebookPage = z.infer<typeof FacebookPageSchema>;

export const FacebookPagesSchema = z.object({
  data: z.object({
    page_details: z.array(FacebookPageSchema),
    user_access_token: z.string().describe('A long-lived user token, sent back with the chosen page to register_facebook_page.'),
  }),
});

/** POST callbacks/reauthorize_page: new tokens for a Facebook page inbox; clears reauthorization_required. */
export const ReauthorizeFacebookPageBodySchema = z.object({
  inbox_id: z.coerce.number({ error: BLANK }).int().positive(),
  page_access_token: text(4096),
  user_access_token: optionalText(4096),
});
export type ReauthorizeFacebookPageBody = z.infer<typeof ReauthorizeFacebookPageBodySchema>;

/** POST google/authorization and microsoft/authorization: the mailbox to connect. */
export const MailAuthorizationBodySchema = z.object({ email });
export const AuthorizationUrlSchema = z.object({ url: z.string().describe('Where the browser goes next to authorize the provider.') });

// --- responses

export const WorkingHourSchema = z.object({
  day_of_week: z.number().int(),
  closed_all_day: z.boolean(),
  open_all_day: z.boolean(),
  open_hour: z.number().int().nullable(),
  open_minutes: z.number().int().nullable(),
  close_hour: z.number().int().nullable(),
  close_minutes: z.number().int().nullable(),
});
export type WorkingHour = z.infer<typeof WorkingHourSchema>;

/** Chatwoot's inbox object; channel-specific fields appear only for their channel type. */
export const InboxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel_id: z.number().int(),
  channel_type: z.enum(CHANNEL_TYPES),
  avatar_url: z.string(),
  greeting_enabled: z.boolean(),
  greeting_message: z.string().nullable(),
  working_hours_enabled: z.boolean(),
  enable_email_collect: z.boolean(),
  csat_survey_enabled: z.boolean(),
  enable_auto_assignment: z.boolean(),
  auto_assignment_config: z.record(z.string(), z.unknown()),
  out_of_office_message: z.string().nullable(),
  working_hours: z.array(WorkingHourSchema),
  timezone: z.string(),
  allow_messages_after_resolved: z.boolean(),
  lock_to_single_conversation: z.boolean(),
  sender_name_type: z.enum(SENDER_NAME_TYPES),
  business_name: z.string().nullable(),
  provider: z.string().nullable(),
  medium: z.string().nullable(),
  phone_number: z.string().nullable(),
  reauthorization_required: z.boolean(),
  message_templates: z.array(z.record(z.string(), z.unknown())),
  additional_attributes: z.record(z.string(), z.unknown()),
  unresponded_conversations_count: z
    .number()
    .int()
    .describe('Open conversations of the inbox whose waiting_since is set (a contact message no agent has answered yet).'),
  // web widget
  widget_color: z.string().optional(),
  website_url: z.string().optional(),
  welcome_title: z.string().nullable().optional(),
  welcome_tagline: z.string().nullable().optional(),
  website_token: z.string().optional(),
  web_widget_script: z.string().optional(),
  // web widget and api
  hmac_mandatory: z.boolean().optional(),
  hmac_token: z.string().optional().describe('Administrators only.'),
  // api
  webhook_url: z.string().nullable().optional(),
  inbox_identifier: z.string().optional(),
  secret: z.string().optional().describe('Administrators only.'),
  // email
  email: z.string().optional(),
  // sms, whatsapp
  provider_config: z.record(z.string(), z.string().nullable()).optional().describe('Administrators only.'),
  // twilio
  messaging_service_sid: z.string().nullable().optional(),
  // line
  line_channel_id: z.string().optional(),
  // facebook
  page_id: z.string().optional(),
});
export type Inbox = z.infer<typeof InboxSchema>;

export const InboxListSchema = z.object({ payload: z.array(InboxSchema) });

export const OpenConversationsCountSchema = z.object({
  payload: z.array(
    z.object({
      inbox_id: z.number().int(),
      open_conversations_count: z.number().int(),
      unresponded_conversations_count: z.number().int(),
    }),
  ),
});

/** GET all_inboxes: every inbox of the account, compact. */
export const CompactInboxListSchema = z.object({
  payload: z.array(z.object({ id: z.number().int(), name: z.string(), channel_type: z.enum(CHANNEL_TYPES) })),
});

/**
 * 001 section 5: the new-conversation dialog offers only email inboxes and Twilio WhatsApp inboxes (the
 * channels where an agent can write first). The API itself accepts any inbox the caller works.
 */
export function canStartConversation(inbox: Pick<Inbox, 'channel_type' | 'medium'>): boolean {
  return inbox.channel_type === 'Channel::Email' || (inbox.channel_type === 'Channel::TwilioSms' && inbox.medium === 'whatsapp');
}
