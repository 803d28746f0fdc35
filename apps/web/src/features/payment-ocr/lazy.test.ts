import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';

describe('payment-ocr surface', () => {
  it('gives the workspace lazy components only: the panel, the dialog, their strings and styles load on first use', () => {
    const lazyType = Symbol.for('react.lazy');
    expect(Object.keys(surface).sort()).toEqual(['LazyOcrPanel', 'LazyWithdrawIssueDialog']);
    expect((surface.LazyOcrPanel as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
    expect((surface.LazyWithdrawIssueDialog as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
  });
});
