import { t } from '../../../lib/i18n/i18n.ts';

const STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 31_536_000 },
  { unit: 'month', seconds: 2_592_000 },
  { unit: 'week', seconds: 604_800 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** "5 minutes ago", "yesterday", "just now" (under a minute) for a unix time, in the document's language. */
export function timeAgo(unixSeconds: number, nowMs = Date.now(), locale = document.documentElement.lang || 'en'): string {
  const diff = Math.round(unixSeconds - nowMs / 1000);
  if (Math.abs(diff) < 60) return t('NOTIFICATIONS.JUST_NOW');
  const step = STEPS.find((s) => Math.abs(diff) >= s.seconds)!;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.trunc(diff / step.seconds), step.unit);
}
