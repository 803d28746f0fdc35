import type { ConversationStatus } from '@app/shared/constants';
import type { BulkActionBody, BulkActionResponse } from '@app/shared/bulk-actions';
import type { CONVERSATION_EVENTS } from '@app/shared/events';
import { AppError, invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { announce, recordEvents, type EventEntry } from '../../lib/events.ts';
import { listAgentsByIds } from '../agents/service.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { conversationEntries, conversationScope, changedAttributes, scopeCondition, type ChangedAttributes } from '../conversations/service.ts';
import { assignableAmong } from '../inbox-members/service.ts';
import { listLabels } from '../labels/service.ts';
import { createActivityMessage } from '../messages/service.ts';
import { getTeam } from '../teams/service.ts';
import { lockConversations, updateConversations, type ConversationRow, type ConversationValues } from './queries.ts';

type EventName = (typeof CONVERSATION_EVENTS)[number];

/** The activity lines the single actions write (modules/conversations/actions.ts), so both read the same. */
const STATUS_ACTIVITY: Record<ConversationStatus, string> = {
  open: 'Conversation was reopened by {actor}',
  resolved: 'Conversation was marked resolved by {actor}',
  pending: 'Conversation was marked as pending by {actor}',
  snoozed: 'Conversation was snoozed by {actor}',
};

/** What the body asks for, checked before anything is locked: the snooze time, the team and the labels. */
async function checkedInput(ctx: AccountCtx, input: BulkActionBody) {
  const { fields, labels } = input;
  if (fields.snoozed_until && fields.status !== 'snoozed') throw invalid('snoozed_until', 'is only allowed with status snoozed');
  const snoozedUntil = fields.status === 'snoozed' && fields.snoozed_until ? new Date(fields.snoozed_until * 1000) : null;
  if (snoozedUntil && snoozedUntil.getTime() <= Date.now()) throw invalid('snoozed_until', 'must be in the future');
  let team: { id: number; name: string } | null = null;
  if (fields.team_id) {
    team = await getTeam(ctx, fields.team_id).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? invalid('team_id', 'is not a team of this account') : error;
    });
  }
  const known = new Set((await listLabels(ctx)).payload.map((l) => l.title));
  const unknown = [...new Set([...labels.add, ...labels.remove])].filter((l) => !known.has(l));
  if (unknown.length > 0) throw invalid(labels.add.some((l) => unknown.includes(l)) ? 'labels.add' : 'labels.remove', `has labels this account does not have: ${unknown.join(', ')}`);
  return { snoozedUntil, team };
}

type Planned = { before: ConversationRow; after: ConversationValues; events: Set<EventName>; activity: string[] };

/**
 * POST bulk_actions: one set-based change to many conversations, in one transaction. Every id must be a
 * conversation the caller may see (else 404, nothing written); an assignee must be assignable in each
 * conversation's inbox, a team and labels must exist (422). Conversations already in the asked state are left
 * alone. Activity messages, outbox rows and, after the commit, the realtime events are those of the single actions.
 */
