import { sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentList, PaymentListQuery } from '@app/shared/payments';
import { PAYMENT_COUNT_CAP, type PaymentKind } from '@app/shared/payments-constants';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { filterCondition, orderFor } from './filters.ts';
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
  // a short page that is not past the end says how many there are; otherwise count (up to the cap)
  const counted =
    rows.length < perPage && (rows.length > 0 || page === 1)
      ? offset + rows.length
      : await cappedCount(ctx.db, filterCondition(ctx.accountId, kind, inboxIds, filters, { byInboxOnly: true }));
  return {
    meta: { current_page: page, per_page: perPage, count: Math.min(counted, PAYMENT_COUNT_CAP), count_capped: counted > PAYMENT_COUNT_CAP },
    payload: rows.map(serializePaymentRecord),
  };
}

/** Counts at most one row past the cap: an exact count of a million rows would cost more than the page. */
async function cappedCount(db: Executor, where: ReturnType<typeof filterCondition>): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(paymentRecords).where(where).limit(PAYMENT_COUNT_CAP + 1).as('capped');
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
