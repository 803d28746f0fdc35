import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import type { SuggestionKind, SuggestionMenu } from '../extensions/suggestion-types.ts';

const TITLES: Record<SuggestionKind, MessageKey> = {
  mention: 'REPLY_EDITOR.SUGGESTIONS_MENTION',
  canned: 'REPLY_EDITOR.SUGGESTIONS_CANNED',
  variable: 'REPLY_EDITOR.SUGGESTIONS_VARIABLE',
  emoji: 'REPLY_EDITOR.SUGGESTIONS_EMOJI',
};

type SuggestionListProps = { menu: SuggestionMenu; active: number; id: string; optionId: (index: number) => string; onHover: (index: number) => void };

/**
 * The open suggestion list, above the editor. Focus stays in the editor (a combobox pattern): the editor
 * points at the highlighted option with aria-activedescendant, and a click must not take focus away.
 */
export function SuggestionList({ menu, active, id, optionId, onHover }: SuggestionListProps) {
  return (
    <ul id={id} className={`reply-editor__suggestions reply-editor__suggestions--${menu.kind}`} role="listbox" aria-label={t(TITLES[menu.kind])}>
      {menu.items.map((item, index) => (
        <li
          key={item.key}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className="reply-editor__suggestion"
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => menu.choose(item)}
        >
          {item.glyph ? (
            <span className="reply-editor__suggestion-glyph" aria-hidden="true">
              {item.glyph}
            </span>
          ) : null}
          <span className="reply-editor__suggestion-label">{item.label}</span>
          {item.detail ? <span className="reply-editor__suggestion-detail">{item.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}
