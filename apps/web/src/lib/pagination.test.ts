import { describe, expect, it } from 'vitest';
import { AUDIT_LOGS_PER_PAGE } from '@app/shared/constants';
import { pageCount, pageFromQuery, pageRange } from './pagination.ts';

describe('audit log pagination', () => {
  it('S1-9.05 counts pages of 15 entries', () => {
    expect(AUDIT_LOGS_PER_PAGE).toBe(15);
    expect(pageCount(0, AUDIT_LOGS_PER_PAGE)).toBe(1);
    expect(pageCount(15, AUDIT_LOGS_PER_PAGE)).toBe(1);
    expect(pageCount(16, AUDIT_LOGS_PER_PAGE)).toBe(2);
    expect(pageRange(2, AUDIT_LOGS_PER_PAGE, 42)).toEqual({ from: 16, to: 30 });
    expect(pageRange(3, AUDIT_LOGS_PER_PAGE, 42)).toEqual({ from: 31, to: 42 });
    expect(pageRange(1, AUDIT_LOGS_PER_PAGE, 0)).toEqual({ from: 0, to: 0 });
  });

  it('S1-9.06 starts on page 1 when the URL has no page or a bad one', () => {
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery('abc')).toBe(1);
    expect(pageFromQuery('0')).toBe(1);
    expect(pageFromQuery('2.5')).toBe(1);
    expect(pageFromQuery('3')).toBe(3);
  });
});
