import { describe, expect, it } from 'vitest';
import { formatShortTime } from './format.ts';

describe('payment times', () => {
  it('writes a cell time without the year this year, with it before', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    expect(formatShortTime(new Date(2026, 10, 20, 10, 15).toISOString(), now)).toBe('Nov 20, 10:15');
    expect(formatShortTime(new Date(2025, 0, 3, 9, 0).toISOString(), now)).toBe('Jan 3, 2025');
  });
});
