import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAnchoredPosition } from '../../../../components/use-anchored-position.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import { EditorIcon } from './editor-icons.tsx';

// The panel and its data are fetched the first time someone opens it.
const EmojiPicker = lazy(() => import('./emoji-picker.tsx').then((module) => ({ default: module.EmojiPicker })));

type EmojiButtonProps = { disabled?: boolean; onPick: (emoji: string) => void };

/** The footer's emoji button: opens the emoji panel above it (anchored to the viewport); a pick is inserted at the cursor. */
export function EmojiButton({ disabled = false, onPick }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const floating = useAnchoredPosition(open, button, panel);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small reply-editor__emoji"
        aria-label={t('REPLY_EDITOR.EMOJI')}
        title={t('REPLY_EDITOR.EMOJI')}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        <EditorIcon name="smile" />
      </button>
      {open ? (
        <div ref={panel} className="reply-editor__emoji-panel" role="dialog" aria-label={t('REPLY_EDITOR.EMOJI')} {...floating}>
          <Suspense fallback={<p className="emoji-picker__note" role="status">{t('REPLY_EDITOR.EMOJI_LOADING')}</p>}>
            <EmojiPicker
              onClose={() => close()}
              onPick={(emoji) => {
                close(false);
                onPick(emoji);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
