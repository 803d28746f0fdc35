import {
  addDays,
  endOfDay,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isValid,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subDays,
  subMonths,
} from 'date-fns';

/** 000 section 4: the presets, in order; last7days is the default. */
export const DATE_RANGE_PRESETS = ['last7days', 'last30days', 'last3months', 'last6months', 'lastYear', 'custom'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
export const DEFAULT_DATE_RANGE_PRESET: DateRangePreset = 'last7days';

/** 000 section 9: weeks start on Monday, a month view is six weeks (42 days), a year view 10 years. */
export const WEEK_STARTS_ON = 1;
export const MONTH_GRID_DAYS = 42;
export const YEARS_PER_PAGE = 10;

export type DateRange = { from: Date; to: Date; preset: DateRangePreset };

/** The range a preset stands for, ending today: whole days, today included. `custom` has none of its own. */
export function presetRange(preset: Exclude<DateRangePreset, 'custom'>, today: Date): { from: Date; to: Date } {
  const to = endOfDay(today);
  const day = startOfDay(today);
  const from = {
    last7days: subDays(day, 6),
    last30days: subDays(day, 29),
    last3months: subMonths(day, 3),
    last6months: subMonths(day, 6),
    lastYear: subMonths(day, 12),
  }[preset];
  return { from, to };
}

/** The default range: the last 7 days. */
export const defaultDateRange = (today: Date): DateRange => ({ ...presetRange(DEFAULT_DATE_RANGE_PRESET, today), preset: DEFAULT_DATE_RANGE_PRESET });

/** The 42 days a month view shows: from the Monday on or before the 1st, six whole weeks. */
export function monthGrid(month: Date): Date[] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: WEEK_STARTS_ON });
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => addDays(first, i));
}

/** The 10 years of the year view holding `year`: 2020–2029 for 2026. */
export function yearPage(year: number): number[] {
  const first = Math.floor(year / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  return Array.from({ length: YEARS_PER_PAGE }, (_, i) => first + i);
}

/**
 * The typed-date pattern of a locale, from how Intl writes a numeric date: `MM/dd/yyyy` for en and en-US,
 * `dd/MM/yyyy` for en-GB, `dd.MM.yyyy` for de, `yyyy/MM/dd` for ja.
 */
export function localeDateFormat(locale: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2026, 10, 25));
  } catch {
    return 'MM/dd/yyyy';
  }
  return parts.map((part) => ({ day: 'dd', month: 'MM', year: 'yyyy', literal: part.value })[part.type as 'day'] ?? '').join('');
}

/** A typed date in the pattern, or null. One-digit days and months are accepted ("1/5/2026"). */
export function parseTypedDate(text: string, pattern: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}\D\d{1,2}\D\d{1,4}$/.test(trimmed)) return null;
  const loose = pattern.replace('dd', 'd').replace('MM', 'M');
  const date = parse(trimmed, loose, new Date(2000, 0, 1));
  return isValid(date) && date.getFullYear() >= 1000 ? startOfDay(date) : null;
}

export const formatTypedDate = (date: Date, pattern: string) => format(date, pattern);

/** Where a day sits in a range being picked: ends, inside, or outside. `to` null: only the start is picked. */
export function dayState(day: Date, from: Date | null, to: Date | null): 'start' | 'end' | 'start-end' | 'inside' | 'outside' {
  if (!from) return 'outside';
  const isStart = isSameDay(day, from);
  const isEnd = to !== null && isSameDay(day, to);
  if (isStart && isEnd) return 'start-end';
  if (isStart) return 'start';
  if (isEnd) return 'end';
  return to && isAfter(day, from) && isBefore(day, to) ? 'inside' : 'outside';
}

/**
 * A click on a day (000 section 4): with no selection running it starts one (the day is the start, no end yet);
 * with one running, a day at or after the start ends it (same day allowed) and a day before it starts over.
 */
export function pickDay(selection: { from: Date | null; to: Date | null }, day: Date): { from: Date; to: Date | null } {
  const picked = startOfDay(day);
  if (!selection.from || selection.to) return { from: picked, to: null };
  if (isBefore(picked, startOfDay(selection.from))) return { from: picked, to: null };
  return { from: selection.from, to: endOfDay(picked) };
}
