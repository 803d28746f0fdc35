import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../lib/i18n/i18n.ts';

type ModalProps = {
  show: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** A click on the backdrop closes the modal (000 section 4: optional, on by default). */
  closeOnBackdrop?: boolean;
};

/** Centred dialog; closes on Escape, the close button, or a backdrop click. Focus moves in and back out. */
export function Modal({ show, title, description, onClose, children, closeOnBackdrop = true }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!show) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    window.addEventListener('keydown', onKey);
    dialog.current?.querySelector<HTMLElement>('input, textarea, select, button:not(.modal__close)')?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [show]);

  if (!show) return null;
  return (
    // Mouse-up, not click: a text selection dragged out of the dialog must not close it (000 section 9).
    <div className="modal-backdrop" onMouseUp={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <header className="modal__header">
          <div>
            <h2 id={titleId}>{title}</h2>
            {description ? <p className="muted modal__description">{description}</p> : null}
          </div>
          <button type="button" className="modal__close" aria-label={t('APP_GLOBAL.CLOSE')} onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
