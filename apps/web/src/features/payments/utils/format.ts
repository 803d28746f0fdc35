import { format, parseISO } from 'date-fns';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

/** An ISO time as "Nov 25, 2026, 14:05". */
export const formatTime = (iso: string) => format(parseISO(iso), 'MMM d, yyyy, HH:mm');

/** An ISO time for a table cell: "Nov 25, 14:05" this year, "Nov 25, 2025" before (the full time is formatTime). */
export function formatShortTime(iso: string, now = new Date()): string {
  const time = parseISO(iso);
  return format(time, time.getFullYear() === now.getFullYear() ? 'MMM d, HH:mm' : 'MMM d, yyyy');
}

/** A record's status for reading; an unknown one (a newer server) as sent. */
export const statusLabel = (status: string) => {
  const text = t(`PAYMENTS.STATUS.${status}` as MessageKey);
  return text.startsWith('PAYMENTS.') ? status : text;
};
