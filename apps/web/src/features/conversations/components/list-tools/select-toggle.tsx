import './messages.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import type { ListSelection } from './use-list-selection.ts';

/**
 * A row's checkbox, beside its card (a checkbox cannot sit inside the card's link). It covers the avatar while the
 * row is hovered or focused, or while anything is selected; Shift+click selects the range from the last one clicked.
 */
export function SelectToggle({ id, name, selection }: { id: number; name: string; selection: ListSelection }) {
  const checked = selection.has(id);
  return (
    <label className={`cw-select-toggle${checked ? ' cw-select-toggle--on' : ''}`}>
      <input
        type="checkbox"
        checked={checked}
        aria-label={t('LIST_TOOLS.SELECT.ONE', { name: name || `#${id}` })}
        data-select-id={id}
        // the click carries Shift (a keyboard Space with Shift too); the change event does not
        onClick={(event) => selection.toggle(id, event.shiftKey)}
        onChange={() => undefined}
      />
    </label>
  );
}
