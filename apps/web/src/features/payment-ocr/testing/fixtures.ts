import type { OcrResult, PaymentRecord, WithdrawIssue } from '@app/shared/payments';

/** A record valid against PaymentRecordSchema: a withdraw of order `orderId` in inbox 1 "Website". */
export function makeRecord(id: number, orderId: string, extra: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id,
    account_id: 7,
    inbox_id: 1,
    inbox_name: 'Website',
    kind: 'withdraw',
    order_id: orderId,
    utr: '412345678901',
    upi_id: 'asha.k@okbank',
    amount: '1200.50',
    currency: 'INR',
    status: 'success',
    customer_name: 'Asha K',
    customer_reference: null,
    extras: {},
    conversation_id: null,
    status_changed_at: null,
    created_at: '2026-11-25T08:00:00.000Z',
    updated_at: '2026-11-25T08:00:00.000Z',
    ...extra,
  };
}

/** An OCR answer valid against OcrResultSchema for message `messageId`, with `matches`. */
export function makeOcrResult(messageId: number, extra: Partial<OcrResult> = {}): OcrResult {
  return {
    message_id: messageId,
    file_url: `/uploads/screens/${messageId}.png`,
    text: 'Payment successful ₹1,200.50 UTR 412345678901 to asha.k@okbank 25 Nov 2026 14:32',
    confidence: 91.6,
    fields: { utr: '412345678901', amount: '1200.50', upi_id: 'asha.k@okbank', date: '2026-11-25', time: '14:32', status: 'success', status_words: ['successful'] },
    matches: { withdraws: [], recharges: [] },
    duration_ms: 840,
    cached: false,
    ...extra,
  };
}

export function makeIssue(id: number, orderId: string, extra: Partial<WithdrawIssue> = {}): WithdrawIssue {
  return {
    id,
    account_id: 7,
    inbox_id: 1,
    inbox_name: 'Website',
    conversation_id: 5,
    order_id: orderId,
    withdraw: null,
    description: 'Never arrived',
    status: 'open',
    created_by: { id: 1, name: 'Jane Doe' },
    resolved_by: null,
    resolved_at: null,
    resolution_note: null,
    created_at: '2026-11-25T09:00:00.000Z',
    ...extra,
  };
}
