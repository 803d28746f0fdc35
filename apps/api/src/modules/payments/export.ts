import { Readable } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import { paymentExportFileName, type PaymentKind } from '@app/shared/payments-constants';
import type { AccountCtx } from '../../lib/context.ts';
import { csvLine } from '../../lib/csv.ts';
import { filterCondition, orderFor, type PaymentFilters } from './filters.ts';
import { selectRecords, type PaymentRecordRow } from './queries.ts';
import { serializePaymentRecord } from './serializers.ts';
import { inboxScope } from './visibility.ts';

const { paymentRecords } = schema;

/** Rows read per query: big enough to be quick, small enough that 10,000 rows never sit in memory at once. */
const EXPORT_BATCH = 1_000;

export const EXPORT_COLUMNS = [
  'id',
  'inbox_id',
  'inbox_name',
  'order_id',
  'utr',
  'upi_id',
  'amount',
  'currency',
  'status',
  'customer_name',
  'customer_reference',
  'conversation_id',
  'status_changed_at',
  'created_at',
  'updated_at',
  'extras',
] as const;

export type PaymentExport = { fileName: string; stream: Readable };

/**
 * GET withdraws/export and recharges/export: the list's filters, newest first, at most `maxCount` rows, as a
 * CSV stream. Rows are read in keyset batches (created_at, id) as the client takes them, so an export holds
 * one batch in memory and a slow client slows the reads instead of filling the buffers.
 */
export async function exportPaymentRecords(ctx: AccountCtx, kind: PaymentKind, filters: PaymentFilters, maxCount: number): Promise<PaymentExport> {
  // the visibility check happens before the answer starts, so a foreign inbox is still a plain 404
  const inboxIds = await inboxScope(ctx, filters.inbox_id);
  const where = filterCondition(ctx.accountId, kind, inboxIds, filters);
  return { fileName: paymentExportFileName(kind, new Date()), stream: Readable.from(csvLines(ctx.db, where, orderFor(filters), maxCount)) };
}

type Order = ReturnType<typeof orderFor>;

async function* csvLines(db: Executor, where: SQL, order: Order, maxCount: number): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  let after: number | null = null;
  let sent = 0;
  while (sent < maxCount) {
    const rows = await exportBatch(db, where, order, after, Math.min(EXPORT_BATCH, maxCount - sent));
    if (rows.length === 0) return;
    yield rows.map(exportLine).join('');
    sent += rows.length;
    after = rows.at(-1)!.id;
  }
}

/**
 * The next batch after record `after` in (created_at desc, id desc) order. The cursor's created_at is read in
 * SQL rather than sent back from JS, whose dates stop at milliseconds where Postgres keeps microseconds.
 */
function exportBatch(db: Executor, where: SQL, order: Order, after: number | null, limit: number): Promise<PaymentRecordRow[]> {
  const cursor =
    after === null
      ? undefined
      : sql`(${paymentRecords.createdAt}, ${paymentRecords.id}) < (select c.created_at, c.id from ${paymentRecords} c where c.id = ${after})`;
  return selectRecords(db)
    .where(and(where, cursor))
    .orderBy(...order)
    .limit(limit);
}

function exportLine(row: PaymentRecordRow): string {
  const record = serializePaymentRecord(row);
  return csvLine(EXPORT_COLUMNS.map((column) => record[column]));
}

