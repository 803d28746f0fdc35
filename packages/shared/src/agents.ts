import { z } from 'zod';
import { ACCOUNT_ROLES, AVAILABILITY_STATUSES } from './constants.ts';
import { emailText, requiredText, wrapped } from './common.ts';

/** The agent object (Chatwoot's agent partial): one member of one account. */
export const AgentSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  availability_status: z.enum(AVAILABILITY_STATUSES),
  auto_offline: z.boolean(),
  confirmed: z.boolean(),
  email: z.string(),
  available_name: z.string(),
  name: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  thumbnail: z.string(),
  custom_role_id: z.number().int().nullable(),
  provider: z.literal('email'),
});
export type Agent = z.infer<typeof AgentSchema>;

export const CreateAgentBodySchema = wrapped(
  'agent',
  z.object({
    name: requiredText(255),
    email: emailText,
    role: z.enum(ACCOUNT_ROLES).default('agent'),
    availability_status: z.enum(AVAILABILITY_STATUSES).optional(),
    auto_offline: z.boolean().optional(),
    custom_role_id: z.number().int().positive().nullable().optional(),
  }),
);

export const UpdateAgentBodySchema = wrapped(
  'agent',
  z.object({
    name: requiredText(255).optional(),
    role: z.enum(ACCOUNT_ROLES).optional(),
    availability: z.enum(AVAILABILITY_STATUSES).optional(),
    availability_status: z.enum(AVAILABILITY_STATUSES).optional(),
    auto_offline: z.boolean().optional(),
    custom_role_id: z.number().int().positive().nullable().optional(),
  }),
);

export const BULK_CREATE_MAX = 100;
export const BulkCreateAgentsBodySchema = z.object({
  emails: z.array(emailText).min(1, 'must not be empty').max(BULK_CREATE_MAX),
});

export const AgentListSchema = z.array(AgentSchema);
