import { describe, expect, it } from 'vitest';
import { formatAmount } from './amount.ts';

describe('formatAmount', () => {
  it('writes an exact decimal in its currency, grouped as text, never through a float', () => {
    expect(formatAmount('1234567.5', 'INR')).toBe('₹1,234,567.50');
    expect(formatAmount('9999999999999999.99', 'INR')).toBe('₹9,999,999,999,999,999.99');
    expect(formatAmount('12', 'USD')).toBe('$12.00');
  });

  it('puts an unknown currency code before the figure and shows a non-decimal as sent', () => {
    expect(formatAmount('12.5', 'XYZ').replace(/\s/g, ' ')).toBe('XYZ 12.50');
    expect(formatAmount('abc', 'INR')).toBe('abc INR');
    expect(formatAmount('5', 'not a code')).toBe('not a code 5.00');
  });
});
