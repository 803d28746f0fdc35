import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import { loadEmojiIndex, searchEmoji, type EmojiEntry } from '../utils/search-emoji.ts';

/** Columns of the grid: the arrow keys move by one, up and down by a row. */
export const EMOJI_COLUMNS = 8;
/** A search shows at most this many; the whole set (about 1,800) shows without one. */
const SEARCH_LIMIT = 160;

type EmojiPickerProps = { onPick: (emoji: string) => void; onClose: () => void };

/**
 * The emoji panel of the reply editor: a search field and a grid of every emoji (emojilib's data, fetched the
 * first time the panel opens, shared with the `:name` suggestions). Arrow keys move through the grid (one tab
 * stop), Enter or a click inserts, Escape closes.
 */
export function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const [index, setIndex] = useState<EmojiEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    loadEmojiIndex().then(
      (loaded) => live && setIndex(loaded),
      () => live && setFailed(true),
    );
    search.current?.focus();
    return () => {
      live = false;
    };
  }, []);

  const shown = useMemo(() => (index ? (query.trim() ? searchEmoji(index, query, SEARCH_LIMIT) : index) : []), [index, query]);
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const focusCell = (i: number) => {
    setActive(i);
    grid.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus();
  };
  const onGridKey = (event: KeyboardEvent) => {
    const rtl = document.documentElement.dir === 'rtl';
    const steps: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowDown: EMOJI_COLUMNS,
      ArrowUp: -EMOJI_COLUMNS,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = current + step;
    if (next < 0) search.current?.focus();
    else focusCell(Math.min(next, shown.length - 1));
  };

  return (
    <div
      className="emoji-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <input
        ref={search}
        className="emoji-picker__search"
        type="search"
        placeholder={t('REPLY_EDITOR.EMOJI_SEARCH')}
        aria-label={t('REPLY_EDITOR.EMOJI_SEARCH')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && shown.length > 0) {
            event.preventDefault();
            focusCell(0);
          }
          if (event.key === 'Enter' && shown[0]) {
            event.preventDefault();
            onPick(shown[0].emoji);
          }
        }}
      />
      {failed ? (
        <p className="emoji-picker__note" role="alert">
          {t('REPLY_EDITOR.EMOJI_ERROR')}
        </p>
      ) : !index ? (
        <p className="emoji-picker__note" role="status">
          {t('REPLY_EDITOR.EMOJI_LOADING')}
        </p>
      ) : shown.length === 0 ? (
        <p className="emoji-picker__note">{t('REPLY_EDITOR.EMOJI_NONE', { query: query.trim() })}</p>
      ) : (
        <div ref={grid} className="emoji-picker__grid" role="group" aria-label={t('REPLY_EDITOR.EMOJI_LIST')} onKeyDown={onGridKey}>
          {shown.map((entry, i) => (
            <button
              key={entry.emoji}
              type="button"
              className="emoji-picker__cell"
              data-index={i}
              tabIndex={i === current ? 0 : -1}
              aria-label={entry.name.replaceAll('_', ' ')}
              title={`:${entry.name}:`}
              onFocus={() => setActive(i)}
              onClick={() => onPick(entry.emoji)}
            >
              {entry.emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
