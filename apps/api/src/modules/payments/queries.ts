import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { PaymentKind } from '@app/shared/payments-constants';

const { paymentRecords, paymentStatusChanges, paymentImports, inboxes, conversations } = schema;

export type PaymentRecordTableRow = typeof paymentRecords.$inferSelect;
/** A record with what its wire shape shows beside it: the inbox name and the linked conversation's display id. */
export type PaymentRecordRow = PaymentRecordTableRow & { inboxName: string; conversationDisplayId: number | null };
export type PaymentStatusChangeRow = typeof paymentStatusChanges.$inferSelect;

const recordColumns = {
  ...getTableColumns(paymentRecords),
  inboxName: inboxes.name,
  conversationDisplayId: conversations.displayId,
};

/** SELECT of records with their inbox name and conversation display id; the caller adds WHERE, ORDER and LIMIT. */
export function selectRecords(db: Executor) {
  return db
    .select(recordColumns)
    .from(paymentRecords)
    .innerJoin(inboxes, eq(inboxes.id, paymentRecords.inboxId))
    .leftJoin(conversations, eq(conversations.id, paymentRecords.conversationId))
    .$dynamic();
}

/**
 * The WHERE of "records of this kind in this account, in these inboxes" (null: every inbox). `byInboxOnly`
 * leaves out account_id when inboxes are given, for counts: those inbox ids were checked to be the account's
 * (a record's account is its inbox's), and without account_id the (inbox_id, kind, …) indexes answer alone.
 */
export function scopeCondition(accountId: number, kind: PaymentKind, inboxIds: number[] | null, options: { byInboxOnly?: boolean } = {}): SQL {
  return and(
    inboxIds !== null && options.byInboxOnly ? undefined : eq(paymentRecords.accountId, accountId),
    eq(paymentRecords.kind, kind),
    inboxIds === null ? undefined : inboxIds.length ? inArray(paymentRecords.inboxId, inboxIds) : sql`false`,
  )!;
}

export async function findRecordRow(db: Executor, accountId: number, kind: PaymentKind, id: number, inboxIds: number[] | null) {
  const [row] = await selectRecords(db)
    .where(and(scopeCondition(accountId, kind, inboxIds), eq(paymentRecords.id, id)))
    .limit(1);
  return row ?? null;
}

/** Records by id, in the order of `ids` (for answers built after a write). */
export async function recordRowsByIds(db: Executor, ids: number[]): Promise<PaymentRecordRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectRecords(db).where(inArray(paymentRecords.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A record's status history, oldest first. */
export function historyRows(db: Executor, recordId: number): Promise<PaymentStatusChangeRow[]> {
  return db.select().from(paymentStatusChanges).where(eq(paymentStatusChanges.recordId, recordId)).orderBy(asc(paymentStatusChanges.id));
}

/** Locks the rows a status update will change, so two operators changing one record run one after the other. */
export async function lockRecordRows(db: Executor, where: SQL, limit: number): Promise<PaymentRecordTableRow[]> {
  return db.select().from(paymentRecords).where(where).orderBy(asc(paymentRecords.id)).limit(limit).for('update');
}

export async function updateRecordRow(db: Executor, id: number, values: Partial<typeof paymentRecords.$inferInsert>): Promise<PaymentRecordTableRow> {
  const [row] = await db.update(paymentRecords).set(values).where(eq(paymentRecords.id, id)).returning();
  if (!row) throw new Error('payment record update returned nothing');
  return row;
}

export async function insertStatusChanges(db: Executor, rows: (typeof paymentStatusChanges.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(paymentStatusChanges).values(rows);
}

/** The account's inbox ids, all of them or those among `among`. */
export async function accountInboxIds(db: Executor, accountId: number, among?: number[]): Promise<number[]> {
  if (among?.length === 0) return [];
  const rows = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), among ? inArray(inboxes.id, among) : undefined));
  return rows.map((r) => r.id);
}

