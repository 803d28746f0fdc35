import '../messages.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { canAccess } from '@app/shared/permissions';
import { ALL_PREVIEW } from '../constants.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useShortcut } from '../../../lib/shortcuts/index.ts';
import { SEARCH_TABS, useSearch, type SearchTab } from '../api.ts';
import { SearchResultsView } from '../components/search-results.tsx';
import { useResultKeys } from '../hooks/use-result-keys.ts';
import '../search.css';

/** Typing searches once the user pauses this long; Enter searches at once. */
const TYPING_PAUSE_MS = 300;

const tabOf = (value: string | null): SearchTab => (SEARCH_TABS as readonly string[]).includes(value ?? '') ? (value as SearchTab) : 'all';
const pageOf = (value: string | null) => (value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/**
 * The search page (`search?q=&tab=&page=`): one box, tabs All / Contacts / Conversations / Messages, results with
 * the query's words marked, ↑ ↓ through them and Enter to open one. The URL holds the query, tab and page, so
 * a search can be shared, reloaded and gone back to. Tabs the user may not see (contacts without contact access,
 * conversations and messages without conversation access) are not offered.
 */
export function SearchPage() {
  const { account } = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const page = pageOf(params.get('page'));
  const tabs = SEARCH_TABS.filter((tab) => {
    if (tab === 'contacts') return canAccess(account.permissions, 'api:contacts.index');
    if (tab === 'conversations' || tab === 'messages') return canAccess(account.permissions, 'api:conversations.index');
    return true;
  });
  const requested = tabOf(params.get('tab'));
  const tab = tabs.includes(requested) ? requested : 'all';
  const search = useSearch(account.id, tab, q, tab === 'all' ? 1 : page);

  const [text, setText] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const tabsId = useId();
  // back and forward bring another query into the box
  useEffect(() => setText(q), [q]);
  useShortcut('go-search', () => {
    input.current?.focus();
    input.current?.select();
  });

  const go = (next: { q?: string; tab?: SearchTab; page?: number }, replace = false) => {
    const values = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) values.set('q', nextQ);
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'all') values.set('tab', nextTab);
    if (next.page && next.page > 1) values.set('page', String(next.page));
    setParams(values, { replace });
  };

  // a pause in typing searches what is in the box (replacing the history entry, so Back skips the keystrokes)
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => go({ q: trimmed, page: 1 }, true), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, tab]);

  const onResultKeys = useResultKeys(results, input);
  const onTabKeys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    go({ tab: next, page: 1 });
    requestAnimationFrame(() => document.getElementById(`${tabsId}-${next}`)?.focus());
  };

  return (
    <div className="search-page" onKeyDown={onResultKeys}>
      <header className="search-page__header">
        <h1>{t('SEARCH.TITLE')}</h1>
        <p className="search-page__description">{t('SEARCH.DESCRIPTION')}</p>
        <form
          role="search"
          className="search-page__form"
          onSubmit={(event) => {
            event.preventDefault();
            go({ q: text.trim(), page: 1 });
          }}
        >
          <svg className="search-page__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            type="search"
            className="search-page__input"
            aria-label={t('SEARCH.INPUT')}
            placeholder={t('SEARCH.PLACEHOLDER')}
            value={text}
            maxLength={200}
            autoFocus
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      </header>
      <div className="search-page__tabs" role="tablist" aria-label={t('SEARCH.TABS')}>
        {tabs.map((name) => (
          <button
            key={name}
            id={`${tabsId}-${name}`}
            type="button"
            role="tab"
            className="search-page__tab"
            aria-selected={name === tab}
            aria-controls={`${tabsId}-panel`}
            tabIndex={name === tab ? 0 : -1}
            onClick={() => go({ tab: name, page: 1 })}
            onKeyDown={onTabKeys}
          >
            {t(`SEARCH.TAB.${name}`)}
          </button>
        ))}
      </div>
      <div ref={results} id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} className="search-page__panel" aria-busy={search.isFetching || undefined}>
        <SearchResultsView
          accountId={account.id}
          q={q}
          tab={tab}
          tabs={tabs}
          page={page}
          search={search}
          preview={ALL_PREVIEW}
          onTab={(next) => go({ tab: next, page: 1 })}
          onPage={(next) => {
            go({ page: next });
            input.current?.scrollIntoView?.({ block: 'nearest' });
          }}
        />
      </div>
    </div>
  );
}
