import type { z } from 'zod';
import type { Executor } from '@app/db';
import type { ConversationPriority, ConversationStatus } from '@app/shared/constants';
import type {
  AssignmentBodySchema,
  ConversationLabelsBodySchema,
  CustomAttributesBodySchema,
  ToggleStatusBodySchema,
  TypingBodySchema,
  UpdateConversationBodySchema,
} from '@app/shared/conversations';
import type { CONVERSATION_EVENTS, TypingEventData } from '@app/shared/events';
import { invalid } from '../../lib/app-error.ts';
import { conversationEntries, recordEvents } from '../../lib/outbox.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { listAgentsByIds } from '../agents/service.ts';
import { createActivityMessage, publishMessageCreated } from '../messages/service.ts';
import { assignableAmong, bulkAssign } from '../inbox-members/service.ts';
import { getTeam } from '../teams/service.ts';
import { autoAssign } from './auto-assign.ts';
import { changedAttributes, publishConversationEvents, publishConversationsEvent } from './events.ts';
import { deleteConversationRow, findTeamRow, latestIncomingAt, updateConversationRow, type ConversationRow } from './queries.ts';
import { loadConversation, presentConversationById } from './service.ts';

type EventName = (typeof CONVERSATION_EVENTS)[number];
type Change = { row: ConversationRow; events: EventName[]; activity?: string[] };
type ActivityRow = Awaited<ReturnType<typeof createActivityMessage>>;

/**
 * Runs one change to a conversation the caller may see: the row is locked for the change, activity
 * messages are written in the same transaction, and the events follow the commit.
 */
async function change(ctx: AccountCtx, displayId: number, work: (tx: Executor, row: ConversationRow) => Promise<Change>): Promise<ConversationRow> {
  const { before, row, events, activities } = await ctx.db.transaction(async (tx) => {
    const current = await loadConversation(ctx, displayId, { tx, lock: true });
    const result = await work(tx, current);
    const activities: ActivityRow[] = [];
    for (const content of result.activity ?? []) {
      activities.push(await createActivityMessage(tx, { accountId: ctx.accountId, inboxId: current.inboxId, conversationId: current.id, content }));
    }
    await recordEvents(tx, conversationEntries(result.row, result.events, ctx.actor.id || undefined, changedAttributes(current, result.row)));
    return { before: current, row: result.row, events: result.events, activities };
  });
  for (const activity of activities) await publishMessageCreated(ctx, activity);
  await publishConversationEvents(ctx, row, events, before);
  return row;
}

const actorName = (ctx: AccountCtx) => ctx.actor.name;

const STATUS_ACTIVITY: Record<ConversationStatus, string> = {
  open: 'Conversation was reopened by {actor}',
  resolved: 'Conversation was marked resolved by {actor}',
  pending: 'Conversation was marked as pending by {actor}',
  snoozed: 'Conversation was snoozed by {actor}',
};

/** Unix seconds or an ISO date, in the future. */
function snoozeTime(value: number | string): Date {
  const at = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (at.getTime() <= Date.now()) throw invalid('snoozed_until', 'must be in the future');
  return at;
}

/** POST toggle_status: the given status, or open ⇄ resolved without one; snoozed may carry a wake-up time. */
export async function toggleStatus(ctx: AccountCtx, displayId: number, input: z.infer<typeof ToggleStatusBodySchema>) {
  if (input.snoozed_until && input.status !== 'snoozed') throw invalid('snoozed_until', 'is only allowed with status snoozed');
  const snoozedUntil = input.status === 'snoozed' && input.snoozed_until ? snoozeTime(input.snoozed_until) : null;
  const row = await change(ctx, displayId, async (tx, current) => {
    const status: ConversationStatus = input.status ?? (current.status === 'open' ? 'resolved' : 'open');
    if (status === current.status && (current.snoozedUntil?.getTime() ?? null) === (snoozedUntil?.getTime() ?? null)) {
      return { row: current, events: [] };
    }
    const values = { status, snoozedUntil, ...(status === 'resolved' ? { waitingSince: null } : {}) };
    const row = await updateConversationRow(tx, current.id, values);
    const activity = status === current.status ? [] : [STATUS_ACTIVITY[status].replace('{actor}', actorName(ctx))];
    return { row, events: ['conversation.status_changed'], activity };
  });
  return {
    meta: {},
    payload: { success: true, conversation_id: row.displayId, current_status: row.status, snoozed_until: row.snoozedUntil ? Math.floor(row.snoozedUntil.getTime() / 1000) : null },
  };
}

