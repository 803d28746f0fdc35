import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import {
  DATE_RANGE_PRESETS,
  dayState,
  defaultDateRange,
  localeDateFormat,
  MONTH_GRID_DAYS,
  monthGrid,
  parseTypedDate,
  pickDay,
  presetRange,
  yearPage,
  YEARS_PER_PAGE,
} from './date-range.ts';

const TODAY = new Date(2026, 10, 25, 15, 30); // Wednesday 25 November 2026
const ymd = (date: Date) => format(date, 'yyyy-MM-dd HH:mm');

describe('date range presets', () => {
  it('S0-4.20 are last7days, last30days, last3months, last6months, lastYear and custom, in that order', () => {
    expect(DATE_RANGE_PRESETS).toEqual(['last7days', 'last30days', 'last3months', 'last6months', 'lastYear', 'custom']);
  });

  it('S0-4.21 default to the last 7 days, today included', () => {
    expect(defaultDateRange(TODAY).preset).toBe('last7days');
    const { from, to } = defaultDateRange(TODAY);
    expect([ymd(from), ymd(to)]).toEqual(['2026-11-19 00:00', '2026-11-25 23:59']);
  });

  it('cover whole days ending today', () => {
    const starts = (['last30days', 'last3months', 'last6months', 'lastYear'] as const).map((p) => ymd(presetRange(p, TODAY).from));
    expect(starts).toEqual(['2026-10-27 00:00', '2026-08-25 00:00', '2026-05-25 00:00', '2025-11-25 00:00']);
  });
});

describe('calendar grids', () => {
  it('S0-9.20 S0-9.21 a month view is six weeks, 42 days, starting on the Monday on or before the 1st', () => {
    const grid = monthGrid(new Date(2026, 10, 1)); // 1 November 2026 is a Sunday
    expect(grid).toHaveLength(MONTH_GRID_DAYS);
    expect(MONTH_GRID_DAYS).toBe(42);
    expect(format(grid[0]!, 'yyyy-MM-dd')).toBe('2026-10-26');
    expect(grid.every((d, i) => (i % 7 === 0 ? d.getDay() === 1 : true))).toBe(true);
    expect(format(grid.at(-1)!, 'yyyy-MM-dd')).toBe('2026-12-06');
    // a month starting on a Monday still begins the grid on its 1st
    expect(format(monthGrid(new Date(2026, 5, 10))[0]!, 'yyyy-MM-dd')).toBe('2026-06-01');
  });

  it('S0-9.22 a year view holds 10 years, the decade of the year shown', () => {
    expect(YEARS_PER_PAGE).toBe(10);
    expect(yearPage(2026)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029]);
    expect(yearPage(2030)[0]).toBe(2030);
  });
});

describe('picking days', () => {
  it('S0-4.22 a first click starts a selection: the start, no end yet', () => {
    const started = pickDay({ from: null, to: null }, new Date(2026, 10, 10, 14));
    expect(ymd(started.from)).toBe('2026-11-10 00:00');
    expect(started.to).toBeNull();
    // a click after a finished range starts a new one
    expect(pickDay({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 3) }, new Date(2026, 10, 20)).to).toBeNull();
  });

  it('S0-4.23 the next day at or after the start ends it, the same day included; an earlier day starts over', () => {
    const from = new Date(2026, 10, 10);
    expect(ymd(pickDay({ from, to: null }, new Date(2026, 10, 12)).to!)).toBe('2026-11-12 23:59');
    const same = pickDay({ from, to: null }, new Date(2026, 10, 10, 9));
    expect([ymd(same.from), ymd(same.to!)]).toEqual(['2026-11-10 00:00', '2026-11-10 23:59']);
    const earlier = pickDay({ from, to: null }, new Date(2026, 10, 8));
    expect([ymd(earlier.from), earlier.to]).toEqual(['2026-11-08 00:00', null]);
  });

  it('marks the ends and the days inside a range', () => {
    const from = new Date(2026, 10, 10);
    const to = new Date(2026, 10, 12, 23, 59);
    expect([9, 10, 11, 12, 13].map((d) => dayState(new Date(2026, 10, d), from, to))).toEqual(['outside', 'start', 'inside', 'end', 'outside']);
    expect(dayState(from, from, new Date(2026, 10, 10, 23))).toBe('start-end');
    expect(dayState(new Date(2026, 10, 11), from, null)).toBe('outside');
  });
});

describe('typed dates', () => {
  it("S0-5.06 parse in the locale's pattern only", () => {
    expect(localeDateFormat('en')).toBe('MM/dd/yyyy');
    expect(localeDateFormat('en-GB')).toBe('dd/MM/yyyy');
    expect(localeDateFormat('de')).toBe('dd.MM.yyyy');
    expect(ymd(parseTypedDate('11/05/2026', 'MM/dd/yyyy')!)).toBe('2026-11-05 00:00');
    expect(ymd(parseTypedDate('1/5/2026', 'MM/dd/yyyy')!)).toBe('2026-01-05 00:00');
    expect(ymd(parseTypedDate('05/11/2026', 'dd/MM/yyyy')!)).toBe('2026-11-05 00:00');
    for (const bad of ['', '2026-11-05', '13/05/2026', '02/30/2026', 'next week', '11/05/26x']) expect(parseTypedDate(bad, 'MM/dd/yyyy')).toBeNull();
  });
});
