import { z } from 'zod';
import { AgentSchema } from './agents.ts';
import { ContactPushSchema } from './contacts.ts';
import { CONVERSATION_PRIORITIES, CONVERSATION_STATUSES } from './constants.ts';
import { MessageAttachmentsSchema, MessageSchema } from './messages.ts';
import { ASSIGNEE_TYPES, CONVERSATION_SORTS, CONVERSATION_TYPES, STATUS_FILTERS } from './conversations-constants.ts';

export * from './conversations-constants.ts';

const unix = z.number().int();

/** The conversation object of REST (Chatwoot's conversation partial). `id` is the per-account display id. */
export const ConversationSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  uuid: z.string(),
  inbox_id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  priority: z.enum(CONVERSATION_PRIORITIES).nullable(),
  labels: z.array(z.string()),
  muted: z.boolean(),
  can_reply: z.boolean(),
  snoozed_until: unix.nullable(),
  unread_count: z.number().int(),
  additional_attributes: z.record(z.string(), z.unknown()),
  custom_attributes: z.record(z.string(), z.unknown()),
  /** Zero means never, as Chatwoot sends it. */
  agent_last_seen_at: unix,
  assignee_last_seen_at: unix,
  contact_last_seen_at: unix,
  first_reply_created_at: unix,
  waiting_since: unix,
  last_activity_at: unix,
  timestamp: unix,
  created_at: unix,
  updated_at: z.number(),
  sla_policy_id: z.number().int().nullable(),
  meta: z.object({
    sender: ContactPushSchema,
    channel: z.string(),
    assignee: AgentSchema.nullable().optional(),
    team: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
    hmac_verified: z.boolean(),
  }),
  /** The latest message only (Chatwoot's list shape). */
  messages: z.array(MessageSchema),
  last_non_activity_message: MessageSchema.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationCountsSchema = z.object({
  mine_count: z.number().int(),
  assigned_count: z.number().int(),
  unassigned_count: z.number().int(),
  all_count: z.number().int(),
});
export type ConversationCounts = z.infer<typeof ConversationCountsSchema>;


/** Accepts `labels[]=a&labels[]=b`, repeated `labels=`, or `labels=a,b`. */
const stringList = z.preprocess(
  (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
  z.array(z.string().max(255)).max(100).optional(),
);
const optionalId = z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.coerce.number().int().positive().optional());

export const ListConversationsQuerySchema = z.object({
  status: z.enum(STATUS_FILTERS).default('open'),
  assignee_type: z.enum(ASSIGNEE_TYPES).default('all'),
  inbox_id: optionalId,
  team_id: optionalId,
  labels: stringList,
  'labels[]': stringList,
  conversation_type: z.enum(CONVERSATION_TYPES).optional(),
  /** The dashboard's quick-filter buttons send the same three views as conversation_type (mention, participating, unattended). */
  button_type: z.enum(CONVERSATION_TYPES).optional(),
  sort_by: z.enum(CONVERSATION_SORTS).default('latest'),
  /** Only conversations with activity within this many seconds (Chatwoot's updated_within). */
  updated_within: z.coerce.number().int().positive().max(10 * 365 * 86_400).optional(),
  /** With hour_value: only conversations whose last activity (range_type last_activity) or creation (created) falls in the last N hours. */
  range_type: z.enum(['last_activity', 'created']).optional(),
  hour_value: z.coerce.number().int().positive().max(24 * 366).optional(),
  /** Whose message is the latest one: the contact's (awaiting a reply) or an agent's (replied). */
  last_message_sender: z.enum(['contact', 'agent']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListConversationsQuery = z.infer<typeof ListConversationsQuerySchema>;

export const ConversationListSchema = z.object({ data: z.object({ meta: ConversationCountsSchema, payload: z.array(ConversationSchema) }) });
export const ConversationMetaSchema = z.object({ meta: ConversationCountsSchema });
export const ConversationPageSchema = z.object({ meta: ConversationCountsSchema.partial(), payload: z.array(ConversationSchema) });

export const ToggleStatusBodySchema = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  /** Unix seconds or an ISO date; only with status snoozed. */
  snoozed_until: z.union([z.number().int().positive(), z.iso.datetime({ offset: true })]).nullable().optional(),
});
export const ToggleStatusResponseSchema = z.object({
  meta: z.object({}),
  payload: z.object({ success: z.boolean(), conversation_id: z.number().int(), current_status: z.enum(CONVERSATION_STATUSES), snoozed_until: z.number().int().nullable() }),
});
export const TogglePriorityBodySchema = z.object({ priority: z.enum([...CONVERSATION_PRIORITIES, 'none']).nullable() });
export const AssignmentBodySchema = z.object({
  assignee_id: z.coerce.number().int().positive().nullable().optional(),
  team_id: z.coerce.number().int().positive().nullable().optional(),
});
export const ConversationLabelsBodySchema = z.object({
  labels: z.array(z.string().trim().min(1).max(255).toLowerCase()).max(100).transform((l) => [...new Set(l)]),
});
export const ConversationLabelsSchema = z.object({ payload: z.array(z.string()) });
export const CustomAttributesBodySchema = z.object({ custom_attributes: z.record(z.string().max(255), z.unknown()) });
export const ParticipantsBodySchema = z.object({
  user_ids: z.array(z.coerce.number().int().positive()).max(500).transform((ids) => [...new Set(ids)]),
});
export const TypingBodySchema = z.object({ typing_status: z.enum(['on', 'off', 'recording']), is_private: z.boolean().optional() });
export const TranscriptBodySchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('is not a valid email')) });
export const UpdateConversationBodySchema = z.object({
  priority: z.enum([...CONVERSATION_PRIORITIES, 'none']).nullable().optional(),
  sla_policy_id: z.number().int().positive().nullable().optional(),
});

export const CreateConversationBodySchema = z.object({
  source_id: z.string().trim().min(1).max(255).optional(),
  inbox_id: z.coerce.number().int().positive().optional(),
  contact_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['open', 'resolved', 'pending', 'snoozed']).optional(),
  assignee_id: z.coerce.number().int().positive().nullable().optional(),
  team_id: z.coerce.number().int().positive().nullable().optional(),
  snoozed_until: z.union([z.number().int().positive(), z.iso.datetime({ offset: true })]).nullable().optional(),
  additional_attributes: z.record(z.string(), z.unknown()).optional(),
  custom_attributes: z.record(z.string(), z.unknown()).optional(),
  /** The first message; multipart bodies send its files as `message[attachments][]`. */
  message: z
    .object({
      content: z.string().max(150_000).optional(),
      template_params: z.record(z.string(), z.unknown()).optional(),
      attachments: MessageAttachmentsSchema.optional(),
    })
    .optional(),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBodySchema>;
