import { useCallback, useState } from 'react';
import { CONVERSATION_SORTS, STATUS_FILTERS, type ConversationSort } from '@app/shared/conversations-constants';
import { ASSIGNEE_TABS, DEFAULT_SORT, DEFAULT_STATUS, type AssigneeTab, type StatusFilter } from '../utils/list-filters.ts';

export type ListPreferences = { status: StatusFilter; assigneeType: AssigneeTab; sortBy: ConversationSort };

const storageKey = (accountId: number) => `relay:conversation-list:${accountId}`;
const DEFAULTS: ListPreferences = { status: DEFAULT_STATUS, assigneeType: 'me', sortBy: DEFAULT_SORT };

function read(accountId: number): ListPreferences {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '{}') as Partial<ListPreferences>;
    return {
      status: STATUS_FILTERS.includes(raw.status as StatusFilter) ? (raw.status as StatusFilter) : DEFAULTS.status,
      assigneeType: ASSIGNEE_TABS.includes(raw.assigneeType as AssigneeTab) ? (raw.assigneeType as AssigneeTab) : DEFAULTS.assigneeType,
      sortBy: CONVERSATION_SORTS.includes(raw.sortBy as ConversationSort) ? (raw.sortBy as ConversationSort) : DEFAULTS.sortBy,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The list pane's status, tab and sort: the agent's last choice in this account, kept in local storage. */
export function useListPreferences(accountId: number) {
  const [preferences, setPreferences] = useState(() => read(accountId));
  const update = useCallback(
    (change: Partial<ListPreferences>) =>
      setPreferences((current) => {
        const next = { ...current, ...change };
        try {
          localStorage.setItem(storageKey(accountId), JSON.stringify(next));
        } catch {
          // private mode or full storage: the choice lasts for this visit
        }
        return next;
      }),
    [accountId],
  );
  return [preferences, update] as const;
}
