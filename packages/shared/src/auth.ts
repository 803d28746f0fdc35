import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { emailText } from './common.ts';
import { CurrentUserSchema } from './users.ts';

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`)
  .max(128, 'is too long (maximum is 128 characters)');

export const SignInBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'must not be blank').max(255),
  password: z.string().min(1, 'must not be blank').max(128),
});

export const SignInResponseSchema = z.object({ data: CurrentUserSchema });
export const ValidateTokenResponseSchema = z.object({
  payload: z.object({ success: z.literal(true), data: CurrentUserSchema }),
});
export const SuccessSchema = z.object({ success: z.literal(true) });

export const PasswordResetRequestBodySchema = z.object({
  email: emailText,
  redirect_url: z.string().max(2048).optional(),
});
export const PasswordResetRequestResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const PasswordUpdateBodySchema = z
  .object({
    reset_password_token: z.string().min(1, 'must not be blank').max(512),
    password: PasswordSchema,
    password_confirmation: z.string().max(128),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: "doesn't match Password",
  });

export const ConfirmationQuerySchema = z.object({ confirmation_token: z.string().min(1).max(512) });

// The session's headers and cookie live in session.ts, free of zod: the web app's login screen reads them.
export { SESSION_COOKIE, SESSION_HEADERS } from './session.ts';
export type { SessionHeaders } from './session.ts';
