import { PasswordSchema } from '@app/shared/auth';
import { emailText } from '@app/shared/common';
import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

export type ProfileField = 'name' | 'display_name' | 'email' | 'current_password' | 'password' | 'password_confirmation' | 'message_signature';
export type FieldErrors = Partial<Record<ProfileField, string>>;

/** The server keeps at most 10,000 characters of signature (packages/shared profile.ts). */
export const SIGNATURE_MAX_LENGTH = 10_000;
const PASSWORD_MAX_LENGTH = 128;

/** Full name required; display name optional. */
export function validateNames(input: { name: string }): FieldErrors {
  return input.name.trim() ? {} : { name: t('PROFILE_SETTINGS.FORM.NAME.ERROR') };
}

/** A valid address; changing it needs the current password (the server checks it is right). */
export function validateEmail(input: { email: string; current_password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!emailText.safeParse(input.email).success) errors.email = t('PROFILE_SETTINGS.FORM.EMAIL.ERROR');
  if (!input.current_password) errors.current_password = t('PROFILE_SETTINGS.FORM.CURRENT_PASSWORD.ERROR');
  return errors;
}

/** The current password, a new one of 6 to 128 characters (the shared PasswordSchema), and the same again. */
export function validatePasswordChange(input: { current_password: string; password: string; password_confirmation: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.current_password) errors.current_password = t('PROFILE_SETTINGS.FORM.CURRENT_PASSWORD.ERROR');
  const checked = PasswordSchema.safeParse(input.password);
  if (!checked.success) {
    errors.password =
      checked.error.issues[0]?.code === 'too_big'
        ? t('PROFILE_SETTINGS.FORM.PASSWORD.TOO_LONG', { max: PASSWORD_MAX_LENGTH })
        : t('PROFILE_SETTINGS.FORM.PASSWORD.ERROR', { min: PASSWORD_MIN_LENGTH });
  }
  if (input.password_confirmation !== input.password) errors.password_confirmation = t('PROFILE_SETTINGS.FORM.PASSWORD_CONFIRMATION.ERROR');
  return errors;
}

export function validateSignature(signature: string): FieldErrors {
  return signature.length > SIGNATURE_MAX_LENGTH ? { message_signature: t('PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE.TOO_LONG', { max: '10,000' }) } : {};
}

const FIELD_LABELS: Record<ProfileField, MessageKey> = {
  name: 'PROFILE_SETTINGS.FORM.NAME.LABEL',
  display_name: 'PROFILE_SETTINGS.FORM.DISPLAY_NAME.LABEL',
  email: 'PROFILE_SETTINGS.FORM.EMAIL.LABEL',
  current_password: 'PROFILE_SETTINGS.FORM.CURRENT_PASSWORD.LABEL',
  password: 'PROFILE_SETTINGS.FORM.PASSWORD.LABEL',
  password_confirmation: 'PROFILE_SETTINGS.FORM.PASSWORD_CONFIRMATION.LABEL',
  message_signature: 'PROFILE_SETTINGS.FORM.MESSAGE_SIGNATURE.LABEL',
};

/**
 * A failed save, read for the form: a 422's messages under the fields of this section ("Current password is
 * incorrect"), and one message for the rest (another field's 422, a 429, a 500, no answer).
 */
export function readSaveError(error: unknown, fields: readonly ProfileField[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError) || error.status !== 422) return { fields: {}, message: t('PROFILE_SETTINGS.API_ERROR') };
  const placed: FieldErrors = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const text = messages[0];
    if (!text) continue;
    if ((fields as readonly string[]).includes(field)) placed[field as ProfileField] = `${t(FIELD_LABELS[field as ProfileField])} ${text}`;
    else rest.push(error.message);
  }
  const placedAny = Object.keys(placed).length > 0;
  return { fields: placed, message: rest[0] ?? (placedAny ? null : error.message || t('PROFILE_SETTINGS.API_ERROR')) };
}