function priorityOf(value: ConversationPriority | 'none' | null | undefined): ConversationPriority | null {
  return value === 'none' || value === null || value === undefined ? null : value;
}

async function setPriority(ctx: AccountCtx, displayId: number, priority: ConversationPriority | null) {
  return change(ctx, displayId, async (tx, current) => {
    if ((current.priority ?? null) === priority) return { row: current, events: [] };
    const row = await updateConversationRow(tx, current.id, { priority });
    const activity = priority ? `${actorName(ctx)} set the priority to ${priority}` : `${actorName(ctx)} removed the priority`;
    return { row, events: ['conversation.updated'], activity: [activity] };
  });
}

/** POST toggle_priority: none < low < medium < high < urgent; `none` (or null) clears it. */
export async function togglePriority(ctx: AccountCtx, displayId: number, priority: ConversationPriority | 'none' | null) {
  await setPriority(ctx, displayId, priorityOf(priority));
}

/** PATCH conversations/:id (priority; SLA policies come with the SLA milestone). */
export async function updateConversation(ctx: AccountCtx, displayId: number, input: z.infer<typeof UpdateConversationBodySchema>) {
  const row = input.priority === undefined ? await loadConversation(ctx, displayId) : await setPriority(ctx, displayId, priorityOf(input.priority));
  return presentConversationById(ctx, row.id);
}

export async function deleteConversation(ctx: AccountCtx, displayId: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await loadConversation(ctx, displayId, { tx, lock: true });
    await deleteConversationRow(tx, row.id);
  });
}

/**
 * POST assignments: `assignee_id` (a member of the conversation's inbox; null unassigns) answers the
 * agent or null; otherwise `team_id` (null removes the team) answers the team. A team that auto-assigns
 * hands an unassigned conversation to one of its online members who work the inbox.
 */
export async function assignConversation(ctx: AccountCtx, displayId: number, input: z.infer<typeof AssignmentBodySchema>) {
  if (input.assignee_id !== undefined) {
    const assigneeId = input.assignee_id;
    const row = await change(ctx, displayId, async (tx, current) => {
      if (assigneeId !== null && (await assignableAmong(tx, ctx.accountId, current.inboxId, [assigneeId])).length === 0) {
        throw invalid('assignee_id', 'must be a member of the conversation’s inbox');
      }
      if (current.assigneeId === assigneeId) return { row: current, events: [] };
      const row = await updateConversationRow(tx, current.id, { assigneeId });
      const [agent] = assigneeId ? await listAgentsByIds({ ...ctx, db: tx as typeof ctx.db }, [assigneeId]) : [];
      const activity = agent ? `Assigned to ${agent.available_name} by ${actorName(ctx)}` : `Conversation unassigned by ${actorName(ctx)}`;
      return { row, events: ['assignee.changed'], activity: [activity] };
    });
    if (row.assigneeId === null) return null;
    const [agent] = await listAgentsByIds(ctx, [row.assigneeId]);
    return agent ?? null;
  }
  if (input.team_id === undefined) throw invalid('assignee_id', 'or team_id must be given');
  const teamId = input.team_id;
  const row = await change(ctx, displayId, async (tx, current) => {
    const team = teamId === null ? null : await findTeamRow(tx, ctx.accountId, teamId);
    if (teamId !== null && !team) throw invalid('team_id', 'is not a team of this account');
    if (current.teamId === teamId) return { row: current, events: [] };
    let row = await updateConversationRow(tx, current.id, { teamId });
    const events: EventName[] = ['conversation.updated'];
    if (team?.allowAutoAssign && row.assigneeId === null) {
      const assigneeId = await autoAssign(tx, row, team.id);
      if (assigneeId) {
        row = { ...row, assigneeId };
        events.push('assignee.changed');
      }
    }
    const activity = team ? `Assigned to ${team.name} by ${actorName(ctx)}` : `Unassigned from the team by ${actorName(ctx)}`;
    return { row, events, activity: [activity] };
  });
  return row.teamId ? getTeam(ctx, row.teamId) : null;
}

export async function conversationLabels(ctx: AccountCtx, displayId: number) {
  return { payload: (await loadConversation(ctx, displayId)).labels };
}

