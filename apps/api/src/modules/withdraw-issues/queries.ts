import { aliasedTable, and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { withdrawIssues, paymentRecords, inboxes, conversations, users } = schema;
export type WithdrawIssueRow = typeof withdrawIssues.$inferSelect;

const creator = aliasedTable(users, 'creator');
const resolver = aliasedTable(users, 'resolver');
const recordConversation = aliasedTable(conversations, 'record_conversation');

/**
 * An issue with what its wire shape names: the inbox's name, the conversation's display id, the people,
 * and its withdraw record (of the same inbox) with the display id of the conversation that record names.
 */
const presentedColumns = {
  issue: withdrawIssues,
  inboxName: inboxes.name,
  conversationDisplayId: conversations.displayId,
  createdByName: creator.name,
  resolvedByName: resolver.name,
  record: paymentRecords,
  recordConversationDisplayId: recordConversation.displayId,
};
export type PresentedIssueRow = {
  issue: WithdrawIssueRow;
  inboxName: string;
  conversationDisplayId: number | null;
  createdByName: string | null;
  resolvedByName: string | null;
  record: typeof paymentRecords.$inferSelect | null;
  recordConversationDisplayId: number | null;
};

/** The filters of the issues list; `inboxIds` null means every inbox of the account. */
export type IssueFilter = { accountId: number; inboxIds: number[] | null; inboxId?: number; status?: string; orderId?: string };

function filterCondition(filter: IssueFilter): SQL {
  return and(
    eq(withdrawIssues.accountId, filter.accountId),
    filter.inboxIds === null ? undefined : filter.inboxIds.length ? inArray(withdrawIssues.inboxId, filter.inboxIds) : sql`false`,
    filter.inboxId === undefined ? undefined : eq(withdrawIssues.inboxId, filter.inboxId),
    filter.status === undefined ? undefined : eq(withdrawIssues.status, filter.status as WithdrawIssueRow['status']),
    filter.orderId === undefined ? undefined : eq(withdrawIssues.orderId, filter.orderId),
  )!;
}

function selectPresented(db: Executor, where: SQL) {
  return db
    .select(presentedColumns)
    .from(withdrawIssues)
    .innerJoin(inboxes, eq(inboxes.id, withdrawIssues.inboxId))
    .leftJoin(conversations, eq(conversations.id, withdrawIssues.conversationId))
    .leftJoin(creator, eq(creator.id, withdrawIssues.createdById))
    .leftJoin(resolver, eq(resolver.id, withdrawIssues.resolvedById))
    .leftJoin(paymentRecords, eq(paymentRecords.id, withdrawIssues.recordId))
    .leftJoin(recordConversation, eq(recordConversation.id, paymentRecords.conversationId))
    .where(where);
}

/** A page of issues, newest first (served by withdraw_issues_account_status_idx / _inbox_status_idx), and the total. */
export async function listIssueRows(db: Executor, filter: IssueFilter, limit: number, offset: number) {
  const where = filterCondition(filter);
  const [rows, [total]] = await Promise.all([
    selectPresented(db, where).orderBy(desc(withdrawIssues.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(withdrawIssues).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findPresentedIssue(db: Executor, accountId: number, id: number): Promise<PresentedIssueRow | null> {
  const [row] = await selectPresented(db, and(eq(withdrawIssues.accountId, accountId), eq(withdrawIssues.id, id))!).limit(1);
  return row ?? null;
}

/** One issue of the account among the visible inboxes, locked for the change that follows. */
export async function lockIssueRow(db: Executor, accountId: number, inboxIds: number[] | null, id: number): Promise<WithdrawIssueRow | null> {
  const [row] = await db
    .select()
    .from(withdrawIssues)
    .where(and(filterCondition({ accountId, inboxIds }), eq(withdrawIssues.id, id)))
    .for('update');
  return row ?? null;
}

/** The open issue of an order in an inbox, if any (withdraw_issues_open_order_key). */
export async function findOpenIssueId(db: Executor, inboxId: number, orderId: string, exceptId?: number): Promise<number | null> {
  const [row] = await db
    .select({ id: withdrawIssues.id })
    .from(withdrawIssues)
    .where(
      and(
        eq(withdrawIssues.inboxId, inboxId),
        eq(withdrawIssues.orderId, orderId),
        eq(withdrawIssues.status, 'open'),
        exceptId === undefined ? undefined : sql`${withdrawIssues.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Inserts an issue; null when an open issue of that order and inbox won the race (the partial unique index). */
export async function insertIssue(db: Executor, values: typeof withdrawIssues.$inferInsert): Promise<WithdrawIssueRow | null> {
  const [row] = await db.insert(withdrawIssues).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateIssueRow(db: Executor, id: number, values: Partial<typeof withdrawIssues.$inferInsert>): Promise<WithdrawIssueRow> {
  const [row] = await db.update(withdrawIssues).set(values).where(eq(withdrawIssues.id, id)).returning();
  if (!row) throw new Error('withdraw issue update returned nothing');
  return row;
}

/** The withdraw of an order in an inbox (payment_records_inbox_kind_order_key), locked so its link is written once. */
export async function findWithdrawId(db: Executor, inboxId: number, orderId: string): Promise<{ id: number; conversationId: number | null } | null> {
  const [row] = await db
    .select({ id: paymentRecords.id, conversationId: paymentRecords.conversationId })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.inboxId, inboxId), eq(paymentRecords.kind, 'withdraw'), eq(paymentRecords.orderId, orderId)))
    .for('update');
  return row ?? null;
}

/** Links the record to the conversation the issue was raised from, when it has none yet. */
export async function linkRecordConversation(db: Executor, recordId: number, conversationId: number): Promise<void> {
  await db.update(paymentRecords).set({ conversationId }).where(eq(paymentRecords.id, recordId));
}
