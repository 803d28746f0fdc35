import { describe, expect, it } from 'vitest';
import { checkerViewPath, readCheckerParams } from './checker-path.ts';

describe('checker view URL', () => {
  it('S1-2.76 S1-2.79 reads checker-view, checker-view/{inboxId} and checker-view/{inboxId}/{tab}; the tab defaults to recharge', () => {
    expect(readCheckerParams(undefined, undefined)).toEqual({ inbox: null, tab: 'recharge', canonical: true });
    expect(readCheckerParams('4', undefined)).toEqual({ inbox: 4, tab: 'recharge', canonical: true });
    expect(readCheckerParams('4', 'withdraw')).toEqual({ inbox: 4, tab: 'withdraw', canonical: true });
    expect(readCheckerParams('4', 'issues')).toEqual({ inbox: 4, tab: 'issues', canonical: true });
    expect(readCheckerParams('all', 'withdraw')).toEqual({ inbox: 'all', tab: 'withdraw', canonical: true });
  });

  it('marks what must be rewritten: an unknown tab, a tab first, an inbox that is no id', () => {
    expect(readCheckerParams('4', 'bogus')).toEqual({ inbox: 4, tab: 'recharge', canonical: false });
    expect(readCheckerParams('withdraw', undefined)).toEqual({ inbox: 'all', tab: 'withdraw', canonical: false });
    expect(readCheckerParams('abc', undefined)).toEqual({ inbox: null, tab: 'recharge', canonical: false });
    expect(readCheckerParams('0', 'withdraw')).toEqual({ inbox: null, tab: 'recharge', canonical: false });
    expect(readCheckerParams('1e3', undefined).canonical).toBe(false);
  });

  it('writes the shortest path for every inbox on the default tab, both segments otherwise', () => {
    expect(checkerViewPath('all', 'recharge')).toBe('checker-view');
    expect(checkerViewPath('all', 'issues')).toBe('checker-view/all/issues');
    expect(checkerViewPath(3, 'recharge')).toBe('checker-view/3/recharge');
    expect(checkerViewPath(3, 'withdraw')).toBe('checker-view/3/withdraw');
  });
});
