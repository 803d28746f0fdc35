import type { z } from 'zod';
import type { Executor } from '@app/db';
import type { PaymentImportBodySchema, PaymentImportRecord } from '@app/shared/payments';
import { PAYMENT_STATUSES, type PaymentKind } from '@app/shared/payments-constants';
import { AppError, humanize, type FieldErrors } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { accountInboxIds, recordRowsByIds } from './queries.ts';
import { serializePaymentRecord } from './serializers.ts';
import { upsertRecords, type UpsertResult } from './upsert.ts';

type ImportBody = z.infer<typeof PaymentImportBodySchema>;

/**
 * POST withdraws/import and recharges/import with JSON: every record valid or none written (422 naming
 * `records.<index>.<field>`), then one upsert. Created and updated records are announced to their inboxes.
 */
export async function importPaymentRecords(ctx: AccountCtx, kind: PaymentKind, body: ImportBody) {
  const results = await ctx.db.transaction(async (tx) => {
    const errors = await recordErrors(tx, ctx.accountId, kind, body.records);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return upsertRecords(tx, ctx.accountId, kind, { type: 'import', id: ctx.actor.id, name: ctx.actor.name }, body.records);
  });
  await publishChanged(ctx, results);
  return {
    created: results.filter((r) => r.result === 'created').length,
    updated: results.filter((r) => r.result === 'updated').length,
    unchanged: results.filter((r) => r.result === 'unchanged').length,
    payload: results,
  };
}

/**
 * What the schema cannot know: inboxes of this account, statuses of this kind, and one order id appearing
 * twice in one call (which of the two should win is not ours to guess). Keys are `records.<i>.<field>`.
 */
export async function recordErrors(db: Executor, accountId: number, kind: PaymentKind, records: PaymentImportRecord[], prefix = 'records.'): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (index: number, field: string, message: string) => (errors[`${prefix}${index}.${field}`] ??= []).push(message);
  const inboxes = new Set(await accountInboxIds(db, accountId, [...new Set(records.map((r) => r.inbox_id))]));
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    for (const message of recordProblems(kind, record, inboxes)) add(index, message.field, message.text);
    const key = `${record.inbox_id}\u0000${record.order_id}`;
    if (seen.has(key)) add(index, 'order_id', `appears twice in this import (also record ${seen.get(key)})`);
    else seen.set(key, index);
  });
  return errors;
}

/** One record's problems against the account and the kind (shared with the CSV import's rows). */
export function recordProblems(kind: PaymentKind, record: PaymentImportRecord, accountInboxes: Set<number>): { field: string; text: string }[] {
  const problems: { field: string; text: string }[] = [];
  if (!accountInboxes.has(record.inbox_id)) problems.push({ field: 'inbox_id', text: 'is not an inbox of this account' });
  if (record.status !== undefined && !PAYMENT_STATUSES[kind].includes(record.status as never)) {
    problems.push({ field: 'status', text: `is not a ${kind} status (${PAYMENT_STATUSES[kind].join(', ')})` });
  }
  return problems;
}

export function validationFailed(errors: FieldErrors): AppError {
  const message = Object.entries(errors)
    .map(([field, list]) => `${humanize(field)} ${list[0]}`)
    .join(', ');
  return new AppError('validation_failed', message, { fields: errors });
}

/** payment_record.updated for each record the import created or changed (nothing for unchanged ones). */
async function publishChanged(ctx: AccountCtx, results: UpsertResult[]) {
  const ids = results.filter((r) => r.result !== 'unchanged').map((r) => r.id);
  for (const row of await recordRowsByIds(ctx.db, ids)) {
    ctx.bus.publish({ name: 'payment_record.updated', accountId: ctx.accountId, inboxId: row.inboxId, data: serializePaymentRecord(row) });
  }
}
