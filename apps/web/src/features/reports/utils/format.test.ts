import { describe, expect, it } from 'vitest';
import { reportCsvFileName } from '@app/shared/reports';
import { formatDuration, formatNumber, percentChange, signedPercent } from './format.ts';

describe('report formatting', () => {
  it('durations read as the two largest units', () => {
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(180)).toBe('3m');
    expect(formatDuration(93_784)).toBe('1d 2h');
    expect(formatDuration(3600 + 7)).toBe('1h');
    expect(formatDuration(0.4)).toBe('0s');
    expect(formatDuration(null)).toBeNull();
  });

  it('numbers are localized and changes are signed percents with two decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(2, 3)).toBe(-33.33);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(signedPercent(50)).toBe('+50%');
    expect(signedPercent(-33.33)).toBe('-33.33%');
  });

  it('S1-9.17 S1-9.18 CSV downloads are named type-report-dd-MM-yyyy[-business-hours].csv', () => {
    expect(reportCsvFileName('agent', new Date(2026, 0, 5), false)).toBe('agent-report-05-01-2026.csv');
    expect(reportCsvFileName('agent', new Date(2026, 10, 26), true)).toBe('agent-report-26-11-2026-business-hours.csv');
  });
});
