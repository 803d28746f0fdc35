import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type Tx } from '@app/db';
import type { PaymentRecord, RechargeUpdateBodySchema, WithdrawStatusUpdateBodySchema } from '@app/shared/payments';
import { canTransition, PAYMENT_TRANSITIONS, type PaymentKind } from '@app/shared/payments-constants';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { recordReportingEvent } from '../reporting-events/record.ts';
import { insertStatusChanges, lockRecordRows, recordRowsByIds, scopeCondition, updateRecordRow, type PaymentRecordTableRow } from './queries.ts';
import { serializePaymentRecord } from './serializers.ts';
import { inboxScope } from './visibility.ts';

const { paymentRecords } = schema;

type WithdrawUpdate = z.infer<typeof WithdrawStatusUpdateBodySchema>;
type RechargeUpdate = z.infer<typeof RechargeUpdateBodySchema>;

/** Several records answer the description: the caller must say which (by order id). */
const CANDIDATES_SHOWN = 20;

/**
 * PATCH withdraws/update_status_by_order_id_undelivered: the withdraw of `order_id` in `inbox` moves to
 * `status` (a transition PAYMENT_TRANSITIONS allows, else 409), taking the UTR and extras given.
 */
export async function updateWithdrawStatus(ctx: AccountCtx, input: WithdrawUpdate): Promise<{ payload: PaymentRecord }> {
  const record = await ctx.db.transaction(async (tx) => {
    const inboxIds = await inboxScope(ctx, input.inbox, tx);
    const [row] = await lockRecordRows(tx, and(scopeCondition(ctx.accountId, 'withdraw', inboxIds), eq(paymentRecords.orderId, input.order_id))!, 1);
    if (!row) throw notFound();
    return changeStatus(tx, ctx, row, input.status, { utr: input.utr ?? row.utr, upiId: row.upiId, extras: input.extras, reason: input.reason });
  });
  return publishUpdated(ctx, record);
}

/**
 * PATCH recharges/update_by_utr_upi: finds the recharge by order id (in `inbox`, else in the caller's inboxes),
 * else by UTR, else by UPI id among the open ones; none is 404, several 409 with their ids. A UTR or UPI id the
 * record lacks is filled in; one that contradicts the record's is a 409.
 */
export async function updateRechargeStatus(ctx: AccountCtx, input: RechargeUpdate): Promise<{ payload: PaymentRecord }> {
  const record = await ctx.db.transaction(async (tx) => {
    const inboxIds = await inboxScope(ctx, input.inbox, tx);
    const rows = await lockRecordRows(tx, and(scopeCondition(ctx.accountId, 'recharge', inboxIds), rechargeMatch(input))!, CANDIDATES_SHOWN);
    const row = onlyCandidate(rows);
    const utr = filledIn('utr', row.utr, input.utr);
    const upiId = filledIn('upi_id', row.upiId, input.upi_id?.toLowerCase());
    return changeStatus(tx, ctx, row, input.status, { utr, upiId, extras: input.extras, reason: input.reason });
  });
  return publishUpdated(ctx, record);
}

/** Order id first (it is the key), then the UTR (unique to one transfer), then the UPI id of an open recharge. */
function rechargeMatch(input: RechargeUpdate): SQL {
  if (input.order_id) return eq(paymentRecords.orderId, input.order_id);
  if (input.utr) return eq(paymentRecords.utr, input.utr);
  return and(eq(paymentRecords.upiId, input.upi_id!.toLowerCase()), notInArray(paymentRecords.status, finalStatuses('recharge')))!;
}

/** Statuses nothing leaves (success of a recharge, refunded of a withdraw). */
function finalStatuses(kind: PaymentKind): string[] {
  return Object.entries(PAYMENT_TRANSITIONS[kind])
    .filter(([, next]) => next.length === 0)
    .map(([status]) => status);
}

function onlyCandidate(rows: PaymentRecordTableRow[]): PaymentRecordTableRow {
  if (rows.length === 0) throw notFound();
  if (rows.length > 1) {
    throw new AppError('state_conflict', 'Several recharges match; give the order_id of the one to update.', { extra: { candidates: rows.map((r) => r.id) } });
  }
  return rows[0]!;
}

/** The record's value, or the given one when the record has none; two different values are a conflict. */
function filledIn(field: 'utr' | 'upi_id', current: string | null, given: string | undefined): string | null {
  if (given === undefined || current === null) return given ?? current;
  if (current !== given) throw new AppError('state_conflict', `The ${field} given does not match the recharge's ${field}.`);
  return current;
}

type StatusChange = { utr: string | null; upiId: string | null; extras: Record<string, unknown> | undefined; reason: string | undefined };

/**
 * Moves a locked record to `to` and, in the same transaction, writes its history row, an audit row and a
 * reporting event; a transition the record's status does not allow (the same status included) is a 409.
 */
async function changeStatus(tx: Tx, ctx: AccountCtx, row: PaymentRecordTableRow, to: string, change: StatusChange): Promise<PaymentRecordTableRow> {
  if (!canTransition(row.kind, row.status, to)) {
    throw new AppError('state_conflict', `A ${row.kind} cannot go from ${row.status} to ${to}.`, { extra: { status: row.status } });
  }
  const now = new Date();
  const values = {
    status: to,
    utr: change.utr,
    upiId: change.upiId,
    extras: change.extras ? { ...row.extras, ...change.extras } : row.extras,
    statusChangedAt: now,
    updatedAt: now,
  };
  const updated = await updateRecordRow(tx, row.id, values);
  await insertStatusChanges(tx, [
    { accountId: row.accountId, recordId: row.id, fromStatus: row.status, toStatus: to, reason: change.reason ?? null, actorType: 'user', actorId: ctx.actor.id, actorName: ctx.actor.name },
  ]);
  await recordAudit(tx, {
    accountId: ctx.accountId,
    actor: ctx.actor,
    action: 'update',
    auditableType: 'PaymentRecord',
    auditableId: row.id,
    changes: auditChanges(row, values),
    meta: ctx.meta,
  });
  await recordReportingEvent(tx, {
    accountId: ctx.accountId,
    inboxId: row.inboxId,
    userId: ctx.actor.id,
    name: `${row.kind}_status_changed`,
    data: { from: row.status, to, order_id: row.orderId, record_id: row.id },
  });
  return updated;
}

function auditChanges(before: PaymentRecordTableRow, after: { status: string; utr: string | null; upiId: string | null; extras: Record<string, unknown> }) {
  const changes: Record<string, [unknown, unknown]> = { status: [before.status, after.status] };
  if (before.utr !== after.utr) changes.utr = [before.utr, after.utr];
  if (before.upiId !== after.upiId) changes.upi_id = [before.upiId, after.upiId];
  if (JSON.stringify(before.extras) !== JSON.stringify(after.extras)) changes.extras = [before.extras, after.extras];
  return changes;
}

/** After the commit: the record as the lists show it, to the inbox's members (payment_record.updated). */
async function publishUpdated(ctx: AccountCtx, row: PaymentRecordTableRow): Promise<{ payload: PaymentRecord }> {
  const [full] = await recordRowsByIds(ctx.db, [row.id]);
  if (!full) throw notFound();
  const payload = serializePaymentRecord(full);
  ctx.bus.publish({ name: 'payment_record.updated', accountId: ctx.accountId, inboxId: row.inboxId, data: payload });
  return { payload };
}
