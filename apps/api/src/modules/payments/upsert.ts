import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentActorType } from '@app/db/schema';
import type { PaymentImportRecord } from '@app/shared/payments';
import type { PaymentKind } from '@app/shared/payments-constants';
import { insertStatusChanges } from './queries.ts';

const { paymentRecords } = schema;

export type UpsertResult = { id: number; inbox_id: number; order_id: string; result: 'created' | 'updated' | 'unchanged' };
export type UpsertActor = { type: PaymentActorType; id: number | null; name: string | null; importId?: number };

type Stored = { inboxId: number; orderId: string; status: string; utr: string | null; upiId: string | null; customerName: string | null; customerReference: string | null; extras: Record<string, unknown> };
/** The first key of the advisory lock imports take per account (any constant unused by other locks). */
const IMPORT_LOCK_CLASS = 72_635_490;
const keyOf = (inboxId: number, orderId: string) => `${inboxId}\u0000${orderId}`;

/**
 * Upserts valid records of one kind (at most a thousand, distinct by inbox and order id) in the caller's
 * transaction. A field left out keeps its stored value (null clears it); a record whose values are all the
 * same is not written at all (ON CONFLICT … WHERE … IS DISTINCT FROM), so repeating an import changes
 * nothing, not even updated_at. A status set or changed by the import gets a history row.
 */
export async function upsertRecords(tx: Executor, accountId: number, kind: PaymentKind, actor: UpsertActor, records: PaymentImportRecord[]): Promise<UpsertResult[]> {
  if (records.length === 0) return [];
  // Imports of one account take turns (until their transaction ends): what is stored under the keys, read
  // below, then stays true through the upsert, so each record is created once and its history knows the
  // status it had. Status updates lock the rows themselves (FOR UPDATE below waits for them).
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}, ${accountId})`);
  const stored = await storedRecords(tx, kind, records);
  const values = records.map((record) => rowValues(accountId, kind, record, stored.get(keyOf(record.inbox_id, record.order_id))));
  const r = paymentRecords;
  const written = await tx
    .insert(r)
    .values(values)
    .onConflictDoUpdate({
      target: [r.inboxId, r.kind, r.orderId],
      set: {
        amount: sql`excluded.amount`,
        currency: sql`excluded.currency`,
        status: sql`excluded.status`,
        utr: sql`excluded.utr`,
        upiId: sql`excluded.upi_id`,
        customerName: sql`excluded.customer_name`,
        customerReference: sql`excluded.customer_reference`,
        extras: sql`excluded.extras`,
        statusChangedAt: sql`CASE WHEN ${r.status} IS DISTINCT FROM excluded.status THEN now() ELSE ${r.statusChangedAt} END`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${r.amount}, ${r.currency}, ${r.status}, ${r.utr}, ${r.upiId}, ${r.customerName}, ${r.customerReference}, ${r.extras})
        IS DISTINCT FROM (excluded.amount, excluded.currency, excluded.status, excluded.utr, excluded.upi_id, excluded.customer_name, excluded.customer_reference, excluded.extras)`,
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated
    .returning({ id: r.id, inboxId: r.inboxId, orderId: r.orderId, status: r.status, inserted: sql<boolean>`(xmax = 0)` });
  await writeHistory(tx, accountId, actor, written, stored);
  return resultsInOrder(records, written, stored);
}

/** What is stored under the records' keys (to keep what a record leaves out, and to see status changes). */
async function storedRecords(tx: Executor, kind: PaymentKind, records: PaymentImportRecord[]): Promise<Map<string, Stored & { id: number }>> {
  const r = paymentRecords;
  const byInbox = new Map<number, string[]>();
  for (const record of records) byInbox.set(record.inbox_id, [...(byInbox.get(record.inbox_id) ?? []), record.order_id]);
  const rows = await tx
    .select({ id: r.id, inboxId: r.inboxId, orderId: r.orderId, status: r.status, utr: r.utr, upiId: r.upiId, customerName: r.customerName, customerReference: r.customerReference, extras: r.extras })
    .from(r)
    .where(and(eq(r.kind, kind), or(...[...byInbox].map(([inboxId, orderIds]) => and(eq(r.inboxId, inboxId), inArray(r.orderId, orderIds))))))
    .for('update');
  return new Map(rows.map((row) => [keyOf(row.inboxId, row.orderId), row]));
}

const keep = <T>(given: T | undefined, stored: T | undefined, fallback: T): T => (given !== undefined ? given : stored !== undefined ? stored : fallback);

function rowValues(accountId: number, kind: PaymentKind, record: PaymentImportRecord, stored: Stored | undefined): typeof paymentRecords.$inferInsert {
  const status = keep(record.status, stored?.status, 'pending');
  return {
    accountId,
    inboxId: record.inbox_id,
    kind,
    orderId: record.order_id,
    amount: record.amount,
    currency: record.currency,
    status,
    utr: keep(record.utr, stored?.utr, null),
    upiId: keep(record.upi_id === null ? null : record.upi_id?.toLowerCase(), stored?.upiId, null),
    customerName: keep(record.customer_name, stored?.customerName, null),
    customerReference: keep(record.customer_reference, stored?.customerReference, null),
    extras: keep(record.extras, stored?.extras, {}),
    // the integrator's creation time, taken when the record is created: later imports never reorder the list
    ...(record.created_at ? { createdAt: new Date(record.created_at) } : {}),
    statusChangedAt: new Date(),
  };
}

type Written = { id: number; inboxId: number; orderId: string; status: string; inserted: boolean };

async function writeHistory(tx: Executor, accountId: number, actor: UpsertActor, written: Written[], stored: Map<string, Stored>) {
  const changes = written.flatMap((row) => {
    const before = row.inserted ? null : (stored.get(keyOf(row.inboxId, row.orderId))?.status ?? null);
    if (before === row.status) return [];
    return [{ accountId, recordId: row.id, fromStatus: before, toStatus: row.status, reason: null, actorType: actor.type, actorId: actor.id, actorName: actor.name, importId: actor.importId ?? null }];
  });
  await insertStatusChanges(tx, changes);
}

function resultsInOrder(records: PaymentImportRecord[], written: Written[], stored: Map<string, Stored & { id: number }>): UpsertResult[] {
  const byKey = new Map(written.map((row) => [keyOf(row.inboxId, row.orderId), row]));
  return records.map((record) => {
    const key = keyOf(record.inbox_id, record.order_id);
    const row = byKey.get(key);
    const base = { inbox_id: record.inbox_id, order_id: record.order_id };
    if (row) return { ...base, id: row.id, result: row.inserted ? 'created' : 'updated' };
    return { ...base, id: stored.get(key)!.id, result: 'unchanged' };
  });
}
