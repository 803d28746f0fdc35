import { z } from 'zod';
import { AgentSchema } from './agents.ts';
import { wrapped } from './common.ts';

export const INBOX_MEMBER_IDS_MAX = 500;
export const ASSIGNABLE_INBOX_IDS_MAX = 100;
export const BULK_ASSIGNMENT_AGENTS_MAX = 100;
export const BULK_ASSIGNMENT_LIMIT_MAX = 1000;
/** Statuses whose unassigned conversations a bulk assignment picks up when no conversation ids are given. */
export const BULK_ASSIGNMENT_STATUSES = ['open', 'pending'] as const;

const id = z.coerce.number().int().positive();
const idList = (max: number) =>
  z
    .array(id)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/** An agent of an inbox: the agent object plus the inbox flags. */
export const InboxMemberSchema = AgentSchema.extend({
  team_leader: z.boolean().describe('Leads this inbox (listed in team_leader_ids; gives the inbox to leader_inbox).'),
  view_data: z.boolean().describe("May see this inbox's payment data (listed in view_data_ids)."),
});
export type InboxMember = z.infer<typeof InboxMemberSchema>;
export const InboxMemberListSchema = z.object({ payload: z.array(InboxMemberSchema) });

/**
 * POST adds (flags listed are switched on, others kept); PATCH replaces the member set, which is the
 * union of the three lists, and clears the flags of members not listed.
 */
export const InboxMembersBodySchema = wrapped(
  'inbox_member',
  z.object({
    inbox_id: id,
    user_ids: idList(INBOX_MEMBER_IDS_MAX),
    team_leader_ids: idList(INBOX_MEMBER_IDS_MAX).default([]),
    view_data_ids: idList(INBOX_MEMBER_IDS_MAX).default([]),
  }),
);
export type InboxMembersBody = z.infer<typeof InboxMembersBodySchema>;

export const RemoveInboxMembersBodySchema = wrapped(
  'inbox_member',
  z.object({ inbox_id: id, user_ids: idList(INBOX_MEMBER_IDS_MAX).pipe(z.array(z.number()).min(1, 'must not be empty')) }),
);

/** Accepts `inbox_ids[]=1&inbox_ids[]=2`, repeated `inbox_ids=1&inbox_ids=2` and `inbox_ids=1,2`. */
export const AssignableAgentsQuerySchema = z.preprocess(
  (query) => {
    if (!query || typeof query !== 'object') return query;
    const raw = query as Record<string, unknown>;
    const values = [raw.inbox_ids, raw['inbox_ids[]']].flat().filter((v) => v !== undefined);
    const inbox_ids = values.flatMap((v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : [v]));
    return { inbox_ids };
  },
  z.object({ inbox_ids: z.array(id).min(1, 'must not be empty').max(ASSIGNABLE_INBOX_IDS_MAX) }),
);

export const AssignableAgentListSchema = z.object({ payload: z.array(AgentSchema) });

/**
 * Distributes conversations of one inbox over agents of that inbox: the given conversations (display ids),
 * or else the inbox's unassigned conversations of `status`, oldest activity first, at most `limit`.
 */
export const BulkAssignmentBodySchema = wrapped(
  'bulk_assignment',
  z.object({
    inbox_id: id,
    user_ids: idList(BULK_ASSIGNMENT_AGENTS_MAX).pipe(z.array(z.number()).min(1, 'must not be empty')),
    conversation_ids: idList(BULK_ASSIGNMENT_LIMIT_MAX)
      .pipe(z.array(z.number()).min(1, 'must not be empty'))
      .optional()
      .describe('Display ids; without them the unassigned conversations of the inbox are taken.'),
    status: z.enum(BULK_ASSIGNMENT_STATUSES).default('open'),
    limit: z.coerce.number().int().min(1).max(BULK_ASSIGNMENT_LIMIT_MAX).default(BULK_ASSIGNMENT_LIMIT_MAX),
  }),
);
export type BulkAssignmentBody = z.infer<typeof BulkAssignmentBodySchema>;

export const BulkAssignmentResultSchema = z.object({
  payload: z.array(z.object({ conversation_id: z.number().int().describe('Display id.'), assignee_id: z.number().int() })),
  assigned_count: z.number().int(),
});
export type BulkAssignmentResult = z.infer<typeof BulkAssignmentResultSchema>;
