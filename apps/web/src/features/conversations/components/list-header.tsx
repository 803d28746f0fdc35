import { STATUS_FILTERS, type ConversationSort } from '@app/shared/conversations-constants';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import type { ListPreferences } from '../hooks/use-list-preferences.ts';
import type { ListFilters, StatusFilter } from '../utils/list-filters.ts';

/** The sorts the pane offers (001 section 4: four orders, each both ways); `latest` is last activity, newest first. */
export const SORT_OPTIONS: ConversationSort[] = [
  'latest',
  'last_activity_at_asc',
  'created_at_desc',
  'created_at_asc',
  'priority_desc',
  'priority_asc',
  'waiting_since_asc',
  'waiting_since_desc',
];

type ListHeaderProps = { title: string; filters: ListFilters; onChange: (change: Partial<ListPreferences>) => void };

/** The list's title with its status filter and sort; a folder, a search or a filter runs its own query, so it offers neither. */
export function ListHeader({ title, filters, onChange }: ListHeaderProps) {
  const folder = filters.scope.kind === 'folder' || !!filters.tool;
  return (
    <header className="cw-list__header">
      <h1 className="cw-list__title" title={title}>
        {title}
      </h1>
      {folder ? null : (
        <div className="cw-list__controls">
          <label className="cw-select">
            <span className="cw-visually-hidden">{t('CHAT_LIST.STATUS_FILTER')}</span>
            <select value={filters.status} onChange={(e) => onChange({ status: e.target.value as StatusFilter })}>
              {STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(`CHAT_LIST.STATUS.${status}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
          <label className="cw-select cw-select--sort">
            <span className="cw-visually-hidden">{t('CHAT_LIST.SORT_BY')}</span>
            <select value={SORT_OPTIONS.includes(filters.sortBy) ? filters.sortBy : 'latest'} onChange={(e) => onChange({ sortBy: e.target.value as ConversationSort })}>
              {SORT_OPTIONS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`CHAT_LIST.SORT.${sort}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </header>
  );
}
