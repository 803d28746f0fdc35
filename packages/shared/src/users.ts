import { z } from 'zod';
import {
  ACCOUNT_ROLES,
  ACCOUNT_STATUSES,
  AVAILABILITY_STATUSES,
  CONTACT_SIDEBAR_ITEMS,
  CONVERSATION_SIDEBAR_ITEMS,
  CUSTOM_ROLE_PERMISSIONS,
  EDITOR_MESSAGE_KEYS,
} from './constants.ts';
import { ACCESS_TOKENS } from './permissions.ts';

export const CustomRoleSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.enum(CUSTOM_ROLE_PERMISSIONS)),
});

/** One entry of the current user's `accounts` list (000 section 3, 001 section 3). */
export const UserAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  locale: z.string(),
  active_at: z.string().nullable(),
  role: z.enum(ACCOUNT_ROLES),
  permissions: z.array(z.enum(ACCESS_TOKENS)),
  availability: z.enum(AVAILABILITY_STATUSES),
  availability_status: z.enum(AVAILABILITY_STATUSES),
  auto_offline: z.boolean(),
  custom_role_id: z.number().int().nullable(),
  custom_role: CustomRoleSummarySchema.nullable(),
  leader_inbox: z.array(z.number().int()),
  checker_inbox: z.array(z.number().int()),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;

/** UI settings are an open map; these keys are known and typed (000 section 3). */
export const UiSettingsSchema = z
  .looseObject({
    conversation_sidebar_items_order: z.array(z.string()).optional(),
    contact_sidebar_items_order: z.array(z.string()).optional(),
    editor_message_key: z.enum(EDITOR_MESSAGE_KEYS).optional(),
    enter_to_send_enabled: z.boolean().optional(),
    show_help_center_secondary_sidebar: z.boolean().optional(),
    last_active_portal_slug: z.string().nullable().optional(),
    last_active_locale_code: z.string().nullable().optional(),
  })
  .describe('Merged into the stored settings key by key; unknown keys are kept.');
export type UiSettings = z.infer<typeof UiSettingsSchema>;

export const DEFAULT_UI_SETTINGS = {
  conversation_sidebar_items_order: [...CONVERSATION_SIDEBAR_ITEMS],
  contact_sidebar_items_order: [...CONTACT_SIDEBAR_ITEMS],
  editor_message_key: 'enter',
  enter_to_send_enabled: true,
} satisfies UiSettings;

/** The current-user payload answered by sign-in, validate_token and the profile routes. */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  access_token: z.string(),
  account_id: z.number().int().nullable(),
  accounts: z.array(UserAccountSchema),
  available_name: z.string(),
  avatar_url: z.string(),
  thumbnail: z.string(),
  confirmed: z.boolean(),
  display_name: z.string().nullable(),
  message_signature: z.string().nullable(),
  email: z.string(),
  uid: z.string(),
  hmac_identifier: z.string(),
  inviter_id: z.number().int().nullable(),
  name: z.string(),
  provider: z.literal('email'),
  pubsub_token: z.string(),
  role: z.enum(ACCOUNT_ROLES).nullable(),
  permissions: z.array(z.enum(ACCESS_TOKENS)),
  custom_role_id: z.number().int().nullable(),
  availability: z.enum(AVAILABILITY_STATUSES).nullable(),
  availability_status: z.enum(AVAILABILITY_STATUSES).nullable(),
  auto_offline: z.boolean().nullable(),
  leader_inbox: z.array(z.number().int()),
  checker_inbox: z.array(z.number().int()),
  ui_settings: UiSettingsSchema,
  custom_attributes: z.record(z.string(), z.unknown()),
  type: z.literal('SuperAdmin').nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
