import './messages.ts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '../../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../../lib/routing.ts';
import { conversationKeys } from '../../api.ts';
import { useFolders } from '../../hooks/use-account-data.ts';
import type { ListFilters, ListTool } from '../../utils/list-filters.ts';
import { Icon } from '../icon.tsx';
import { ListSearchBox } from './list-search-box.tsx';
import './list-tools.css';

// The dialog and the filter builder are a chunk of their own, fetched on the first click on the filter button.
const FilterDialog = lazy(() => import('./filter-dialog.tsx').then((module) => ({ default: module.FilterDialog })));

type ToolbarProps = { accountId: number; filters: ListFilters; tool: ListTool | undefined; onTool: (tool: ListTool | undefined) => void };

/** Under the list's title: the search box, the filter button (and dialog), and what the list shows instead of itself. */
export function ListToolbar({ accountId, filters, tool, onTool }: ToolbarProps) {
  const [filtering, setFiltering] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const filter = tool?.kind === 'filter' ? tool.query : null;
  // in a folder, the dialog starts from the folder's conditions (saving makes a new folder)
  const { scope } = filters;
  const folders = useFolders(accountId, scope.kind === 'folder');
  const folderQuery = scope.kind === 'folder' ? folders.data?.find((folder) => folder.id === scope.folderId)?.query : undefined;
  const conditions = filter?.payload.length ?? 0;
  return (
    <div className="cw-list-tools">
      <div className="cw-list-tools__row">
        <ListSearchBox value={tool?.kind === 'search' ? tool.q : null} onSearch={(q) => onTool(q ? { kind: 'search', q } : undefined)} />
        <button
          type="button"
          className="cw-icon-button cw-list-tools__filter"
          aria-label={t('LIST_TOOLS.FILTER.OPEN')}
          title={t('LIST_TOOLS.FILTER.OPEN')}
          aria-pressed={filter ? true : undefined}
          aria-haspopup="dialog"
          onClick={() => setFiltering(true)}
        >
          <Icon name="filter" size={16} />
          {filter ? <span className="cw-list-tools__dot" aria-hidden="true" /> : null}
        </button>
      </div>
      {filter ? (
        <div className="cw-list-tools__active">
          <span>{conditions === 1 ? t('LIST_TOOLS.FILTER.ACTIVE_ONE') : t('LIST_TOOLS.FILTER.ACTIVE', { count: conditions })}</span>
          <button type="button" className="button button--link button--small" onClick={() => setFiltering(true)}>
            {t('LIST_TOOLS.FILTER.EDIT')}
          </button>
          <button type="button" className="button button--link button--small" onClick={() => onTool(undefined)}>
            {t('LIST_TOOLS.FILTER.CLEAR')}
          </button>
        </div>
      ) : null}
      {filtering ? (
        <Suspense fallback={null}>
          <FilterDialog
            accountId={accountId}
            initial={filter ?? folderQuery ?? null}
            onClose={() => setFiltering(false)}
            onApply={(query, firstPage) => {
              const next: ListTool = { kind: 'filter', query };
              // the answer the dialog already has is the list's first page: no second request
              client.setQueryData(conversationKeys.list(accountId, { ...filters, tool: next }), { pages: [firstPage], pageParams: [1] });
              onTool(next);
              setFiltering(false);
            }}
            onSaved={(folder) => {
              setFiltering(false);
              void navigate(accountPath(accountId, `custom_view/${folder.id}`));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
