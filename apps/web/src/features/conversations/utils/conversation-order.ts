import type { Conversation, ConversationSort } from '@app/shared/conversations';
import { CONVERSATION_PRIORITIES } from '@app/shared/constants';
import { conversationTypeOf, type AssigneeTab, type CountsFilters } from './list-filters.ts';

/** 001 section 4: none sorts first, then low up to urgent. */
export const PRIORITY_RANK: Record<string, number> = Object.fromEntries([['none', 0], ...CONVERSATION_PRIORITIES.map((p, i) => [p, i + 1])]);
export const priorityRank = (priority: Conversation['priority']) => PRIORITY_RANK[priority ?? 'none'] ?? 0;

type Compare = (a: Conversation, b: Conversation) => number;
const by = (value: (c: Conversation) => number, direction: 1 | -1): Compare => (a, b) => direction * (value(a) - value(b));
const then = (...compares: Compare[]): Compare => (a, b) => {
  for (const compare of compares) {
    const result = compare(a, b);
    if (result !== 0) return result;
  }
  return 0;
};
// Zero waiting_since means "not waiting": last whichever the direction (the API's NULLS LAST).
const waiting = (direction: 1 | -1): Compare => (a, b) => {
  if (!a.waiting_since !== !b.waiting_since) return a.waiting_since ? -1 : 1;
  return direction * (a.waiting_since - b.waiting_since);
};
const activity = (c: Conversation) => c.last_activity_at;
const created = (c: Conversation) => c.created_at;
const id = (c: Conversation) => c.id;

/** The client's copy of the API's ORDER BY for each sort_by, so a live change lands where a refetch would put it. */
export function compareFor(sort: ConversationSort): Compare {
  switch (sort) {
    case 'sort_on_created_at':
    case 'created_at_asc':
      return then(by(created, 1), by(id, 1));
    case 'created_at_desc':
      return then(by(created, -1), by(id, -1));
    case 'sort_on_priority':
    case 'priority_desc':
      return then(by((c) => priorityRank(c.priority), -1), by(activity, -1), by(id, -1));
    case 'priority_asc':
      return then(by((c) => priorityRank(c.priority), 1), by(activity, -1), by(id, -1));
    case 'sort_on_waiting_since':
    case 'waiting_since_asc':
      return then(waiting(1), by(id, 1));
    case 'waiting_since_desc':
      return then(waiting(-1), by(id, -1));
    case 'last_activity_at_asc':
      return then(by(activity, 1), by(id, 1));
    default:
      return then(by(activity, -1), by(id, -1));
  }
}

/**
 * Whether a conversation belongs to a list's filters apart from the tab, as far as its payload tells.
 * Mentions and participation are not in the payload: `member` says whether the list already knew it.
 */
export function matchesScope(conversation: Conversation, filters: CountsFilters, member: boolean): boolean {
  if (filters.status !== 'all' && conversation.status !== filters.status) return false;
  const { scope } = filters;
  if (scope.kind === 'inbox' && conversation.inbox_id !== scope.inboxId) return false;
  if (scope.kind === 'team' && conversation.meta.team?.id !== scope.teamId) return false;
  if (scope.kind === 'label' && !conversation.labels.includes(scope.label.toLowerCase())) return false;
  switch (conversationTypeOf(scope)) {
    case 'unattended':
      // 001 section 4: no first reply yet, or the contact is waiting
      return !conversation.first_reply_created_at || Boolean(conversation.waiting_since);
    case 'mention':
    case 'participating':
      return member;
    default:
      return true;
  }
}

export function matchesTab(conversation: Conversation, tab: AssigneeTab | 'assigned', userId: number): boolean {
  const assigneeId = conversation.meta.assignee?.id ?? null;
  if (tab === 'me') return assigneeId === userId;
  if (tab === 'unassigned') return assigneeId === null;
  if (tab === 'assigned') return assigneeId !== null;
  return true;
}
