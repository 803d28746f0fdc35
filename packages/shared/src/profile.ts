import { z } from 'zod';
import { AVAILABILITY_STATUSES, AVATAR_MAX_BYTES } from './constants.ts';
import { emailText, wrapped } from './common.ts';
import { PasswordSchema } from './auth.ts';
import { UiSettingsSchema } from './users.ts';

/** A file part of a multipart body, as plugins/multipart hands it to the route. */
export const UploadedFileSchema = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * An avatar upload: at most 4 MB (000 section 5). The accepted image types are checked by content on
 * the server, never by the claimed mimetype or filename.
 */
export const AvatarFileSchema = UploadedFileSchema.refine((file) => file.data.byteLength <= AVATAR_MAX_BYTES, {
  message: `is too large (maximum is ${AVATAR_MAX_BYTES / 1024 / 1024} MB)`,
});

const accountId = z.coerce.number().int().positive();

/** PUT /api/v1/profile, as JSON or multipart `profile[...]` fields (000 section 7). */
export const UpdateProfileBodySchema = wrapped(
  'profile',
  z
    .object({
      name: z.string().trim().min(1, 'must not be blank').max(255).optional(),
      display_name: z.string().trim().max(255).nullable().optional(),
      email: emailText.optional(),
      message_signature: z.string().max(10_000).nullable().optional(),
      phone_number: z.string().trim().max(32).nullable().optional(),
      current_password: z.string().max(128).optional(),
      password: PasswordSchema.optional(),
      password_confirmation: z.string().max(128).optional(),
      ui_settings: UiSettingsSchema.optional(),
      avatar: AvatarFileSchema.optional(),
    })
    .refine((b) => b.password === undefined || b.password === b.password_confirmation, {
      path: ['password_confirmation'],
      message: "doesn't match Password",
    })
    .refine((b) => b.password === undefined || (b.current_password ?? '') !== '', {
      path: ['current_password'],
      message: 'must be given to change the password',
    }),
);
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** POST /api/v1/profile/availability: the availability in one account of the user. */
export const AvailabilityBodySchema = wrapped(
  'profile',
  z.object({ availability: z.enum(AVAILABILITY_STATUSES), account_id: accountId }),
);
export type AvailabilityBody = z.infer<typeof AvailabilityBodySchema>;

/** POST /api/v1/profile/auto_offline: whether the user goes offline in that account when they leave. */
export const AutoOfflineBodySchema = wrapped('profile', z.object({ auto_offline: z.boolean(), account_id: accountId }));
export type AutoOfflineBody = z.infer<typeof AutoOfflineBodySchema>;

/** PUT /api/v1/profile/set_active_account: the account the dashboard opens next. */
export const SetActiveAccountBodySchema = wrapped('profile', z.object({ account_id: accountId }));
export type SetActiveAccountBody = z.infer<typeof SetActiveAccountBodySchema>;

/** POST /api/v1/profile/resend_confirmation answers an empty object whether or not a mail went out. */
export const ResendConfirmationResponseSchema = z.object({});
