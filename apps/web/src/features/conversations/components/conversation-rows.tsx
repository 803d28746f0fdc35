import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useShortcut } from '../../../lib/shortcuts/index.ts';
import type { ConversationPages } from '../api.ts';
import { useInboxMap, useLabelMap } from '../hooks/use-account-data.ts';
import { flattenList } from '../utils/list-cache.ts';
import { conversationPath, type ListFilters } from '../utils/list-filters.ts';
import { ConversationCard, CARD_HEIGHT } from './conversation-card.tsx';
import { EmptyState } from './empty-state.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import { SelectToggle } from './list-tools/select-toggle.tsx';
import type { ListSelection } from './list-tools/use-list-selection.ts';

type RowsProps = {
  accountId: number;
  filters: ListFilters;
  list: UseInfiniteQueryResult<ConversationPages>;
  activeId: number | null;
  /** Multi-select (a checkbox per row), for those who may run bulk actions. */
  selection?: ListSelection | undefined;
  /** What an empty list says instead of the default (a search or a filter with no match). */
  empty?: { title: string; hint: string } | undefined;
};

/** Rows left before the end when the next page is asked for. */
const PREFETCH_ROWS = 8;

/**
 * The list's rows, virtualized: only the rows in view (plus a few) are in the DOM, so thousands scroll
 * smoothly. Reaching the end loads the next page; an empty page ends the list (001 section 4).
 */
export function ConversationRows({ accountId, filters, list, activeId, selection, empty }: RowsProps) {
  const rows = flattenList(list.data);
  const inboxes = useInboxMap(accountId);
  const labels = useLabelMap(accountId);
  const scroller = useRef<HTMLDivElement>(null);
  const more = list.hasNextPage ? 1 : 0;
  const virtualizer = useVirtualizer({
    count: rows.length + more,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
    getItemKey: (index) => rows[index]?.id ?? 'more',
    initialRect: { width: 360, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  const navigate = useNavigate();

  /**
   * Opens the conversation `step` rows from `fromId` (the open one; the first or last row when none is open).
   */
  const openNeighbour = (step: number, fromId = activeId, focusRow = false): boolean => {
    const index = rows.findIndex((c) => c.id === fromId);
    const target = index === -1 ? (step > 0 ? 0 : rows.length - 1) : index + step;
    const next = rows[target];
    if (!next) return false;
    virtualizer.scrollToIndex(target);
    navigate(accountPath(accountId, conversationPath(filters.scope, next.id)));
    if (focusRow) requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-conversation-id="${next.id}"]`)?.focus());
    return true;
  };
  // 000 section 9: Alt+J / Alt+K open the neighbouring conversations; the arrow keys move through the list
  // when the focus is in it (or nowhere), and otherwise keep scrolling what they scroll.
  useShortcut('next-conversation', () => void openNeighbour(1));
  useShortcut('previous-conversation', () => void openNeighbour(-1));
  useShortcut('navigate-list', (event) => {
    const focus = document.activeElement;
    const inList = !focus || focus === document.body || !!scroller.current?.contains(focus);
    // from the row that has the focus, else from the open conversation
    const focused = Number(focus?.getAttribute('data-conversation-id') ?? Number.NaN);
    return inList && openNeighbour(event.code === 'ArrowUp' ? -1 : 1, Number.isNaN(focused) ? activeId : focused, true);
  });

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && lastIndex >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, lastIndex, rows.length, fetchNextPage]);

  // A new list starts at its top.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [filtersKey]);

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && rows.length === 0) {
    body = (
      <EmptyState
        tone="error"
        title={t('CHAT_LIST.ERROR')}
        hint={t('CHAT_LIST.ERROR_HINT')}
        action={
          <Button size="small" loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('CHAT_LIST.RETRY')}
          </Button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = <EmptyState icon="inbox" title={empty?.title ?? t('CHAT_LIST.LIST_EMPTY_TITLE')} hint={empty?.hint ?? t('CHAT_LIST.LIST_EMPTY_HINT')} />;
  } else {
    body = (
      <ul className="cw-rows__list" style={{ height: virtualizer.getTotalSize() }} aria-busy={list.isFetchingNextPage || undefined}>
        {items.map((item) => {
          const conversation = rows[item.index];
          return (
            <li key={item.key} className="cw-rows__item" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
              {conversation && selection ? <SelectToggle id={conversation.id} name={conversation.meta.sender.name} selection={selection} /> : null}
              {conversation ? (
                <ConversationCard
                  accountId={accountId}
                  scope={filters.scope}
                  conversation={conversation}
                  inbox={inboxes.get(conversation.inbox_id)}
                  labels={labels}
                  active={conversation.id === activeId}
                />
              ) : list.isError ? (
                <div className="cw-rows__more">
                  <Button size="small" variant="ghost" onClick={() => void list.fetchNextPage()}>
                    {t('CHAT_LIST.LOAD_MORE_RETRY')}
                  </Button>
                </div>
              ) : (
                <div className="cw-rows__more" role="status">
                  <Spinner size="small" />
                  <span>{t('CHAT_LIST.LOADING_MORE')}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div className={`cw-rows${selection?.ids.length ? ' cw-rows--selecting' : ''}`} id="cw-list-rows" ref={scroller} data-testid="conversation-rows">
      {body}
    </div>
  );
}
