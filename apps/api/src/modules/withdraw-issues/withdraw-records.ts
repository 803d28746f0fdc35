import { eq, inArray } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentRecord } from '@app/shared/payments';

// TODO(payments-api): replace with the payments module's record serializer once it is on main.
const { paymentRecords, inboxes, conversations } = schema;

/** The withdraw records an issue page links to, by id, in the wire shape of the payments lists. */
export async function presentWithdraws(db: Executor, ids: number[]): Promise<Map<number, PaymentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ record: paymentRecords, inboxName: inboxes.name, conversationDisplayId: conversations.displayId })
    .from(paymentRecords)
    .innerJoin(inboxes, eq(inboxes.id, paymentRecords.inboxId))
    .leftJoin(conversations, eq(conversations.id, paymentRecords.conversationId))
    .where(inArray(paymentRecords.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ record: r, inboxName, conversationDisplayId }) => [
      r.id,
      {
        id: r.id,
        account_id: r.accountId,
        inbox_id: r.inboxId,
        inbox_name: inboxName,
        kind: r.kind,
        order_id: r.orderId,
        utr: r.utr,
        upi_id: r.upiId,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        customer_name: r.customerName,
        customer_reference: r.customerReference,
        extras: r.extras,
        conversation_id: conversationDisplayId,
        status_changed_at: r.statusChangedAt?.toISOString() ?? null,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      },
    ]),
  );
}