/**
 * Newest first, spelled as the indexes are built (DESC NULLS LAST): plain DESC means NULLS FIRST, which
 * Postgres cannot serve from those indexes even on NOT NULL columns, and sorts every matching row instead.
 */
export const NEWEST_FIRST = [sql`${paymentRecords.createdAt} DESC NULLS LAST`, sql`${paymentRecords.id} DESC NULLS LAST`] as const;

/**
 * The same order (the columns are NOT NULL), spelled so no created_at index can serve it: for lookups that match
 * a handful of rows (a UTR, a UPI id, an order id), Postgres then reads them through their own index and sorts
 * them, instead of walking the newest-first index in the hope of meeting them early (which it misjudges badly).
 */
export const NEWEST_FIRST_OF_FEW = [desc(paymentRecords.createdAt), desc(paymentRecords.id)] as const;

// --- CSV import jobs

export type PaymentImportRow = typeof paymentImports.$inferSelect;
/** Column values, or SQL for the ones a batch adds to (counters, the error list). */
export type ImportChanges = Partial<{ [K in keyof typeof paymentImports.$inferInsert]: (typeof paymentImports.$inferInsert)[K] | SQL }>;

export async function insertImportRow(db: Executor, values: typeof paymentImports.$inferInsert): Promise<PaymentImportRow> {
  const [row] = await db.insert(paymentImports).values(values).returning();
  if (!row) throw new Error('payment import insert returned nothing');
  return row;
}

export async function findImportRow(db: Executor, accountId: number, id: number): Promise<PaymentImportRow | null> {
  const [row] = await db
    .select()
    .from(paymentImports)
    .where(and(eq(paymentImports.accountId, accountId), eq(paymentImports.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the oldest queued import, or a running one whose lease ran out (its worker died), for `leaseMs`.
 * SKIP LOCKED: two workers never claim one import. The lease is a JS date so it compares exactly later.
 */
export async function claimImportRow(db: Executor, leaseMs: number): Promise<PaymentImportRow | null> {
  const i = paymentImports;
  const due = sql`(select id from ${i} where ${i.status} = 'queued' or (${i.status} = 'running' and ${i.leaseUntil} < now()) order by ${i.id} limit 1 for update skip locked)`;
  const [row] = await db
    .update(i)
    .set({ status: 'running', leaseUntil: new Date(Date.now() + leaseMs), startedAt: sql`coalesce(${i.startedAt}, now())`, updatedAt: new Date() })
    .where(eq(i.id, due))
    .returning();
  return row ?? null;
}

/** Updates a running import only while it still carries the lease `job` holds; null when another worker took it. */
export async function updateLeasedImport(db: Executor, job: PaymentImportRow, changes: ImportChanges): Promise<PaymentImportRow | null> {
  const [row] = await db
    .update(paymentImports)
    .set({ updatedAt: new Date(), ...changes })
    .where(and(eq(paymentImports.id, job.id), eq(paymentImports.status, 'running'), eq(paymentImports.leaseUntil, job.leaseUntil!)))
    .returning();
  return row ?? null;
}

/** What one batch adds to an import's counters and error list. */
export function addedToImport(batch: { rows: number; created: number; updated: number; unchanged: number; failed: number; listedErrors: unknown[] }): ImportChanges {
  const i = paymentImports;
  return {
    processedRows: sql`${i.processedRows} + ${batch.rows}`,
    createdCount: sql`${i.createdCount} + ${batch.created}`,
    updatedCount: sql`${i.updatedCount} + ${batch.updated}`,
    unchangedCount: sql`${i.unchangedCount} + ${batch.unchanged}`,
    failedCount: sql`${i.failedCount} + ${batch.failed}`,
    ...(batch.listedErrors.length > 0 ? { rowErrors: sql`${i.rowErrors} || ${JSON.stringify(batch.listedErrors)}::jsonb` } : {}),
  };
}
