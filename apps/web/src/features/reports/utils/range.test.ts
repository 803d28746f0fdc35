import { describe, expect, it } from 'vitest';
import { presetRange } from '../../../components/date-range.ts';
import { fitGroupBy, groupByOptions, heatmapRange, reportParams, unixRange } from './range.ts';

const today = new Date(2026, 10, 26, 15, 30);
const unix = (...args: [number, number, number]) => new Date(...args).getTime() / 1000;

describe('report ranges', () => {
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

  it('S1-9.16 the heatmap covers the last 7 days, today included', () => {
    expect(unixRange(heatmapRange(today))).toEqual({ since: unix(2026, 10, 20), until: unix(2026, 10, 27) });
  });
});
