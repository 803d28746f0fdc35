import type { KeyboardEvent } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import type { EditorMode } from '../types.ts';

type ModeTabsProps = { mode: EditorMode; onModeChange: (mode: EditorMode) => void; panelId: string; idPrefix: string };

const MODES = [
  { mode: 'reply', label: 'REPLY_EDITOR.REPLY' },
  { mode: 'note', label: 'REPLY_EDITOR.PRIVATE_NOTE' },
] as const;

/**
 * REPLY and NOTE (001 section 4) as tabs: arrow keys move between them, as in any tab list. They stay
 * usable when the editor is disabled: a conversation that cannot take a reply still takes notes.
 */
export function ModeTabs({ mode, onModeChange, panelId, idPrefix }: ModeTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    // Two tabs: every arrow goes to the other one, whatever the writing direction.
    const next: EditorMode = event.key === 'Home' ? 'reply' : event.key === 'End' ? 'note' : mode === 'reply' ? 'note' : 'reply';
    onModeChange(next);
    document.getElementById(`${idPrefix}-${next}`)?.focus();
  };
  return (
    <div className="reply-editor__tabs" role="tablist" aria-label={t('REPLY_EDITOR.MODES')}>
      {MODES.map((tab) => (
        <button
          key={tab.mode}
          id={`${idPrefix}-${tab.mode}`}
          type="button"
          role="tab"
          className={`reply-editor__tab reply-editor__tab--${tab.mode}`}
          aria-selected={mode === tab.mode}
          aria-controls={panelId}
          tabIndex={mode === tab.mode ? 0 : -1}
          onClick={() => onModeChange(tab.mode)}
          onKeyDown={onKeyDown}
        >
          {t(tab.label)}
        </button>
      ))}
    </div>
  );
}
