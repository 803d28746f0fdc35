import { useEffect, useRef, type ReactNode } from 'react';

type ModalProps = { show: boolean; title: string; onClose: () => void; children: ReactNode; closeOnBackdrop?: boolean };

/** Centred dialog; closes on Escape, the close button, or (by default) a click on the backdrop. */
export function Modal({ show, title, onClose, children, closeOnBackdrop = true }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!show) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    dialog.current?.querySelector<HTMLElement>('input, button')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [show, onClose]);
  if (!show) return null;
  return (
    <div className="modal-backdrop" onMouseUp={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} ref={dialog}>
        <header className="modal__header">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
