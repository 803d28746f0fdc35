import type { Executor } from '@app/db';
import type { BulkAssignmentBody, BulkAssignmentResult } from '@app/shared/inbox-members';
import { forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { recordEvents, type EventEntry } from '../../lib/events.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { memberInboxIdsOf } from '../../lib/member-access.ts';
import {
  accountInboxIds,
  isInboxLeader,
  listMemberFlags,
  lockConversationsByDisplayIds,
  lockUnassignedConversations,
  openConversationCounts,
  updateAssignees,
  type AssignableConversation,
  type AssigneeChange,
} from './queries.ts';

export type { AssigneeChange } from './queries.ts';

/**
 * Sets the assignee of each conversation (database ids of one account; null unassigns) in one statement,
 * inside the caller's transaction. Answers only the conversations whose assignee really changed, with the
 * previous assignee: what `assignee.changed` events are built from once the caller has committed.
 */
export function assignConversations(tx: Executor, accountId: number, assignments: { conversationId: number; assigneeId: number | null }[]): Promise<AssigneeChange[]> {
  return updateAssignees(tx, accountId, assignments);
}

/**
 * Hands each conversation to the agent with the fewest open conversations (of the inbox) so far, counting
 * the ones just handed out; ties go to the earlier agent in `agentIds`. With equal loads this is plain round robin.
 */
export function distribute(conversationIds: number[], agentIds: number[], load: Map<number, number>) {
  const counts = agentIds.map((id) => load.get(id) ?? 0);
  return conversationIds.map((conversationId) => {
    let pick = 0;
    for (let i = 1; i < counts.length; i++) if (counts[i]! < counts[pick]!) pick = i;
    counts[pick]!++;
    return { conversationId, assigneeId: agentIds[pick]! };
  });
}

/** Administrators assign in any inbox of the account; agents only in inboxes they lead (403), and only inboxes they see (404). */
async function checkInbox(ctx: AccountCtx, tx: Executor, inboxId: number) {
  if ((await accountInboxIds(tx, ctx.accountId, [inboxId])).length === 0) throw notFound();
  if (ctx.membership.role === 'administrator') return;
  if (!(await memberInboxIdsOf(tx, ctx.accountId, ctx.actor.id)).includes(inboxId)) throw notFound();
  if (!(await isInboxLeader(tx, ctx.accountId, inboxId, ctx.actor.id))) throw forbidden();
}

async function pickConversations(tx: Executor, accountId: number, input: BulkAssignmentBody): Promise<AssignableConversation[]> {
  if (!input.conversation_ids) return lockUnassignedConversations(tx, accountId, input.inbox_id, input.status, input.limit);
  const rows = await lockConversationsByDisplayIds(tx, accountId, input.conversation_ids);
  const inInbox = new Set(rows.filter((r) => r.inboxId === input.inbox_id).map((r) => r.displayId));
  if (input.conversation_ids.some((id) => !inInbox.has(id))) throw invalid('conversation_ids', 'must all be conversations of the inbox');
  const byDisplayId = new Map(rows.map((r) => [r.displayId, r]));
  return input.conversation_ids.map((id) => byDisplayId.get(id)!);
}

/**
 * POST bulk_assignments: distributes conversations of one inbox over some of its members, least loaded
 * first, in one transaction. Answers every conversation of the batch with its assignee.
 */
export async function bulkAssign(ctx: AccountCtx, input: BulkAssignmentBody): Promise<BulkAssignmentResult & { entries: EventEntry[] }> {
  const { plan, changes, entries } = await ctx.db.transaction(async (tx) => {
    await checkInbox(ctx, tx, input.inbox_id);
    const members = new Set((await listMemberFlags(tx, input.inbox_id)).map((m) => m.userId));
    if (input.user_ids.some((id) => !members.has(id))) throw invalid('user_ids', 'must all be members of the inbox');

    const batch = await pickConversations(tx, ctx.accountId, input);
    const load = await openConversationCounts(tx, input.inbox_id, input.user_ids, batch.map((c) => c.id));
    const plan = distribute(batch.map((c) => c.id), input.user_ids, load);
    const changes = await assignConversations(tx, ctx.accountId, plan);
    const entries = await recordEvents(
      tx,
      changes.map((c) => ({
        name: 'assignee.changed' as const,
        accountId: ctx.accountId,
        inboxId: input.inbox_id,
        subject: { conversationId: c.id, actorId: ctx.actor.id, data: { changed_attributes: { assignee_id: { previous_value: c.previousAssigneeId, current_value: c.assigneeId } } } },
      })),
    );
    return { plan: plan.map((p, i) => ({ conversation_id: batch[i]!.displayId, assignee_id: p.assigneeId })), changes, entries };
  });
  ctx.log.info({ inboxId: input.inbox_id, batch: plan.length, changed: changes.length }, 'bulk assignment');
  // the entries of the conversations whose assignee moved, for the caller to announce after the commit
  return { payload: plan, assigned_count: plan.length, entries };
}
