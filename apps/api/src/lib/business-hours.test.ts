import { describe, expect, it } from 'vitest';
import type { WorkingHour } from '@app/db/schema';
import { businessSeconds, type BusinessHours } from './business-hours.ts';

const H = 3600;
const closed = (day: number): WorkingHour => ({ day_of_week: day, closed_all_day: true, open_all_day: false, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null });
const allDay = (day: number): WorkingHour => ({ day_of_week: day, closed_all_day: false, open_all_day: true, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null });
const hours = (day: number, open: [number, number], close: [number, number]): WorkingHour => ({
  day_of_week: day,
  closed_all_day: false,
  open_all_day: false,
  open_hour: open[0],
  open_minutes: open[1],
  close_hour: close[0],
  close_minutes: close[1],
});
/** Monday to Friday 9:00–17:00, weekends closed. */
const officeWeek = [closed(0), ...[1, 2, 3, 4, 5].map((d) => hours(d, [9, 0], [17, 0])), closed(6)];
const inZone = (timezone: string, workingHours: WorkingHour[]): BusinessHours => ({ enabled: true, timezone, workingHours });
const at = (iso: string) => new Date(iso);

describe('businessSeconds', () => {
  it('counts every second when working hours are off, and nothing for an empty or reversed span', () => {
    const off: BusinessHours = { enabled: false, timezone: 'Asia/Tokyo', workingHours: officeWeek };
    expect(businessSeconds(off, at('2026-03-07T10:00:00Z'), at('2026-03-09T10:30:15Z'))).toBe(48 * H + 30 * 60 + 15);
    expect(businessSeconds(inZone('UTC', officeWeek), at('2026-03-09T10:00:00Z'), at('2026-03-09T10:00:00Z'))).toBe(0);
    expect(businessSeconds(inZone('UTC', officeWeek), at('2026-03-09T11:00:00Z'), at('2026-03-09T10:00:00Z'))).toBe(0);
  });

  it('counts only the open part of a day, in the inbox time zone', () => {
    // Monday 2026-03-09 in New York (EDT from 03-08, UTC-4): 9:00–17:00 local = 13:00–21:00 UTC
    const ny = inZone('America/New_York', officeWeek);
    expect(businessSeconds(ny, at('2026-03-09T12:00:00Z'), at('2026-03-09T14:30:00Z'))).toBe(1.5 * H);
    expect(businessSeconds(ny, at('2026-03-09T05:00:00Z'), at('2026-03-09T23:00:00Z'))).toBe(8 * H);
    // the same UTC span in Tokyo (UTC+9): Monday 14:00–Tuesday 08:00 local → 14:00–17:00 = 3 h
    expect(businessSeconds(inZone('Asia/Tokyo', officeWeek), at('2026-03-09T05:00:00Z'), at('2026-03-09T23:00:00Z'))).toBe(3 * H);
  });

  it('skips closed days and days without an entry', () => {
    const utc = inZone('UTC', officeWeek);
    // Friday 16:00 to Monday 10:00: 1 h Friday + 1 h Monday
    expect(businessSeconds(utc, at('2026-03-13T16:00:00Z'), at('2026-03-16T10:00:00Z'))).toBe(2 * H);
    // only Wednesday listed: Monday and Tuesday count nothing
    expect(businessSeconds(inZone('UTC', [hours(3, [10, 0], [12, 0])]), at('2026-03-09T00:00:00Z'), at('2026-03-12T00:00:00Z'))).toBe(2 * H);
  });

  it('counts an open_all_day day whole', () => {
    const week = [allDay(6), closed(0)];
    expect(businessSeconds(inZone('Europe/Paris', week), at('2026-03-06T12:00:00Z'), at('2026-03-09T12:00:00Z'))).toBe(24 * H);
  });

  it('counts an overnight shift into the next day, also one that began the day before the span', () => {
    // Monday 22:00 to Tuesday 06:00 (Berlin, UTC+1 in January)
    const night = inZone('Europe/Berlin', [hours(1, [22, 0], [6, 0])]);
    expect(businessSeconds(night, at('2026-01-12T00:00:00Z'), at('2026-01-14T00:00:00Z'))).toBe(8 * H);
    // from Tuesday 03:00 local (02:00 UTC): 3 h of Monday's shift left
    expect(businessSeconds(night, at('2026-01-13T02:00:00Z'), at('2026-01-13T12:00:00Z'))).toBe(3 * H);
  });

  it('never counts an overnight shift and the next day twice', () => {
    const week = [hours(1, [20, 0], [4, 0]), allDay(2)];
    // Monday 20:00 → Wednesday 00:00 UTC: 4 h Monday evening + 24 h Tuesday
    expect(businessSeconds(inZone('UTC', week), at('2026-03-09T00:00:00Z'), at('2026-03-11T00:00:00Z'))).toBe(28 * H);
  });

  it('follows DST changes: a 23-hour and a 25-hour local day', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map(allDay);
    // Europe/Berlin: clocks go forward on 2026-03-29 (23 h) and back on 2026-10-25 (25 h)
    const berlin = inZone('Europe/Berlin', everyDay);
    expect(businessSeconds(berlin, at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'))).toBe(23 * H);
    const sundays = inZone('Europe/Berlin', [allDay(0)]);
    expect(businessSeconds(sundays, at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'))).toBe(23 * H);
    expect(businessSeconds(sundays, at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'))).toBe(25 * H);
    // 9:00–17:00 stays 9:00–17:00 local on either side of the change: UTC+1 then UTC+2
    const office = inZone('Europe/Berlin', officeWeek);
    expect(businessSeconds(office, at('2026-03-27T08:00:00Z'), at('2026-03-27T09:00:00Z'))).toBe(H);
    expect(businessSeconds(office, at('2026-03-30T06:00:00Z'), at('2026-03-30T07:00:00Z'))).toBe(0);
    expect(businessSeconds(office, at('2026-03-30T07:00:00Z'), at('2026-03-30T08:00:00Z'))).toBe(H);
  });

  it('handles zones with a half-hour offset and south of the equator', () => {
    // Kolkata UTC+5:30: 9:00 local = 03:30 UTC
    expect(businessSeconds(inZone('Asia/Kolkata', officeWeek), at('2026-03-09T03:00:00Z'), at('2026-03-09T04:00:00Z'))).toBe(30 * 60);
    // Sydney leaves DST on 2026-04-05 (UTC+11 → UTC+10): Monday 04-06 9:00 local = 23:00 UTC the day before
    expect(businessSeconds(inZone('Australia/Sydney', officeWeek), at('2026-04-05T22:00:00Z'), at('2026-04-06T00:00:00Z'))).toBe(H);
  });

  it('counts multi-week spans exactly, quickly (one pass over the days)', () => {
    const utc = inZone('UTC', officeWeek);
    // 12 whole weeks from a Monday: 12 × 5 × 8 h
    const started = performance.now();
    expect(businessSeconds(utc, at('2026-01-05T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(12 * 40 * H);
    // ten years from a Monday to a Monday in New York (3,654 days = 522 weeks, DST changes included)
    expect(businessSeconds(inZone('America/New_York', officeWeek), at('2016-01-04T05:00:00Z'), at('2026-01-05T05:00:00Z'))).toBe(522 * 40 * H);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
