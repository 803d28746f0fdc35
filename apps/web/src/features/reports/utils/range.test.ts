import { describe, expect, it } from 'vitest';
import { presetRange } from '../../../components/date-range.ts';
import { reportsToday } from './dates.ts';
import { fitGroupBy, groupByOptions, heatmapRange, reportParams, unixRange } from './range.ts';

const today = new Date(2026, 10, 26, 15, 30);
// midnight of a calendar day in the reports' zone, UTC + 5 (S1-9.10), whatever the zone the tests run in
const unix = (year: number, month: number, day: number) => Date.UTC(year, month, day) / 1000 - 5 * 3600;

describe('report ranges', () => {
  it('S1-9.10 the range\'s days start at the midnights the server buckets reports from (UTC + 5), whatever the browser\'s zone', () => {
    const zone = process.env.TZ;
    try {
      for (const browser of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
        process.env.TZ = browser;
        // the browser's calendar days, 23 to 29 November: seven buckets of the server's, no eighth
        const range = presetRange('last7days', new Date(2026, 10, 29, 12, 0));
        expect(unixRange(range), browser).toEqual({ since: unix(2026, 10, 23), until: unix(2026, 10, 30) });
        expect((unixRange(range).until - unixRange(range).since) / 86_400).toBe(7);
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('the presets end on today in the reports\' zone, so the range holds the last hours of the browser\'s day after 19:00 UTC', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      expect(reportsToday(new Date(Date.UTC(2026, 10, 29, 10, 0)))).toEqual(new Date(2026, 10, 29, 12));
      expect(reportsToday(new Date(Date.UTC(2026, 10, 29, 18, 59)))).toEqual(new Date(2026, 10, 29, 12));
      const evening = new Date(Date.UTC(2026, 10, 29, 20, 0));
      expect(reportsToday(evening)).toEqual(new Date(2026, 10, 30, 12));
      const { since, until } = unixRange(presetRange('last7days', reportsToday(evening)));
      expect(until * 1000).toBeGreaterThan(evening.getTime());
      expect(since).toBe(unix(2026, 10, 24));
    } finally {
      process.env.TZ = zone;
    }
  });

  it('S0-2.97 the presets give whole days ending today as since/until unix seconds', () => {
    expect(unixRange(presetRange('last7days', today))).toEqual({ since: unix(2026, 10, 20), until: unix(2026, 10, 27) });
    expect(unixRange(presetRange('last30days', today))).toEqual({ since: unix(2026, 9, 28), until: unix(2026, 10, 27) });
    expect(unixRange(presetRange('last3months', today))).toEqual({ since: unix(2026, 7, 26), until: unix(2026, 10, 27) });
    expect(unixRange(presetRange('lastYear', today))).toEqual({ since: unix(2025, 10, 26), until: unix(2026, 10, 27) });
  });

  it('S1-9.10 every report query carries since, until, group_by, business_hours and timezone_offset 5', () => {
    const params = reportParams({ range: presetRange('last7days', today), groupBy: 'week', businessHours: true, type: 'agent', id: 4, metric: 'reply_time' });
    expect(Object.fromEntries(params)).toEqual({
      metric: 'reply_time',
      type: 'agent',
      id: '4',
      since: String(unix(2026, 10, 20)),
      until: String(unix(2026, 10, 27)),
      group_by: 'week',
      business_hours: 'true',
      timezone_offset: '5',
    });
    expect(reportParams({ range: presetRange('last7days', today) }).get('business_hours')).toBe('false');
  });

  it('the group-by choices follow the range length, and a grouping the range does not allow falls back', () => {
    expect(groupByOptions(presetRange('last7days', today))).toEqual(['day']);
    expect(groupByOptions(presetRange('last30days', today))).toEqual(['day', 'week']);
    expect(groupByOptions(presetRange('last3months', today))).toEqual(['day', 'week', 'month']);
    expect(groupByOptions(presetRange('lastYear', today))).toEqual(['week', 'month', 'year']);
    expect(fitGroupBy(presetRange('last7days', today), 'week')).toBe('day');
    expect(fitGroupBy(presetRange('lastYear', today), 'day')).toBe('week');
  });

  it('S1-9.16 the heatmap covers the last 7 days, today included, from the browser\'s midnights (hourly buckets, drawn in its hours)', () => {
    const local = (day: number) => String(new Date(2026, 10, day).getTime() / 1000);
    const params = reportParams({ range: heatmapRange(today), groupBy: 'hour', metric: 'conversations_count' });
    expect([params.get('since'), params.get('until')]).toEqual([local(20), local(27)]);
  });
});
