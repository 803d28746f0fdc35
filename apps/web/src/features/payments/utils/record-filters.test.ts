import { describe, expect, it } from 'vitest';
import { exportQuery, filtersFromSearch, listQuery, searchOf } from './record-filters.ts';

describe('record filters', () => {
  it('reads the URL, dropping what the kind or the format does not allow', () => {
    const params = new URLSearchParams('status=undelivered&utr=12&amount_min=10.555&amount_max=20&since=2026-11-01&until=2026-13-01&customer=%20Ravi%20&order_id=');
    expect(filtersFromSearch(params, 'withdraw')).toEqual({ status: 'undelivered', amount_max: '20', since: '2026-11-01', customer: 'Ravi' });
    // undelivered is no recharge status
    expect(filtersFromSearch(params, 'recharge').status).toBeUndefined();
    expect(filtersFromSearch(new URLSearchParams('utr=123456789012'), 'recharge')).toEqual({ utr: '123456789012' });
  });

  it('writes the URL in a fixed order, page 1 left out', () => {
    expect(searchOf({ utr: '1234', status: 'success' }).toString()).toBe('status=success&utr=1234');
    expect(searchOf({}, 3).toString()).toBe('page=3');
  });

  it('sends local days as instants: since at the day’s start, until at the next day’s start', () => {
    const query = new URLSearchParams(listQuery({ since: '2026-11-01', until: '2026-11-03' }, 5, 2));
    expect(query.get('inbox_id')).toBe('5');
    expect(query.get('since')).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.get('until')).toBe(new Date(2026, 10, 4).toISOString());
    expect(query.get('page')).toBe('2');
    expect(query.get('per_page')).toBe('25');
  });

  it('S1-7.31 S1-7.32 the export query carries max_count 10000 and the filters, no page', () => {
    expect(exportQuery({ status: 'success', upi_id: 'a@ok' }, null)).toBe('max_count=10000&status=success&upi_id=a%40ok');
    expect(exportQuery({}, 3)).toBe('max_count=10000&inbox_id=3');
  });
});
