import { lazy, Suspense, useMemo } from 'react';
import { canAccess } from '@app/shared/permissions';
import { t } from '../../../lib/i18n/i18n.ts';
import { useShortcut } from '../../../lib/shortcuts/index.ts';
import { useFolders, useInboxMap, useTeams } from '../hooks/use-account-data.ts';
import { useConversationCounts, useConversationList } from '../hooks/use-conversation-list.ts';
import type { ListPreferences } from '../hooks/use-list-preferences.ts';
import { ASSIGNEE_TABS, type ListFilters, type ListScope } from '../utils/list-filters.ts';
import { AssigneeTabs } from './assignee-tabs.tsx';
import { ConversationRows } from './conversation-rows.tsx';
import { ListHeader } from './list-header.tsx';
import { ListToolbar } from './list-tools/list-toolbar.tsx';
import { toolEmptyState } from './list-tools/tool-empty-state.ts';
import { useListSelection } from './list-tools/use-list-selection.ts';
import { useListTool } from './list-tools/use-list-tool.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { flattenList } from '../utils/list-cache.ts';

// The bulk action bar is a chunk of its own, fetched when the first row is selected.
const BulkActionBar = lazy(() => import('./list-tools/bulk-action-bar.tsx').then((module) => ({ default: module.BulkActionBar })));

type ListPaneProps = {
  accountId: number;
  filters: ListFilters;
  activeId: number | null;
  onChange: (change: Partial<ListPreferences>) => void;
};

/** The list's name: the inbox, label, team or folder it shows, or the view. */
function useListTitle(accountId: number, scope: ListScope): string {
  const inboxes = useInboxMap(accountId);
  const teams = useTeams(accountId, scope.kind === 'team');
  const folders = useFolders(accountId, scope.kind === 'folder');
  switch (scope.kind) {
    case 'inbox':
      return inboxes.get(scope.inboxId)?.name ?? t('CHAT_LIST.INBOX');
    case 'label':
      return `#${scope.label}`;
    case 'team':
      return teams.data?.find((team) => team.id === scope.teamId)?.name ?? t('CHAT_LIST.TEAM');
    case 'folder':
      return folders.data?.find((folder) => folder.id === scope.folderId)?.name ?? t('CHAT_LIST.FOLDER');
    case 'mentions':
      return t('CHAT_LIST.MENTIONS');
    case 'unattended':
      return t('CHAT_LIST.UNATTENDED');
    case 'participating':
      return t('CHAT_LIST.PARTICIPATING');
    default:
      return t('CHAT_LIST.TITLE');
  }
}

/**
 * The list column: title, status and sort, the search box and filter, the mine / unassigned / all tabs with
 * counts, the bulk action bar while rows are selected, the rows.
 */
export function ConversationListPane({ accountId, filters, activeId, onChange }: ListPaneProps) {
  const { account } = useCurrentAccount();
  const tools = useListTool(filters);
  const list = useConversationList(accountId, tools.shown);
  const counts = useConversationCounts(accountId, filters, list.isSuccess && !tools.tool);
  const title = useListTitle(accountId, filters.scope);
  const rows = useMemo(() => flattenList(list.data), [list.data]);
  const rowIds = useMemo(() => rows.map((c) => c.id), [rows]);
  const selection = useListSelection(rowIds, JSON.stringify(tools.shown));
  const selectedInboxes = rows.filter((c) => selection.has(c.id)).map((c) => c.inbox_id);
  const canBulk = canAccess(account.permissions, 'api:bulk_actions.create');
  const folder = filters.scope.kind === 'folder' || !!tools.tool;
  // 000 section 9: Alt+N moves to the next of the mine / unassigned / all tabs (folders have none).
  const nextTab = ASSIGNEE_TABS[(ASSIGNEE_TABS.indexOf(filters.assigneeType) + 1) % ASSIGNEE_TABS.length]!;
  useShortcut('next-tab', () => onChange({ assigneeType: nextTab }), !folder);
  return (
    <section className="cw-list" aria-label={title}>
      <ListHeader title={title} filters={tools.shown} onChange={onChange} />
      <ListToolbar accountId={accountId} filters={filters} tool={tools.tool} onTool={tools.setTool} />
      {folder ? null : <AssigneeTabs value={filters.assigneeType} counts={counts.data} onChange={(assigneeType) => onChange({ assigneeType })} />}
      {canBulk && selection.ids.length > 0 ? (
        <Suspense fallback={null}>
          <BulkActionBar accountId={accountId} selection={selection} total={rowIds.length} inboxIds={selectedInboxes} />
        </Suspense>
      ) : null}
      <ConversationRows accountId={accountId} filters={tools.shown} list={list} activeId={activeId} selection={canBulk ? selection : undefined} empty={toolEmptyState(tools.tool)} />
    </section>
  );
}
