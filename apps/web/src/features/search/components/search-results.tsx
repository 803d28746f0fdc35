import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZE } from '../constants.ts';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import type { SearchResults, SearchTab } from '../api.ts';
import { ContactResult, ConversationResult, MessageResult } from './result-items.tsx';

type Kind = Exclude<SearchTab, 'all'>;

type ResultsProps = {
  accountId: number;
  q: string;
  tab: SearchTab;
  tabs: readonly SearchTab[];
  page: number;
  search: UseQueryResult<SearchResults, unknown>;
  preview: number;
  onTab: (tab: SearchTab) => void;
  onPage: (page: number) => void;
};

function ResultList({ accountId, q, kind, data, label }: { accountId: number; q: string; kind: Kind; data: SearchResults; label: string }) {
  return (
    <ul className="search-results" aria-label={label}>
      {kind === 'contacts'
        ? data.contacts.map((item) => (
            <li key={item.id}>
              <ContactResult accountId={accountId} q={q} item={item} />
            </li>
          ))
        : kind === 'conversations'
          ? data.conversations.map((item) => (
              <li key={item.id}>
                <ConversationResult accountId={accountId} q={q} item={item} />
              </li>
            ))
          : data.messages.map((item) => (
              <li key={item.id}>
                <MessageResult accountId={accountId} q={q} item={item} />
              </li>
            ))}
    </ul>
  );
}

function Empty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="search-empty" role="status">
      <p className="search-empty__title">{title}</p>
      {hint ? <p className="search-empty__hint">{hint}</p> : null}
    </div>
  );
}

/** A 4xx says why (q too long…); anything else is the generic failure. */
const errorText = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? `${t('SEARCH.ERROR')} ${error.message}` : t('SEARCH.ERROR'));

/** The panel of the open tab: prompt, loading, error, empty, the results and the pages. */
export function SearchResultsView({ accountId, q, tab, tabs, page, search, preview, onTab, onPage }: ResultsProps) {
  if (!q) return <Empty title={t('SEARCH.PROMPT_TITLE')} hint={t('SEARCH.PROMPT_HINT')} />;
  if (search.isPending) return <PageStatus kind="loading" message={t('SEARCH.LOADING')} />;
  if (search.isError && !search.data) {
    return (
      <PageStatus
        kind="error"
        message={errorText(search.error)}
        action={
          <Button size="small" loading={search.isFetching} onClick={() => void search.refetch()}>
            {t('SEARCH.RETRY')}
          </Button>
        }
      />
    );
  }
  const data = search.data!;

  if (tab === 'all') {
    const kinds = (['contacts', 'conversations', 'messages'] as const).filter((kind) => tabs.includes(kind) && data[kind].length > 0);
    if (kinds.length === 0) return <Empty title={t('SEARCH.EMPTY_TITLE', { q })} hint={t('SEARCH.EMPTY_HINT')} />;
    return (
      <div className="search-sections">
        {kinds.map((kind) => (
          <section key={kind} className="search-section" aria-labelledby={`search-section-${kind}`}>
            <div className="search-section__header">
              <h2 id={`search-section-${kind}`}>{t(`SEARCH.SECTION.${kind}`)}</h2>
              {data[kind].length >= preview ? (
                <Button size="small" variant="link" onClick={() => onTab(kind)}>
                  {t(`SEARCH.VIEW_ALL.${kind}`)}
                </Button>
              ) : null}
            </div>
            <ResultList accountId={accountId} q={q} kind={kind} data={data} label={t(`SEARCH.SECTION.${kind}`)} />
          </section>
        ))}
      </div>
    );
  }

  const count = data[tab].length;
  const pager =
    page > 1 || count >= PAGE_SIZE ? (
      <nav className="search-pager" aria-label={t('SEARCH.PAGINATION', { tab: t(`SEARCH.TAB.${tab}`) })}>
        <Button size="small" disabled={page <= 1 || search.isFetching} onClick={() => onPage(page - 1)}>
          {t('SEARCH.PREVIOUS')}
        </Button>
        <span aria-current="page">{t('SEARCH.PAGE', { page })}</span>
        <Button size="small" disabled={count < PAGE_SIZE || search.isFetching} onClick={() => onPage(page + 1)}>
          {t('SEARCH.NEXT')}
        </Button>
      </nav>
    ) : null;
  if (count === 0) {
    return (
      <>
        {page > 1 ? <Empty title={t('SEARCH.EMPTY_PAGE')} /> : <Empty title={t('SEARCH.EMPTY_TITLE', { q })} hint={t('SEARCH.EMPTY_HINT')} />}
        {pager}
      </>
    );
  }
  return (
    <>
      <ResultList accountId={accountId} q={q} kind={tab} data={data} label={t(`SEARCH.TAB.${tab}`)} />
      {pager}
    </>
  );
}
