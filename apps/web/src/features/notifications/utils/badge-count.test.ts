import { describe, expect, it } from 'vitest';
import { badgeCount } from './badge-count.ts';

describe('unread badge', () => {
  it('S0-4.43 S0-9.26 shows 99+ when the count reaches 100, and for any count above', () => {
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(101)).toBe('99+');
    expect(badgeCount(12_345)).toBe('99+');
  });

  it('S0-4.44 shows the exact count below 100 (99 shows 99)', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(1)).toBe('1');
  });
});