export async function bulkAction(ctx: AccountCtx, input: BulkActionBody): Promise<BulkActionResponse> {
  const { snoozedUntil, team } = await checkedInput(ctx, input);
  const { fields, labels } = input;
  const assigneeName = fields.assignee_id ? (await listAgentsByIds(ctx, [fields.assignee_id]))[0]?.available_name : undefined;
  const actor = ctx.actor.name;
  const ids = [...new Set(input.ids)];

  const { changed, entries } = await ctx.db.transaction(async (tx) => {
    const scope = await conversationScope(ctx, tx);
    const rows = await lockConversations(tx, scopeCondition(scope), ids);
    if (rows.length !== ids.length) throw notFound();
    if (fields.assignee_id) {
      for (const inboxId of new Set(rows.map((r) => r.inboxId))) {
        if ((await assignableAmong(tx, ctx.accountId, inboxId, [fields.assignee_id])).length === 0) {
          throw invalid('assignee_id', 'must be a member of each conversation’s inbox');
        }
      }
    }

    const plans = rows.map((row): Planned => {
      const after: ConversationValues = { id: row.id, status: row.status, snoozedUntil: row.snoozedUntil, waitingSince: row.waitingSince, assigneeId: row.assigneeId, teamId: row.teamId, labels: row.labels };
      const plan: Planned = { before: row, after, events: new Set(), activity: [] };
      if (fields.status && (fields.status !== row.status || (row.snoozedUntil?.getTime() ?? null) !== (snoozedUntil?.getTime() ?? null))) {
        Object.assign(after, { status: fields.status, snoozedUntil, ...(fields.status === 'resolved' ? { waitingSince: null } : {}) });
        plan.events.add('conversation.status_changed');
        if (fields.status !== row.status) plan.activity.push(STATUS_ACTIVITY[fields.status].replace('{actor}', actor));
      }
      if (fields.assignee_id !== undefined && fields.assignee_id !== row.assigneeId) {
        after.assigneeId = fields.assignee_id;
        plan.events.add('assignee.changed');
        plan.activity.push(assigneeName ? `Assigned to ${assigneeName} by ${actor}` : `Conversation unassigned by ${actor}`);
      }
      if (fields.team_id !== undefined && fields.team_id !== row.teamId) {
        after.teamId = fields.team_id;
        plan.events.add('conversation.updated');
        plan.activity.push(team ? `Assigned to ${team.name} by ${actor}` : `Unassigned from the team by ${actor}`);
      }
      const added = labels.add.filter((l) => !row.labels.includes(l) && !labels.remove.includes(l));
      const removed = row.labels.filter((l) => labels.remove.includes(l));
      if (added.length > 0 || removed.length > 0) {
        after.labels = [...row.labels.filter((l) => !removed.includes(l)), ...added];
        plan.events.add('conversation.updated');
        if (added.length) plan.activity.push(`${actor} added ${added.join(', ')}`);
        if (removed.length) plan.activity.push(`${actor} removed ${removed.join(', ')}`);
      }
      return plan;
    });

    const changing = plans.filter((p) => p.events.size > 0);
    const updated = new Map((await updateConversations(tx, changing.map((p) => p.after))).map((r) => [r.id, r]));
    const entries: EventEntry[] = [];
    const changed: { row: ConversationRow; events: Set<EventName>; attributes: ChangedAttributes | undefined }[] = [];
    for (const plan of changing) {
      const row = updated.get(plan.before.id)!;
      for (const content of plan.activity) entries.push((await createActivityMessage(tx, { accountId: ctx.accountId, inboxId: row.inboxId, conversationId: row.id, content })).entry);
      changed.push({ row, events: plan.events, attributes: changedAttributes(plan.before, row) });
    }
    entries.push(...(await recordEvents(tx, changed.flatMap((c) => conversationEntries(c.row, [...c.events], ctx.actor.id || undefined, c.attributes)))));
    // one audit row for the whole change: who changed which conversations, and how
    if (changed.length > 0) {
      const changes = { ...fields, ...(labels.add.length ? { labels_added: labels.add } : {}), ...(labels.remove.length ? { labels_removed: labels.remove } : {}) };
      await recordAudit(tx, {
        accountId: ctx.accountId,
        actor: ctx.actor,
        meta: ctx.meta,
        action: 'update',
        auditableType: 'Conversation',
        auditableId: null,
        changes: { name: `${changed.length} conversation${changed.length === 1 ? '' : 's'} (bulk action)`, conversation_ids: changed.map((c) => c.row.displayId), ...changes },
      });
    }
    return { changed, entries };
  });

  await announce(ctx, entries);
  ctx.log.info({ asked: ids.length, changed: changed.length }, 'bulk action');
  const updatedIds = changed.map((c) => c.row.displayId);
  return { payload: { updated_ids: updatedIds, count: updatedIds.length } };
}
