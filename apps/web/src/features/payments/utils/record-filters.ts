import { addDays, format, isValid, parseISO, startOfDay } from 'date-fns';
import { AMOUNT_PATTERN, PAYMENT_EXPORT_MAX_COUNT, PAYMENT_RECORDS_PER_PAGE, PAYMENT_STATUSES, type PaymentKind } from '@app/shared/payments-constants';
import { pageFromQuery } from '../../../lib/pagination.ts';

/**
 * The filters of a records tab, as the URL keeps them (`?status=success&utr=1234&since=2026-11-01`) so a
 * filtered list can be shared and survives a reload. Dates are whole local days, yyyy-MM-dd.
 */
export type RecordFilters = {
  status?: string;
  order_id?: string;
  utr?: string;
  upi_id?: string;
  customer?: string;
  amount_min?: string;
  amount_max?: string;
  since?: string;
  until?: string;
};

export const TEXT_FILTERS = ['order_id', 'utr', 'upi_id', 'customer'] as const;
const FILTER_KEYS = ['status', ...TEXT_FILTERS, 'amount_min', 'amount_max', 'since', 'until'] as const satisfies readonly (keyof RecordFilters)[];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The list filter takes a whole UTR, or its last digits (4 at least; the API's suffix search). */
export const UTR_FILTER_PATTERN = /^\d{4,12}$/;

const validDay = (value: string) => DAY_PATTERN.test(value) && isValid(parseISO(value));

/** What each filter accepts; a value failing it in the URL is ignored, in the form it is an error. */
export function isValidFilter(kind: PaymentKind, key: keyof RecordFilters, value: string): boolean {
  switch (key) {
    case 'status':
      return (PAYMENT_STATUSES[kind] as readonly string[]).includes(value);
    case 'utr':
      return UTR_FILTER_PATTERN.test(value);
    case 'amount_min':
    case 'amount_max':
      return AMOUNT_PATTERN.test(value);
    case 'since':
    case 'until':
      return validDay(value);
    default:
      return value.length > 0 && value.length <= 200;
  }
}

/** The filters of the URL, the invalid ones dropped (a status of the other kind after a tab change, a typo). */
export function filtersFromSearch(params: URLSearchParams, kind: PaymentKind): RecordFilters {
  const filters: RecordFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value && isValidFilter(kind, key, value)) filters[key] = value;
  }
  return filters;
}

export const pageFromSearch = (params: URLSearchParams) => pageFromQuery(params.get('page'));

/** The URL's query for filters and a page (page 1 left out). */
export function searchOf(filters: RecordFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasFilters = (filters: RecordFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/**
 * The API's filter parameters: the URL's, with the days turned into the instants where the person's local
 * days begin (since) and end (until is exclusive: the start of the next day), and the inbox when one is chosen.
 */
function apiParams(filters: RecordFilters, inboxId: number | null): URLSearchParams {
  const params = new URLSearchParams();
  if (inboxId !== null) params.set('inbox_id', String(inboxId));
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (!value) continue;
    if (key === 'since') params.set(key, startOfDay(parseISO(value)).toISOString());
    else if (key === 'until') params.set(key, addDays(startOfDay(parseISO(value)), 1).toISOString());
    else params.set(key, value);
  }
  return params;
}

/** GET withdraws|recharges: filters, inbox and page, 25 a page. */
export function listQuery(filters: RecordFilters, inboxId: number | null, page: number): string {
  const params = apiParams(filters, inboxId);
  params.set('page', String(page));
  params.set('per_page', String(PAYMENT_RECORDS_PER_PAGE));
  return params.toString();
}

/** GET withdraws|recharges/export: the list's filters and max_count 10,000 (001 section 9, S1-7.31/7.32). */
export function exportQuery(filters: RecordFilters, inboxId: number | null): string {
  const params = new URLSearchParams({ max_count: String(PAYMENT_EXPORT_MAX_COUNT) });
  for (const [key, value] of apiParams(filters, inboxId)) params.set(key, value);
  return params.toString();
}

/** A day of the date-range picker as the URL keeps it. */
export const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');
