import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import type { PaymentListQuery } from '@app/shared/payments';
import type { PaymentKind } from '@app/shared/payments-constants';
import { NEWEST_FIRST, NEWEST_FIRST_OF_FEW, scopeCondition } from './queries.ts';

const { paymentRecords } = schema;

/** The list and export filters, without pagination. */
export type PaymentFilters = Omit<PaymentListQuery, 'page' | 'per_page'>;

/** A UTR of 4 to 11 digits is the end of one (what a customer reads out of a cut-off screenshot). */
const UTR_SUFFIX = /^\d{4,11}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The WHERE of a list or an export: tenancy, kind and the caller's inboxes (`inboxIds`, null for every inbox),
 * then each filter given. Every condition is one an index of payment_records serves (see docs/payments.md).
 */
export function filterCondition(accountId: number, kind: PaymentKind, inboxIds: number[] | null, filters: PaymentFilters, options: { byInboxOnly?: boolean } = {}): SQL {
  const r = paymentRecords;
  return and(
    scopeCondition(accountId, kind, inboxIds, options),
    filters.status ? eq(r.status, filters.status) : undefined,
    filters.order_id ? eq(r.orderId, filters.order_id) : undefined,
    filters.utr ? utrCondition(filters.utr) : undefined,
    // stored lower-cased (a UPI id's handle is case-insensitive), so the index on upi_id serves it
    filters.upi_id ? eq(r.upiId, filters.upi_id.toLowerCase()) : undefined,
    filters.customer ? customerCondition(filters.customer) : undefined,
    filters.amount_min ? gte(r.amount, filters.amount_min) : undefined,
    filters.amount_max ? lte(r.amount, filters.amount_max) : undefined,
    filters.since ? gte(r.createdAt, startOf(filters.since)) : undefined,
    filters.until ? lt(r.createdAt, endOf(filters.until)) : undefined,
  )!;
}

/** The order a list or export with these filters reads best in (see NEWEST_FIRST_OF_FEW). */
export function orderFor(filters: PaymentFilters) {
  return filters.utr || filters.upi_id || filters.order_id ? NEWEST_FIRST_OF_FEW : NEWEST_FIRST;
}

/** Exact, or by its last digits through the index on reverse(utr). */
function utrCondition(utr: string): SQL {
  if (!UTR_SUFFIX.test(utr)) return eq(paymentRecords.utr, utr);
  const reversed = [...utr].reverse().join('');
  return sql`reverse(${paymentRecords.utr}) LIKE ${`${reversed}%`}`;
}

/** Substring of "name reference", case-insensitive; the expression is the one the trigram index covers. */
function customerCondition(text: string): SQL {
  return sql`(coalesce(${paymentRecords.customerName}, '') || ' ' || coalesce(${paymentRecords.customerReference}, '')) ILIKE ${schema.likePattern(text)}`;
}

/** `since` as given; a bare date is that day's start (UTC). */
function startOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
}

/** `until` is exclusive; a bare date means the end of that day (UTC), so `until=2026-11-25` includes the 25th. */
function endOf(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(new Date(`${value}T00:00:00Z`).getTime() + DAY_MS) : new Date(value);
}
