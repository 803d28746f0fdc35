import { z } from 'zod';
import { CONVERSATION_STATUSES } from './constants.ts';

export const BULK_ACTION_MAX_IDS = 1_000;

const labelList = z.array(z.string({ error: 'must be text' }).trim().toLowerCase().min(1, 'must not be blank').max(255)).max(100);
/** A user or team id; null clears it (unassign). */
const clearableId = z.number({ error: 'must be a number or null' }).int().positive().nullable();

/**
 * POST bulk_actions (Chatwoot's shape): one set-based change to many conversations, by display id. Each change
 * needs the same right as the single action, and ids the caller may not see are refused as not found (404),
 * with nothing written.
 */
export const BulkActionBodySchema = z
  .object({
    type: z.literal('Conversation', { error: "must be 'Conversation'" }).default('Conversation'),
    ids: z.array(z.coerce.number({ error: 'must be numbers' }).int().positive()).min(1, 'must name at least one conversation').max(BULK_ACTION_MAX_IDS),
    fields: z
      .object({
        assignee_id: clearableId.optional(),
        team_id: clearableId.optional(),
        status: z.enum(CONVERSATION_STATUSES).optional(),
        snoozed_until: z.number().int().positive().nullable().optional().describe('Unix seconds, with status snoozed.'),
      })
      .default({}),
    labels: z.object({ add: labelList.default([]), remove: labelList.default([]) }).default({ add: [], remove: [] }),
  })
  .refine(
    (body) => Object.values(body.fields).some((v) => v !== undefined) || body.labels.add.length > 0 || body.labels.remove.length > 0,
    { path: ['fields'], message: 'must change something (fields or labels)' },
  );
export type BulkActionBody = z.infer<typeof BulkActionBodySchema>;

/** What changed: the display ids of conversations that were updated (those already in the asked state are left out). */
export const BulkActionResponseSchema = z.object({ payload: z.object({ updated_ids: z.array(z.number().int()), count: z.number().int() }) });
export type BulkActionResponse = z.infer<typeof BulkActionResponseSchema>;
