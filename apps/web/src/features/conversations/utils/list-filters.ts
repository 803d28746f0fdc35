import type { ConversationSort, STATUS_FILTERS } from '@app/shared/conversations';
import type { FilterQuery } from '@app/shared/custom-filters';

/** The conversation lists of 001 section 2, each with what narrows it. */
export type ListKind = 'home' | 'inbox' | 'label' | 'team' | 'folder' | 'mentions' | 'unattended' | 'participating';

export type ListScope =
  | { kind: 'home' | 'mentions' | 'unattended' | 'participating' }
  | { kind: 'inbox'; inboxId: number }
  | { kind: 'label'; label: string }
  | { kind: 'team'; teamId: number }
  | { kind: 'folder'; folderId: number };

export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** The three tabs of a list (Chatwoot's mine / unassigned / all). */
export const ASSIGNEE_TABS = ['me', 'unassigned', 'all'] as const;
export type AssigneeTab = (typeof ASSIGNEE_TABS)[number];

/**
 * A search (GET conversations/search) or an ad-hoc filter (POST conversations/filter) the pane shows in place of
 * the route's list; like a folder, its rows are the server's answer, so realtime only updates the rows it holds.
 */
export type ListTool = { kind: 'search'; q: string } | { kind: 'filter'; query: FilterQuery };

/** What the list pane shows: the route's scope plus the pane's own status, tab and sort (and a search or filter). */
export type ListFilters = { scope: ListScope; status: StatusFilter; assigneeType: AssigneeTab; sortBy: ConversationSort; tool?: ListTool };

/** What tab counts depend on: everything but the tab and the sort. */
export type CountsFilters = { scope: ListScope; status: StatusFilter };

export const DEFAULT_STATUS: StatusFilter = 'open';
/** 001 section 4: the default sort is latest (last activity, newest first). */
export const DEFAULT_SORT: ConversationSort = 'latest';

const CONVERSATION_TYPE: Partial<Record<ListKind, 'mention' | 'unattended' | 'participating'>> = {
  mentions: 'mention',
  unattended: 'unattended',
  participating: 'participating',
};

export const conversationTypeOf = (scope: ListScope) => CONVERSATION_TYPE[scope.kind];

/** Query parameters of GET conversations (and GET conversations/meta without the tab) for one page. */
export function listSearchParams(filters: CountsFilters & Partial<Pick<ListFilters, 'assigneeType' | 'sortBy'>>, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  params.set('status', filters.status);
  if (filters.assigneeType) params.set('assignee_type', filters.assigneeType);
  if (filters.sortBy) params.set('sort_by', filters.sortBy);
  const { scope } = filters;
  if (scope.kind === 'inbox') params.set('inbox_id', String(scope.inboxId));
  if (scope.kind === 'team') params.set('team_id', String(scope.teamId));
  if (scope.kind === 'label') params.append('labels[]', scope.label);
  const type = conversationTypeOf(scope);
  if (type) params.set('conversation_type', type);
  if (page !== undefined) params.set('page', String(page));
  return params;
}

export const countsFiltersOf = (filters: ListFilters): CountsFilters => ({ scope: filters.scope, status: filters.status });

/** The scope a route stands for, from its kind and params; null when a param is malformed. */
export function scopeFromRoute(kind: ListKind, params: Record<string, string | undefined>): ListScope | null {
  const id = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);
  switch (kind) {
    case 'inbox': {
      const inboxId = id(params.inboxId);
      return inboxId ? { kind, inboxId } : null;
    }
    case 'team': {
      const teamId = id(params.teamId);
      return teamId ? { kind, teamId } : null;
    }
    case 'folder': {
      const folderId = id(params.folderId);
      return folderId ? { kind, folderId } : null;
    }
    case 'label':
      return params.label ? { kind, label: params.label } : null;
    default:
      return { kind };
  }
}

/** The list's own path under /app/accounts/{id}/ (and the prefix of its conversations' paths). */
export function listPath(scope: ListScope): string {
  switch (scope.kind) {
    case 'home':
      return 'dashboard';
    case 'inbox':
      return `inbox/${scope.inboxId}`;
    case 'label':
      return `label/${encodeURIComponent(scope.label)}`;
    case 'team':
      return `team/${scope.teamId}`;
    case 'folder':
      return `custom_view/${scope.folderId}`;
    case 'mentions':
      return 'mentions/conversations';
    case 'unattended':
      return 'unattended/conversations';
    case 'participating':
      return 'participating/conversations';
  }
}

/** A conversation opened from a list keeps the list around it (`inbox/3/conversations/12`); home uses `conversations/12`. */
export function conversationPath(scope: ListScope, conversationId: number): string {
  switch (scope.kind) {
    case 'home':
      return `conversations/${conversationId}`;
    case 'mentions':
    case 'unattended':
    case 'participating':
      return `${listPath(scope)}/${conversationId}`;
    default:
      return `${listPath(scope)}/conversations/${conversationId}`;
  }
}
