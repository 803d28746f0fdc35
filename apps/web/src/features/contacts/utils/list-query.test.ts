import { describe, expect, it } from 'vitest';
import { exportBody, listRequest, listSearch, readListParams } from './list-query.ts';

const rows = [{ attribute_key: 'city', filter_operator: 'equal_to' as const, values: ['Paris'], query_operator: null }];

describe('list query', () => {
  it('reads the URL with defaults and writes it back without them', () => {
    const params = readListParams(new URLSearchParams('q=%20ann%20&sort=name&page=3'));
    expect(params).toEqual({ q: 'ann', sort: 'name', page: 3, filter: null });
    expect(listSearch(params).toString()).toBe('q=ann&sort=name&page=3');
    expect(readListParams(new URLSearchParams('sort=bogus&page=-2&filter=%7B'))).toEqual({ q: '', sort: '-last_activity_at', page: 1, filter: null });
    expect(listSearch(readListParams(new URLSearchParams())).toString()).toBe('');
  });

  it('a search wins over a filter, a filter over a segment, a segment over a label', () => {
    const state = { q: '', sort: 'name' as const, page: 1, filter: null };
    expect(listRequest({ kind: 'label', label: 'vip' }, { ...state, q: 'ann' })).toEqual({ kind: 'search', q: 'ann', page: 1, sort: 'name' });
    expect(listRequest({ kind: 'segment', rows: null }, { ...state, filter: rows })).toEqual({ kind: 'filter', payload: rows, page: 1 });
    expect(listRequest({ kind: 'segment', rows: null }, state)).toBeNull();
    expect(listRequest({ kind: 'label', label: 'vip' }, state)).toEqual({ kind: 'label', label: 'vip', page: 1, sort: 'name' });
  });

  it('S1-7.64 exports what the list shows', () => {
    expect(exportBody({ kind: 'search', q: 'ann', page: 2, sort: 'name' })).toEqual({ q: 'ann' });
    expect(exportBody({ kind: 'filter', payload: rows, page: 1 })).toEqual({ payload: rows });
    expect(exportBody({ kind: 'label', label: 'vip', page: 1, sort: 'name' })).toEqual({ label: 'vip' });
    expect(exportBody({ kind: 'all', page: 1, sort: 'name' })).toEqual({});
  });
});
