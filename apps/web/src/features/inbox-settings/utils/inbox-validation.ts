import type { WorkingHour } from '@app/shared/inboxes';
import { emailText } from '@app/shared/common';
import { ApiError } from '../../../lib/api-client.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

/** Errors of a form, by the server's field key (`name`, `channel.website_url`, `working_hours.1`). */
export type FieldErrors = Partial<Record<string, string>>;

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The general settings: a name for every inbox; a website domain and a hex colour for a website inbox. */
export function validateDetails(input: { name: string; website_url?: string | undefined; widget_color?: string | undefined }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.name.trim()) errors.name = t('INBOX_MGMT.ADD.NAME.ERROR');
  if (input.website_url !== undefined && !input.website_url.trim()) errors['channel.website_url'] = t('INBOX_MGMT.ADD.WEBSITE_DOMAIN.ERROR');
  if (input.widget_color !== undefined && !HEX_COLOUR.test(input.widget_color.trim())) errors['channel.widget_color'] = t('INBOX_MGMT.ADD.WIDGET_COLOR.ERROR');
  return errors;
}

/** 001 section 5: the webhook URL is optional and valid when empty or when it starts with http (and parses as a URL). */
export function validateWebhookUrl(value: string): FieldErrors {
  const url = value.trim();
  if (!url) return {};
  return url.startsWith('http') && URL.canParse(url) ? {} : { 'channel.webhook_url': t('INBOX_MGMT.ADD.API_CHANNEL.WEBHOOK_URL.ERROR') };
}

/** 001 section 5: the email is required and must be a valid address. */
export function validateEmail(value: string): FieldErrors {
  return emailText.safeParse(value).success ? {} : { 'channel.email': t('INBOX_MGMT.ADD.EMAIL_CHANNEL.EMAIL.ERROR') };
}

/** A required text field of the channel's credentials. */
export function validateRequired(values: Record<string, string>, keys: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of keys) if (!values[key]?.trim()) errors[key] = t('INBOX_MGMT.SETTINGS_POPUP.REQUIRED');
  return errors;
}

/** Auto-assignment limit: empty (no limit) or a whole number of 1 or more. */
export function validateAssignmentLimit(value: string): FieldErrors {
  const text = value.trim();
  if (!text) return {};
  return /^\d+$/.test(text) && Number(text) >= 1 ? {} : { 'auto_assignment_config.max_assignment_limit': t('INBOX_MGMT.AUTO_ASSIGNMENT.MAX_LIMIT_ERROR') };
}

/** `HH:MM` of a stored hour and minutes. */
export const timeOf = (hour: number | null, minutes: number | null) =>
  hour === null ? '' : `${String(hour).padStart(2, '0')}:${String(minutes ?? 0).padStart(2, '0')}`;

/** Hours and minutes of an `HH:MM` field; null parts when empty. */
export function parseTime(value: string): { hour: number | null; minutes: number | null } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return { hour: null, minutes: null };
  return { hour: Number(match[1]), minutes: Number(match[2]) };
}

/**
 * A day open for part of the day needs an opening and a closing time, closing after opening. Errors by
 * `working_hours.<day_of_week>`.
 */
export function validateWorkingHours(days: readonly WorkingHour[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const day of days) {
    if (day.closed_all_day || day.open_all_day) continue;
    const key = `working_hours.${day.day_of_week}`;
    if (day.open_hour === null || day.close_hour === null) errors[key] = t('INBOX_MGMT.BUSINESS_HOURS.TIME_REQUIRED');
    else if (day.close_hour * 60 + (day.close_minutes ?? 0) <= day.open_hour * 60 + (day.open_minutes ?? 0)) errors[key] = t('INBOX_MGMT.BUSINESS_HOURS.CLOSE_AFTER_OPEN');
  }
  return errors;
}

/**
 * A failed save, read for one form (lib/form-errors): a 422's messages under the form's fields, after the
 * field's label; a nested key (`working_hours.2.close_hour`) under its first part when only that is named;
 * one message for the rest.
 */
export function readSaveError(error: unknown, labels: Record<string, MessageKey>): { fields: FieldErrors; message: string | null } {
  const named: Record<string, string> = Object.fromEntries(Object.entries(labels).map(([field, key]) => [field, t(key)]));
  const headOf = (field: string) => (field in labels ? field : field.split('.')[0]!);
  if (error instanceof ApiError) {
    for (const field of Object.keys(error.fieldErrors)) if (!(field in named) && headOf(field) in named) named[field] = named[headOf(field)]!;
  }
  const read = readServerErrors(error, named, t('INBOX_MGMT.EDIT.API.ERROR_MESSAGE'));
  const fields: FieldErrors = {};
  for (const [field, text] of Object.entries(read.fields)) fields[headOf(field)] ??= text as string;
  return { fields, message: read.message };
}
