import { CONTACT_SORT_KEYS, DEFAULT_CONTACT_SORT, type ContactSortKey } from '@app/shared/contacts';
import type { ContactExportBody } from '@app/shared/contact-jobs';
import type { FilterQuery } from '@app/shared/custom-filters';
import { pageFromQuery } from '../../../lib/pagination.ts';

export type ContactSort = ContactSortKey | `-${ContactSortKey}`;
type FilterRows = FilterQuery['payload'];

/** What one page of the list is asked from: every contact, a label's, a search, or filter rows (a segment's or typed). */
export type ListRequest =
  | { kind: 'all'; page: number; sort: ContactSort }
  | { kind: 'label'; label: string; page: number; sort: ContactSort }
  | { kind: 'search'; q: string; page: number; sort: ContactSort }
  | { kind: 'filter'; payload: FilterRows; page: number };

/** The list's state in the URL: `?q=ann&sort=-created_at&page=2&filter=[…rows as JSON]`. */
export type ListParams = { q: string; sort: ContactSort; page: number; filter: FilterRows | null };

const SORTS = new Set<string>(CONTACT_SORT_KEYS.flatMap((key) => [key, `-${key}`]));
export const isSort = (value: string | null): value is ContactSort => value !== null && SORTS.has(value);

/** Filter rows as saved or typed: anything that is not a non-empty array of rows is no filter. */
export function asFilterRows(rows: unknown): FilterRows | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const valid = rows.every((row) => row && typeof row === 'object' && typeof (row as Record<string, unknown>).attribute_key === 'string' && Array.isArray((row as Record<string, unknown>).values));
  return valid ? (rows as FilterRows) : null;
}

/** Filter rows from the URL (`filter=` JSON). */
export function filterFromText(text: string | null): FilterRows | null {
  if (!text) return null;
  try {
    return asFilterRows(JSON.parse(text));
  } catch {
    return null;
  }
}

export function readListParams(params: URLSearchParams): ListParams {
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    sort: isSort(sort) ? sort : DEFAULT_CONTACT_SORT,
    page: pageFromQuery(params.get('page')),
    filter: filterFromText(params.get('filter')),
  };
}

/** The URL search of a list state; defaults are left out so a plain list has a plain URL. */
export function listSearch(state: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.sort !== DEFAULT_CONTACT_SORT) search.set('sort', state.sort);
  if (state.filter) search.set('filter', JSON.stringify(state.filter));
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** Where the page is: all contacts, a label's, or a saved segment (its rows once loaded). */
export type ListScope = { kind: 'all' } | { kind: 'label'; label: string } | { kind: 'segment'; rows: FilterRows | null };

/**
 * The request of the list: a search wins over everything (Chatwoot's search box searches every contact), then
 * typed filter rows, a segment's rows, a label; null while a segment's rows are still loading.
 */
export function listRequest(scope: ListScope, state: ListParams): ListRequest | null {
  const { page, sort } = state;
  if (state.q) return { kind: 'search', q: state.q, page, sort };
  if (state.filter) return { kind: 'filter', payload: state.filter, page };
  if (scope.kind === 'segment') return scope.rows ? { kind: 'filter', payload: scope.rows, page } : null;
  if (scope.kind === 'label') return { kind: 'label', label: scope.label, page, sort };
  return { kind: 'all', page, sort };
}

/** POST contacts/export's body for what the list shows: the same search, filter rows or label; all contacts otherwise. */
export function exportBody(request: ListRequest): ContactExportBody {
  if (request.kind === 'search') return { q: request.q };
  if (request.kind === 'filter') return { payload: request.payload };
  if (request.kind === 'label') return { label: request.label };
  return {};
}
