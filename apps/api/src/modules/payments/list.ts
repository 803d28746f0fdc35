import { sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentList, PaymentListQuery } from '@app/shared/payments';
import { PAYMENT_COUNT_CAP, PAYMENT_SUBSTRING_COUNT_CAP, type PaymentKind } from '@app/shared/payments-constants';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { filterCondition, orderFor, type PaymentFilters } from './filters.ts';
import { findRecordRow, historyRows, selectRecords } from './queries.ts';
import { serializePaymentRecord, serializeStatusChange } from './serializers.ts';
import { inboxScope, paymentInboxIds } from './visibility.ts';

const { paymentRecords } = schema;

/** GET withdraws / recharges: newest first, a page at a time, with a count that stops at PAYMENT_COUNT_CAP. */
export async function listPaymentRecords(ctx: AccountCtx, kind: PaymentKind, query: PaymentListQuery): Promise<PaymentList> {
  const { page, per_page: perPage, ...filters } = query;
  const inboxIds = await inboxScope(ctx, filters.inbox_id);
  const where = filterCondition(ctx.accountId, kind, inboxIds, filters);
  const { limit, offset } = pageWindow(page, perPage);
  const rows = await selectRecords(ctx.db).where(where).orderBy(...orderFor(filters)).limit(limit).offset(offset);
  const cap = countCap(filters);
  // a short page that is not past the end says how many there are; otherwise count (up to the cap)
  const counted =
    rows.length < perPage && (rows.length > 0 || page === 1)
      ? offset + rows.length
      : await cappedCount(ctx.db, filterCondition(ctx.accountId, kind, inboxIds, filters, { byInboxOnly: true }), cap, filters);
  return {
    meta: { current_page: page, per_page: perPage, count: Math.min(counted, cap), count_capped: counted > cap },
    payload: rows.map(serializePaymentRecord),
  };
}

/**
 * Where the count stops being exact: PAYMENT_COUNT_CAP, but PAYMENT_SUBSTRING_COUNT_CAP for a customer substring.
 * Every other filter is counted from an index alone; a substring has to read each matching row, and a common
 * name matches tens of thousands (counting 10,000 of them took 55-240 ms at a million records, 1,000 take 13 ms).
 */
const countCap = (filters: PaymentFilters) => (filters.customer ? PAYMENT_SUBSTRING_COUNT_CAP : PAYMENT_COUNT_CAP);

/**
 * Counts at most one row past the cap: an exact count of a million rows would cost more than the page. A
 * substring count walks the newest-first index like the page does, so it stops at the cap instead of first
 * collecting every match from the trigram index (Postgres still takes that index when few rows match).
 */
async function cappedCount(db: Executor, where: SQL, cap: number, filters: PaymentFilters): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(paymentRecords).where(where).$dynamic();
  if (filters.customer) matches.orderBy(...orderFor(filters));
  const capped = matches.limit(cap + 1).as('capped');
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(capped);
  return row?.value ?? 0;
}

/** GET withdraws/:id and recharges/:id: the record and its status history, oldest first. */
export async function getPaymentRecord(ctx: AccountCtx, kind: PaymentKind, id: number) {
  const row = await findRecordRow(ctx.db, ctx.accountId, kind, id, await paymentInboxIds(ctx));
  if (!row) throw notFound();
  const history = await historyRows(ctx.db, row.id);
  return { payload: { ...serializePaymentRecord(row), history: history.map(serializeStatusChange) } };
}
