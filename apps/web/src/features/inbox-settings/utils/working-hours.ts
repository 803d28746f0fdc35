import { DEFAULT_WORKING_HOURS, type WorkingHour } from '@app/shared/inboxes';

/** Monday first, Sunday last (day_of_week 0 is Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Seven days, one per day of the week: the stored ones, a closed day for any missing. */
export function weekOf(stored: readonly WorkingHour[]): WorkingHour[] {
  return WEEK_ORDER.map(
    (day) =>
      stored.find((d) => d.day_of_week === day) ?? {
        ...DEFAULT_WORKING_HOURS.find((d) => d.day_of_week === day)!,
        closed_all_day: true,
        open_hour: null,
        open_minutes: null,
        close_hour: null,
        close_minutes: null,
      },
  );
}

/** Opening a closed day starts it at 9:00 to 17:00. */
export function openDay(day: WorkingHour): WorkingHour {
  return { ...day, closed_all_day: false, open_all_day: false, open_hour: day.open_hour ?? 9, open_minutes: day.open_minutes ?? 0, close_hour: day.close_hour ?? 17, close_minutes: day.close_minutes ?? 0 };
}

/** A closed day keeps no hours. */
export function closeDay(day: WorkingHour): WorkingHour {
  return { ...day, closed_all_day: true, open_all_day: false, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null };
}

/** The time zones offered: the browser's list, with UTC and the stored zone always in it. */
export function timeZones(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...listed, current])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
