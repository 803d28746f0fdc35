import { z } from 'zod';
import { CUSTOM_ROLE_PERMISSIONS } from './constants.ts';
import { requiredText, wrapped } from './common.ts';

export const CustomRoleSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.enum(CUSTOM_ROLE_PERMISSIONS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomRole = z.infer<typeof CustomRoleSchema>;

const permissions = z
  .array(z.enum(CUSTOM_ROLE_PERMISSIONS))
  .min(1, 'must include at least one permission')
  .transform((list) => [...new Set(list)]);

export const CreateCustomRoleBodySchema = wrapped(
  'custom_role',
  z.object({ name: requiredText(255), description: z.string().trim().max(1000).nullable().optional(), permissions }),
);
export const UpdateCustomRoleBodySchema = wrapped(
  'custom_role',
  z.object({
    name: requiredText(255).optional(),
    description: z.string().trim().max(1000).nullable().optional(),
    permissions: permissions.optional(),
  }),
);
