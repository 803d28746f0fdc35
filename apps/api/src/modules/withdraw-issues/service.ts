import type { z } from 'zod';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { memberAccess } from '../../lib/member-access.ts';
import { pageWindow } from '../../lib/pagination.ts';
import type { CreateWithdrawIssueBodySchema, UpdateWithdrawIssueBodySchema, WithdrawIssue, WithdrawIssueListQuerySchema } from '@app/shared/payments';
import { recordAudit } from '../audit-logs/service.ts';
import { loadConversation } from '../conversations/service.ts';
import { checkVisibleInboxes, visibleInboxIds } from '../inbox-members/service.ts';
import {
  findOpenIssueId,
  findPresentedIssue,
  findWithdrawId,
  insertIssue,
  linkRecordConversation,
  listIssueRows,
  lockIssueRow,
  updateIssueRow,
} from './queries.ts';
import { serializeWithdrawIssue } from './serializers.ts';

type CreateInput = z.infer<typeof CreateWithdrawIssueBodySchema>;
type UpdateInput = z.infer<typeof UpdateWithdrawIssueBodySchema>;
type ListInput = z.infer<typeof WithdrawIssueListQuerySchema>;

export const WITHDRAW_ISSUES_PER_PAGE = 25;

const openIssueExists = (orderId: string) => new AppError('state_conflict', `An open issue already exists for order ${orderId}`);

async function presentOne(ctx: AccountCtx, id: number): Promise<WithdrawIssue> {
  const row = await findPresentedIssue(ctx.db, ctx.accountId, id);
  if (!row) throw notFound();
  return serializeWithdrawIssue(row);
}

function publish(ctx: AccountCtx, name: 'withdraw_issue.created' | 'withdraw_issue.updated', issue: WithdrawIssue) {
  ctx.bus.publish({ name, accountId: ctx.accountId, inboxId: issue.inbox_id, data: issue });
}

export async function listWithdrawIssues(ctx: AccountCtx, input: ListInput) {
  // the caller's access read once, for the inbox asked for and the inboxes they see
  const access = await memberAccess(ctx);
  if (input.inbox_id !== undefined) await checkVisibleInboxes(ctx, ctx.db, [input.inbox_id], access);
  const filter = { accountId: ctx.accountId, inboxIds: await visibleInboxIds(ctx, access), inboxId: input.inbox_id, status: input.status, orderId: input.order_id };
  const { rows, count } = await listIssueRows(ctx.db, filter, WITHDRAW_ISSUES_PER_PAGE, pageWindow(input.page, WITHDRAW_ISSUES_PER_PAGE).offset);
  return { meta: { current_page: input.page, per_page: WITHDRAW_ISSUES_PER_PAGE, count }, payload: rows.map(serializeWithdrawIssue) };
}

/**
 * Raises an issue from a conversation the caller sees, in its inbox. At most one issue of an order is
 * open per inbox (409 otherwise); the order's withdraw, when the inbox has one, is linked to the issue
 * and, if it names no conversation yet, to this conversation.
 */
export async function createWithdrawIssue(ctx: AccountCtx, input: CreateInput) {
  // visibility first and outside the transaction (the embedded database has one connection)
  await checkVisibleInboxes(ctx, ctx.db, [input.inbox_id]);
  const conversation = await loadConversation(ctx, input.conversation_id);
  if (conversation.inboxId !== input.inbox_id) throw invalid('conversation_id', 'is not a conversation of this inbox');

  const { id, linkedRecord } = await ctx.db.transaction(async (tx) => {
    if (await findOpenIssueId(tx, input.inbox_id, input.order_id)) throw openIssueExists(input.order_id);
    const withdraw = await findWithdrawId(tx, input.inbox_id, input.order_id);
    const row = await insertIssue(tx, {
      accountId: ctx.accountId,
      inboxId: input.inbox_id,
      conversationId: conversation.id,
      orderId: input.order_id,
      recordId: withdraw?.id ?? null,
      description: input.description,
      createdById: ctx.actor.id,
    });
    if (!row) throw openIssueExists(input.order_id);
    const linkedRecord = withdraw !== null && withdraw.conversationId === null;
    if (linkedRecord) await linkRecordConversation(tx, withdraw.id, conversation.id);
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actor: ctx.actor,
      action: 'create',
      auditableType: 'WithdrawIssue',
      auditableId: row.id,
      changes: { order_id: [null, row.orderId], inbox_id: [null, row.inboxId], conversation_id: [null, input.conversation_id], status: [null, row.status] },
      meta: ctx.meta,
    });
    return { id: row.id, linkedRecord };
  });
  const issue = await presentOne(ctx, id);
  publish(ctx, 'withdraw_issue.created', issue);
  if (linkedRecord && issue.withdraw) ctx.bus.publish({ name: 'payment_record.updated', accountId: ctx.accountId, inboxId: issue.inbox_id, data: issue.withdraw });
  return { payload: issue };
}

/** Resolves an open issue (with an optional note) or reopens a resolved one, if no other issue of that order is open. */
export async function updateWithdrawIssue(ctx: AccountCtx, id: number, input: UpdateInput) {
  const inboxIds = await visibleInboxIds(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockIssueRow(tx, ctx.accountId, inboxIds, id);
    if (!before) throw notFound();
    if (before.status === input.status) throw new AppError('state_conflict', `The issue is already ${input.status}`);
    if (input.status === 'open' && (await findOpenIssueId(tx, before.inboxId, before.orderId, before.id))) throw openIssueExists(before.orderId);
    const resolving = input.status === 'resolved';
    const after = await updateIssueRow(tx, id, {
      status: input.status,
      resolvedById: resolving ? ctx.actor.id : null,
      resolvedAt: resolving ? new Date() : null,
      resolutionNote: resolving ? (input.resolution_note ?? null) : null,
    }).catch((error: unknown) => {
      // a new issue of the order was raised while this one was being reopened: the index decides
      throw isUniqueViolation(error) ? openIssueExists(before.orderId) : error;
    });
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actor: ctx.actor,
      action: 'update',
      auditableType: 'WithdrawIssue',
      auditableId: id,
      changes: { status: [before.status, after.status], resolution_note: [before.resolutionNote, after.resolutionNote] },
      meta: ctx.meta,
    });
  });
  const issue = await presentOne(ctx, id);
  publish(ctx, 'withdraw_issue.updated', issue);
  return { payload: issue };
}
