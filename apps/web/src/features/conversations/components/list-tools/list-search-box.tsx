import './messages.ts';
import { useEffect, useState } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import { Icon } from '../icon.tsx';

type SearchBoxProps = {
  /** The search the list shows (null: none). */
  value: string | null;
  onSearch: (q: string | null) => void;
};

/**
 * The list's search box (GET conversations/search): Enter searches, Escape or the clear button goes back to the
 * list. A blank query is no search.
 */
export function ListSearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  // another list (or a cleared search) empties the box
  useEffect(() => setText(value ?? ''), [value]);
  const clear = () => {
    setText('');
    onSearch(null);
  };
  return (
    <form
      role="search"
      className="cw-list-search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        onSearch(q ? q.slice(0, 200) : null);
      }}
    >
      <Icon name="search" size={15} className="cw-list-search__icon" />
      <input
        type="search"
        className="cw-list-search__input"
        aria-label={t('LIST_TOOLS.SEARCH.LABEL')}
        placeholder={t('LIST_TOOLS.SEARCH.PLACEHOLDER')}
        value={text}
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '' && value) onSearch(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && (text || value)) {
            event.preventDefault();
            clear();
          }
        }}
      />
      {text || value ? (
        <button type="button" className="cw-icon-button cw-icon-button--small cw-list-search__clear" aria-label={t('LIST_TOOLS.SEARCH.CLEAR')} title={t('LIST_TOOLS.SEARCH.CLEAR')} onClick={clear}>
          <Icon name="x" size={13} />
        </button>
      ) : null}
    </form>
  );
}
