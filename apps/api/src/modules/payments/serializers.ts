import type { PaymentImportJob, PaymentRecord, PaymentStatusChange } from '@app/shared/payments';
import type { PaymentImportRow, PaymentRecordRow, PaymentStatusChangeRow } from './queries.ts';

/** The wire shape of a withdraw or recharge (PaymentRecordSchema); amounts stay exact decimal strings. */
export function serializePaymentRecord(row: PaymentRecordRow): PaymentRecord {
  return {
    id: row.id,
    account_id: row.accountId,
    inbox_id: row.inboxId,
    inbox_name: row.inboxName,
    kind: row.kind,
    order_id: row.orderId,
    utr: row.utr,
    upi_id: row.upiId,
    amount: normalizeAmount(row.amount),
    currency: row.currency,
    status: row.status,
    customer_name: row.customerName,
    customer_reference: row.customerReference,
    extras: row.extras,
    conversation_id: row.conversationDisplayId,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** numeric(18,2) comes back as "1200.50" from Postgres; make sure both drivers give two decimals. */
export function normalizeAmount(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export function serializeStatusChange(row: PaymentStatusChangeRow): PaymentStatusChange {
  return {
    id: row.id,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    reason: row.reason,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    created_at: row.createdAt.toISOString(),
  };
}

/** A CSV import job (PaymentImportJobSchema); the error report is linked once a row failed. */
export function serializeImportJob(row: PaymentImportRow): PaymentImportJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.fileName,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.createdCount,
    updated: row.updatedCount,
    unchanged: row.unchangedCount,
    failed: row.failedCount,
    error: row.error,
    error_report_url: row.failedCount > 0 ? `/api/v1/accounts/${row.accountId}/payment_imports/${row.id}/errors` : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
