import { z } from 'zod';
import { AgentSchema } from './agents.ts';
import { ContactPushSchema } from './contacts.ts';
import { CONVERSATION_PRIORITIES, CONVERSATION_STATUSES } from './constants.ts';
import { MessageSchema } from './messages.ts';

export const CONVERSATIONS_PER_PAGE = 25;

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

export const CONVERSATION_SORTS = [
  'latest',
  'sort_on_created_at',
  'sort_on_priority',
  'sort_on_waiting_since',
  'last_activity_at_asc',
  'last_activity_at_desc',
  'created_at_asc',
  'created_at_desc',
  'priority_asc',
  'priority_desc',
  'waiting_since_asc',
  'waiting_since_desc',
] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

export const ASSIGNEE_TYPES = ['me', 'unassigned', 'assigned', 'all'] as const;
export const CONVERSATION_TYPES = ['mention', 'participating', 'unattended'] as const;
export const STATUS_FILTERS = [...CONVERSATION_STATUSES, 'all'] as const;
