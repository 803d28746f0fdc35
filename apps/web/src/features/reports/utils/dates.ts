import { REPORTS_TIMEZONE_OFFSET, type ReportGroupBy } from '@app/shared/reports';

/**
 * The zone the server buckets reports in: UTC + REPORTS_TIMEZONE_OFFSET (S1-9.10). A bucket's start is shown in
 * it, so a day bucket reads as that day wherever the viewer is. (Etc/GMT names have the sign reversed.)
 */
export const REPORTS_TIME_ZONE = Number.isInteger(REPORTS_TIMEZONE_OFFSET)
  ? `Etc/GMT${REPORTS_TIMEZONE_OFFSET > 0 ? '-' : '+'}${Math.abs(REPORTS_TIMEZONE_OFFSET)}`
  : 'UTC';

/**
 * Today in the reports' zone, as a date of the browser's calendar (its noon): the day the date-range presets end on.
 * Report days run from the zone's midnights (range.ts `unixRange`), so after 19:00 UTC "today" is already the next
 * day there, and a range ending on the browser's date would leave out what happened since.
 */
export function reportsToday(now = new Date()): Date {
  const there = new Date(now.getTime() + REPORTS_TIMEZONE_OFFSET * 3_600_000);
  return new Date(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate(), 12);
}

const lang = () => (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';

const OPTIONS: Record<ReportGroupBy, Intl.DateTimeFormatOptions> = {
  hour: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  day: { month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric', year: 'numeric' },
  month: { month: 'short', year: 'numeric' },
  year: { year: 'numeric' },
};

/** A bucket's start (unix seconds) as the grouping reads: "Nov 25", "Nov 2026", "2026". */
export function bucketLabel(timestamp: number, groupBy: ReportGroupBy): string {
  try {
    return new Intl.DateTimeFormat(lang(), { ...OPTIONS[groupBy], timeZone: REPORTS_TIME_ZONE }).format(new Date(timestamp * 1000));
  } catch {
    return new Date(timestamp * 1000).toISOString().slice(0, 10);
  }
}

/** A date and time in the viewer's language and zone (CSAT responses). */
export const dateTimeLabel = (timestamp: number) =>
  new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp * 1000));
