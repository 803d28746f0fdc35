import { describe, expect, it } from 'vitest';
import { formatAmount, formatShortTime } from './format.ts';

describe('payment formats', () => {
  it('groups an exact decimal amount as text, never through a float', () => {
    expect(formatAmount('1234567.5', 'INR')).toBe('INR 1,234,567.50');
    expect(formatAmount('9999999999999999.99', 'INR')).toBe('INR 9,999,999,999,999,999.99');
    expect(formatAmount('12', 'USD')).toBe('USD 12.00');
  });

  it('writes a cell time without the year this year, with it before', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    expect(formatShortTime(new Date(2026, 10, 20, 10, 15).toISOString(), now)).toBe('Nov 20, 10:15');
    expect(formatShortTime(new Date(2025, 0, 3, 9, 0).toISOString(), now)).toBe('Jan 3, 2025');
  });
});
