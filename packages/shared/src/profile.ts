import { z } from 'zod';
import { AVAILABILITY_STATUSES } from './constants.ts';
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
      avatar: UploadedFileSchema.optional(),
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

export const AvailabilityBodySchema = wrapped(
  'profile',
  z.object({ availability: z.enum(AVAILABILITY_STATUSES), account_id: z.coerce.number().int().positive() }),
);
export const AutoOfflineBodySchema = wrapped(
  'profile',
  z.object({ auto_offline: z.boolean(), account_id: z.coerce.number().int().positive() }),
);
export const SetActiveAccountBodySchema = wrapped('profile', z.object({ account_id: z.coerce.number().int().positive() }));
