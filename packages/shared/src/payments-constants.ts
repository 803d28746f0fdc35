/**
 * Payment operations (001 sections 1, 7, 9; docs/payments.md): the constants the server and the dashboard share,
 * free of zod so the conversation workspace can use them without loading a schema library.
 */

export const PAYMENT_KINDS = ['withdraw', 'recharge'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Withdraw: money out to a customer. `undelivered` is the customer saying a successful payout never
 * arrived (the checker's "mark undelivered"); it ends as delivered after all (`success`) or `refunded`.
 */
export const WITHDRAW_STATUSES = ['pending', 'processing', 'success', 'failed', 'undelivered', 'refunded'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** Recharge: money in from a customer, confirmed by its UTR; a failed or expired one may still be confirmed late. */
export const RECHARGE_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

export type PaymentStatus = WithdrawStatus | RechargeStatus;

export const PAYMENT_STATUSES: { readonly [K in PaymentKind]: readonly PaymentStatus[] } = {
  withdraw: WITHDRAW_STATUSES,
  recharge: RECHARGE_STATUSES,
};

/** The status changes an operator may make (PATCH); anything else answers 409. Imports set status as given. */
export const PAYMENT_TRANSITIONS: { readonly [K in PaymentKind]: Readonly<Record<string, readonly PaymentStatus[]>> } = {
  withdraw: {
    pending: ['processing', 'success', 'failed'],
    processing: ['success', 'failed'],
    success: ['undelivered'],
    failed: ['refunded'],
    undelivered: ['success', 'refunded'],
    refunded: [],
  },
  recharge: {
    pending: ['success', 'failed', 'expired'],
    failed: ['success'],
    expired: ['success'],
    success: [],
  },
};

export const canTransition = (kind: PaymentKind, from: string, to: string): boolean =>
  (PAYMENT_TRANSITIONS[kind][from] ?? []).includes(to as PaymentStatus);

/** A UTR (Unique Transaction Reference) of an Indian bank transfer: 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;
/** A UPI id (virtual payment address): handle@bank. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
/** Amounts: positive, at most 16 digits before the point and 2 after. */
export const AMOUNT_PATTERN = /^\d{1,16}(\.\d{1,2})?$/;

export const PAYMENT_IMPORT_MAX_RECORDS = 1_000;
export const PAYMENT_IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const PAYMENT_EXPORT_MAX_COUNT = 10_000;
export const PAYMENT_RECORDS_PER_PAGE = 25;
export const PAYMENT_RECORDS_MAX_PER_PAGE = 100;
/** The list counts exactly up to this many rows, then says "more than" (counting a million rows is not instant). */
export const PAYMENT_COUNT_CAP = 10_000;
/** …and up to this many with a customer substring, which reads every matching row to count it (docs/payments.md). */
export const PAYMENT_SUBSTRING_COUNT_CAP = 1_000;

/** 001 section 9: withdraw and recharge calls go to account 1 unless the installation says otherwise. */
export const DEFAULT_PAYMENTS_ACCOUNT_ID = 1;

/** Export file names: `withdraws-2026-11-25.csv` (001 section 9: named by ISO date). */
export const paymentExportFileName = (kind: PaymentKind, day: Date): string => `${kind}s-${day.toISOString().slice(0, 10)}.csv`;

/** 001 section 8: what a failed withdraw issue creation says when the server gave no text. */
export const WITHDRAW_ISSUE_UNKNOWN_ERROR = 'An unknown error occurred';
export const WITHDRAW_ISSUE_STATUSES = ['open', 'resolved'] as const;
export type WithdrawIssueStatus = (typeof WITHDRAW_ISSUE_STATUSES)[number];

/** OCR (001 section 3): the dashboard's state for one image. */
export type OcrState = { results: unknown; isProcessing: boolean; error: string | null; message_id: number | null; file_url: string | null };
