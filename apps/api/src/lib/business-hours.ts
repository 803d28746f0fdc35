import type { WorkingHour } from '@app/db/schema';

/** An inbox's working hours as reports read them (inboxes.working_hours_enabled, working_hours, timezone). */
export type BusinessHours = { enabled: boolean; timezone: string; workingHours: readonly WorkingHour[] };

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at an instant, as if it were UTC (ms): its difference to the instant is the zone's offset. */
function wallClockMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC (ms, east positive) at an instant. */
const offsetAt = (timeZone: string, at: number): number => wallClockMs(timeZone, at) - Math.floor(at / 1000) * 1000;

/**
 * The instant a wall-clock time (given as if UTC, ms) happens in `timeZone`. A time skipped by a DST jump
 * (02:30 on the night clocks go forward) answers the instant the clock shows it after the jump, minus the jump:
 * the same minute count from midnight; a repeated time (clocks going back) answers one of its two occurrences.
 */
function instantOf(timeZone: string, wallMs: number, hint?: { offset: number }): number {
  // Offsets change twice a year at most: the last one found is nearly always right (one Intl call, not three).
  if (hint && wallClockMs(timeZone, wallMs - hint.offset) === wallMs) return wallMs - hint.offset;
  const first = wallMs - offsetAt(timeZone, wallMs);
  const second = wallMs - offsetAt(timeZone, first);
  // the offset changes between the two guesses: the earlier one that shows this wall clock, else the later
  const instant = first === second || wallClockMs(timeZone, Math.min(first, second)) !== wallMs ? Math.max(first, second) : Math.min(first, second);
  if (hint) hint.offset = wallMs - instant;
  return instant;
}

/** The open interval(s) of one local day, in minutes from its midnight (the end may pass midnight: overnight). */
function openMinutes(day: WorkingHour | undefined): [number, number] | null {
  if (!day || day.closed_all_day) return null;
  if (day.open_all_day) return [0, 24 * 60];
  const open = (day.open_hour ?? 0) * 60 + (day.open_minutes ?? 0);
  const close = (day.close_hour ?? 0) * 60 + (day.close_minutes ?? 0);
  if (close === open) return null;
  // closing at or before the opening time: open overnight, until that time the next day
  return [open, close > open ? close : close + 24 * 60];
}

/**
 * Seconds of [from, to) inside the working hours (Chatwoot's value_in_business_hours). Working hours off: every
 * second counts. A day without an entry, or closed_all_day, counts nothing; open_all_day counts its whole local
 * day (23 or 25 hours across a DST change); a closing time at or before the opening time runs into the next day.
 * Walks the local days the span touches (O(days), a few Intl calls each), starting the day before `from` so an
 * overnight shift that began then is counted.
 */
export function businessSeconds(hours: BusinessHours, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  if (!hours.enabled) return (end - start) / 1000;
  const byDay = new Map(hours.workingHours.map((day) => [day.day_of_week, day]));
  const tz = hours.timezone;
  const firstWall = wallClockMs(tz, start);
  const lastWall = wallClockMs(tz, end);
  const hint = { offset: firstWall - Math.floor(start / 1000) * 1000 };
  let total = 0;
  // the end of what was counted: an overnight shift and the next day's hours never count twice
  let counted = start;
  // local midnights as wall-clock ms (as if UTC), from the day before `from`'s to `to`'s
  for (let midnight = Math.floor(firstWall / DAY_MS) * DAY_MS - DAY_MS; midnight <= lastWall; midnight += DAY_MS) {
    const open = openMinutes(byDay.get(new Date(midnight).getUTCDay()));
    if (!open) continue;
    const openAt = instantOf(tz, midnight + open[0] * MINUTE_MS, hint);
    const closeAt = instantOf(tz, midnight + open[1] * MINUTE_MS, hint);
    const overlap = Math.min(closeAt, end) - Math.max(openAt, counted);
    if (overlap > 0) {
      total += overlap;
      counted = Math.min(closeAt, end);
    }
  }
  return total / 1000;
}
