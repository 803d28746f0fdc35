import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import './widgets.css';

/** 000 section 9: a modal is 37.5rem wide unless it is full width. */
export const MODAL_WIDTH = '37.5rem';

type ModalProps = {
  show: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** A click on the backdrop closes the modal (000 section 4: optional, on by default). */
  closeOnBackdrop?: boolean;
  /** 000 section 9: centred by default; 'right' is a sheet along the inline-end edge. */
  placement?: 'centred' | 'right';
  fullWidth?: boolean;
};

const FOCUSABLE = 'a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open modals, the last opened last: Escape closes one modal at a time (a confirmation opened from a modal).
const openModals: symbol[] = [];

/**
 * A dialog that closes on Escape, the close button, or a backdrop click. Focus moves to its first field
 * (`data-autofocus` wins), stays inside while it is open, and goes back where it was on close.
 */
export function Modal({ show, title, description, onClose, children, closeOnBackdrop = true, placement = 'centred', fullWidth = false }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!show) return;
    const me = Symbol('modal');
    openModals.push(me);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      // A widget inside (a dropdown) that handled Escape itself prevents the default.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // The dialog holding the focus is the one Escape speaks to; without one, the last opened.
      const owner = document.activeElement?.closest('[aria-modal="true"]');
      if (owner ? owner === dialog.current : openModals.at(-1) === me) onCloseRef.current();
    };
    window.addEventListener('keydown', onKey);
    const root = dialog.current;
    const first =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not(.modal__close):not([disabled])');
    (first ?? root)?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(me), 1);
      previous?.focus();
    };
  }, [show]);

  // Tab and Shift+Tab cycle inside the dialog.
  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const [firstItem, lastItem] = [items[0]!, items.at(-1)!];
    if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === dialog.current)) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  if (!show) return null;
  const classes = ['modal', `modal--${placement}`, fullWidth && 'modal--full-width'].filter(Boolean).join(' ');
  return (
    // Mouse-up, not click: a text selection dragged out of the dialog must not close it (000 section 9).
    <div
      className={`modal-backdrop modal-backdrop--${placement}`}
      onMouseUp={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}
    >
      <div
        className={classes}
        style={{ maxWidth: fullWidth ? 'none' : MODAL_WIDTH }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        ref={dialog}
        onKeyDown={trapFocus}
      >
        <header className="modal__header">
          <div>
            <h2 id={titleId}>{title}</h2>
            {description ? (
              <p className="muted modal__description" id={descriptionId}>
                {description}
              </p>
            ) : null}
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
