import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentRecord } from '@app/shared/payments';
import type { PaymentKind } from '@app/shared/payments-constants';
import { NEWEST_FIRST_OF_FEW, scopeCondition, selectRecords } from './queries.ts';
import { serializePaymentRecord } from './serializers.ts';

const { paymentRecords } = schema;

/** At most this many matches of each kind: an OCR read names one payment, more would only be noise. */
export const PAYMENT_MATCH_LIMIT = 10;

export type PaymentMatchQuery = {
  accountId: number;
  /** The caller's visible inboxes; null for every inbox of the account (administrators). */
  inboxIds: number[] | null;
  utr?: string | null | undefined;
  upiId?: string | null | undefined;
  /** Exact decimal ("1200.50"); narrows a UPI id match (one customer pays the same handle many times). */
  amount?: string | null | undefined;
};

export type PaymentMatches = { withdraws: PaymentRecord[]; recharges: PaymentRecord[] };

/**
 * The withdraws and recharges a payment screenshot may be about (OCR): those with its UTR, or with its UPI id
 * (and its amount, when one was read). Newest first, at most PAYMENT_MATCH_LIMIT of each kind, only in the
 * caller's inboxes. Nothing read, nothing matched.
 */
export async function findPaymentMatches(db: Executor, query: PaymentMatchQuery): Promise<PaymentMatches> {
  const condition = matchCondition(query);
  if (!condition) return { withdraws: [], recharges: [] };
  // one after the other: the embedded database (and a transaction) has a single connection
  const withdraws = await matchesOfKind(db, query, 'withdraw', condition);
  const recharges = await matchesOfKind(db, query, 'recharge', condition);
  return { withdraws, recharges };
}

function matchCondition(query: PaymentMatchQuery): SQL | undefined {
  const byUtr = query.utr ? eq(paymentRecords.utr, query.utr) : undefined;
  const byUpi = query.upiId
    ? and(eq(paymentRecords.upiId, query.upiId.toLowerCase()), query.amount ? sql`${paymentRecords.amount} = ${query.amount}::numeric` : undefined)
    : undefined;
  return byUtr && byUpi ? or(byUtr, byUpi) : (byUtr ?? byUpi);
}

async function matchesOfKind(db: Executor, query: PaymentMatchQuery, kind: PaymentKind, condition: SQL): Promise<PaymentRecord[]> {
  const rows = await selectRecords(db)
    .where(and(scopeCondition(query.accountId, kind, query.inboxIds), condition))
    .orderBy(...NEWEST_FIRST_OF_FEW)
    .limit(PAYMENT_MATCH_LIMIT);
  return rows.map(serializePaymentRecord);
}
