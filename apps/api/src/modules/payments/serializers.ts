import type { PaymentRecord, PaymentStatusChange } from '@app/shared/payments';
import type { PaymentRecordRow, PaymentStatusChangeRow } from './queries.ts';

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
