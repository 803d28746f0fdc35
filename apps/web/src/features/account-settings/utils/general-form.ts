import { isLanguageCode } from '@app/shared/languages';
import { t } from '../../../lib/i18n/i18n.ts';

export const ACCOUNT_NAME_MAX = 255;

/** 000 section 5: the account name is required, minimum length 1 (spaces alone do not count). */
export function validateAccountName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 1) return t('GENERAL_SETTINGS.FORM.NAME.ERROR');
  if (trimmed.length > ACCOUNT_NAME_MAX) return t('GENERAL_SETTINGS.FORM.NAME.TOO_LONG');
  return undefined;
}

/** The locale is one of the language list's ids (001 section 3), a region allowed as the server does (pt_BR). */
export function validateLocale(locale: string): string | undefined {
  return isLanguageCode(locale.slice(0, 2)) ? undefined : t('GENERAL_SETTINGS.FORM.LANGUAGE.ERROR');
}

export const DURATION_UNITS = ['minutes', 'hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
const MINUTES: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The server's bounds for auto_resolve_after, in minutes (Chatwoot's: 10 minutes to 999 days). */
export const AUTO_RESOLVE_MIN_MINUTES = 10;
export const AUTO_RESOLVE_MAX_MINUTES = 1_439_856;
export const AUTO_RESOLVE_MESSAGE_MAX = 10_000;

/** Stored minutes shown in the largest unit that divides them (1440 → 1 day, 90 → 90 minutes). */
export function durationOf(minutes: number): { amount: string; unit: DurationUnit } {
  if (minutes % MINUTES.days === 0) return { amount: String(minutes / MINUTES.days), unit: 'days' };
  if (minutes % MINUTES.hours === 0) return { amount: String(minutes / MINUTES.hours), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

/** The minutes a typed duration stands for, or null when it is not a whole number within the server's bounds. */
export function minutesOf(amount: string, unit: DurationUnit): number | null {
  if (!/^\d+$/.test(amount.trim())) return null;
  const minutes = Number(amount.trim()) * MINUTES[unit];
  return minutes >= AUTO_RESOLVE_MIN_MINUTES && minutes <= AUTO_RESOLVE_MAX_MINUTES ? minutes : null;
}

export type AutoResolveErrors = { duration?: string; message?: string };

export function validateAutoResolve(input: { enabled: boolean; amount: string; unit: DurationUnit; message: string }): AutoResolveErrors {
  const errors: AutoResolveErrors = {};
  if (input.enabled && minutesOf(input.amount, input.unit) === null) errors.duration = t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.DURATION_ERROR');
  if (input.message.length > AUTO_RESOLVE_MESSAGE_MAX) errors.message = t('GENERAL_SETTINGS.FORM.AUTO_RESOLVE.MESSAGE_TOO_LONG');
  return errors;
}

const ACRONYMS = new Set(['crm', 'sla', 'ip', 'api']);

/** A feature flag as people read it: `channel_email` → "Channel email", `ip_lookup` → "IP lookup". */
export const featureName = (flag: string) => {
  const words = flag.split('_').map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