/** POST labels replaces the set (Chatwoot's semantics); labels are lowercase titles. */
export async function setConversationLabels(ctx: AccountCtx, displayId: number, input: z.infer<typeof ConversationLabelsBodySchema>) {
  const row = await change(ctx, displayId, async (tx, current) => {
    const added = input.labels.filter((l) => !current.labels.includes(l));
    const removed = current.labels.filter((l) => !input.labels.includes(l));
    if (added.length === 0 && removed.length === 0) return { row: current, events: [] };
    const row = await updateConversationRow(tx, current.id, { labels: input.labels });
    const activity = [
      ...(added.length ? [`${actorName(ctx)} added ${added.join(', ')}`] : []),
      ...(removed.length ? [`${actorName(ctx)} removed ${removed.join(', ')}`] : []),
    ];
    return { row, events: ['conversation.updated'], activity };
  });
  return { payload: row.labels };
}

/** POST custom_attributes replaces the conversation's hash. */
export async function setCustomAttributes(ctx: AccountCtx, displayId: number, input: z.infer<typeof CustomAttributesBodySchema>) {
  const row = await change(ctx, displayId, async (tx, current) => ({
    row: await updateConversationRow(tx, current.id, { customAttributes: input.custom_attributes }),
    events: ['conversation.updated'],
  }));
  return { custom_attributes: row.customAttributes };
}

/** Mute resolves the conversation and keeps the contact's next messages from reopening it. */
export async function setMuted(ctx: AccountCtx, displayId: number, muted: boolean) {
  await change(ctx, displayId, async (tx, current) => {
    if (current.muted === muted) return { row: current, events: [] };
    const row = await updateConversationRow(tx, current.id, muted ? { muted, status: 'resolved', snoozedUntil: null } : { muted });
    const events: EventName[] = muted && current.status !== 'resolved' ? ['conversation.status_changed', 'conversation.updated'] : ['conversation.updated'];
    return { row, events, activity: [`${actorName(ctx)} has ${muted ? 'muted' : 'unmuted'} the conversation`] };
  });
}

/** POST update_last_seen: the agent has read up to now (and the assignee, when that is the caller). */
export async function markSeen(ctx: AccountCtx, displayId: number) {
  const now = new Date();
  await change(ctx, displayId, async (tx, current) => ({
    row: await updateConversationRow(tx, current.id, { agentLastSeenAt: now, ...(current.assigneeId === ctx.actor.id ? { assigneeLastSeenAt: now } : {}) }),
    events: ['conversation.read'],
  }));
}

/** POST unread: last seen moves to just before the latest incoming message, so it counts as unread. */
export async function markUnread(ctx: AccountCtx, displayId: number) {
  await change(ctx, displayId, async (tx, current) => {
    const latest = await latestIncomingAt(tx, current.id);
    const seen = latest ? new Date(latest.getTime() - 1000) : null;
    return { row: await updateConversationRow(tx, current.id, { agentLastSeenAt: seen, assigneeLastSeenAt: seen }), events: ['conversation.updated'] };
  });
}

/** POST toggle_typing_status: nothing is stored; the event tells the conversation's other viewers. */
export async function toggleTyping(ctx: AccountCtx, displayId: number, input: z.infer<typeof TypingBodySchema>) {
  const row = await loadConversation(ctx, displayId);
  const conversation = await presentConversationById(ctx, row.id);
  const name = input.typing_status === 'off' ? 'conversation.typing_off' : 'conversation.typing_on';
  const data: TypingEventData = { conversation, user: { id: ctx.actor.id, name: ctx.actor.name, type: 'user' }, is_private: input.is_private ?? false };
  // nothing changes, so nothing to commit with: the outbox carries the payload itself to webhooks
  await recordEvents(ctx.db, [{ name, accountId: ctx.accountId, inboxId: row.inboxId, subject: { conversationId: row.id, data } }]);
  ctx.bus.publish({ name, accountId: ctx.accountId, inboxId: row.inboxId, data });
}

/** POST bulk_assignments: the inbox members module plans and writes; each moved conversation is announced. */
export async function bulkAssignConversations(ctx: AccountCtx, input: Parameters<typeof bulkAssign>[1]) {
  const { changes, ...result } = await bulkAssign(ctx, input);
  const changed = new Map(changes.map((c) => [c.id, { assignee_id: { previous_value: c.previousAssigneeId, current_value: c.assigneeId } }]));
  await publishConversationsEvent(ctx, changes.map((c) => c.id), 'assignee.changed', changed);
  return result;
}
