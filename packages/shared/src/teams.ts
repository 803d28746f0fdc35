import { z } from 'zod';
import { requiredText, wrapped } from './common.ts';

export const TeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  allow_auto_assign: z.boolean(),
  account_id: z.number().int(),
  is_member: z.boolean().describe('Whether the caller belongs to the team.'),
});
export type Team = z.infer<typeof TeamSchema>;

export const CreateTeamBodySchema = wrapped(
  'team',
  z.object({ name: requiredText(255), description: z.string().trim().max(1000).nullable().optional(), allow_auto_assign: z.boolean().optional() }),
);
export const UpdateTeamBodySchema = wrapped(
  'team',
  z.object({ name: requiredText(255).optional(), description: z.string().trim().max(1000).nullable().optional(), allow_auto_assign: z.boolean().optional() }),
);

export const TeamMembersBodySchema = z.object({
  user_ids: z.array(z.coerce.number().int().positive()).max(500).transform((ids) => [...new Set(ids)]),
});
