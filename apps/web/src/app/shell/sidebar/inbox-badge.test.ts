import { describe, expect, it } from 'vitest';
import { inboxBadgeBand } from './inbox-badge.ts';

describe('inbox badge colour bands (section 4 reading: 0-50, 51-100, 101-200, over 200)', () => {
  it('S0-4.39 the first band covers 0 to 50', () => {
    expect(inboxBadgeBand(1)).toBe('calm');
    expect(inboxBadgeBand(50)).toBe('calm');
  });

  it('S0-4.40 the second band covers 51 to 100', () => {
    expect(inboxBadgeBand(51)).toBe('busy');
    expect(inboxBadgeBand(100)).toBe('busy');
  });

  it('S0-4.41 the third band covers 101 to 200', () => {
    expect(inboxBadgeBand(101)).toBe('high');
    expect(inboxBadgeBand(200)).toBe('high');
  });

  it('S0-4.42 the fourth band is over 200', () => {
    expect(inboxBadgeBand(201)).toBe('critical');
    expect(inboxBadgeBand(5_000)).toBe('critical');
  });

  it('S0-9.27 S0-9.28 S0-9.29 the edge values 50, 100 and 200 close the lower band', () => {
    expect([inboxBadgeBand(50), inboxBadgeBand(100), inboxBadgeBand(200)]).toEqual(['calm', 'busy', 'high']);
  });
});
