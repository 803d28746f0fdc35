import type { CannedResponse } from '@app/shared/canned-responses';
import { t } from '../../../lib/i18n/i18n.ts';
import type { CannedResponseInput } from '../api.ts';

export type CannedField = 'short_code' | 'content';
export type CannedFormValues = { short_code: string; content: string };
export type CannedErrors = Partial<Record<CannedField, string>>;

export const SHORT_CODE_MAX = 255;
export const CONTENT_MAX = 10_000;

export const cannedFormOf = (canned: CannedResponse | null): CannedFormValues => ({ short_code: canned?.short_code ?? '', content: canned?.content ?? '' });

/**
 * The server's rules (packages/shared canned-responses.ts), checked first here: a short code is one word (it is
 * typed after "/" in the editor), the content must say something; both have a maximum length.
 */
export function validateCanned(values: CannedFormValues): CannedErrors {
  const errors: CannedErrors = {};
  const code = values.short_code.trim();
  if (!code) errors.short_code = t('CANNED_MGMT.FORM.SHORT_CODE.ERROR');
  else if (/\s/.test(code)) errors.short_code = t('CANNED_MGMT.FORM.SHORT_CODE.SPACES_ERROR');
  else if (code.length > SHORT_CODE_MAX) errors.short_code = t('CANNED_MGMT.FORM.SHORT_CODE.TOO_LONG');
  if (!values.content.trim()) errors.content = t('CANNED_MGMT.FORM.CONTENT.ERROR');
  else if (values.content.length > CONTENT_MAX) errors.content = t('CANNED_MGMT.FORM.CONTENT.TOO_LONG');
  return errors;
}

/** The short code trimmed; the content as written (its line breaks are part of the reply). */
export const cannedInputOf = (values: CannedFormValues): CannedResponseInput => ({ short_code: values.short_code.trim(), content: values.content });
