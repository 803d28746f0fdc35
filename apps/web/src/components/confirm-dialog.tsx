import { useCallback, useRef, useState, type ReactElement } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

type ConfirmDialogProps = {
  show: boolean;
  title: string;
  description?: string;
  /** 000 section 9: Yes and No unless told otherwise. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red, for what cannot be undone. */
  tone?: 'default' | 'danger';
  /** The confirmed work is running: confirm shows a spinner and is disabled. */
  loading?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and the backdrop all land here. */
  onCancel: () => void;
};

/** A yes/no question in a modal. Focus starts on the cancel button, so Enter never confirms by accident. */
export function ConfirmDialog({ show, title, description, confirmLabel, cancelLabel, tone = 'default', loading = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal show={show} title={title} description={description} onClose={onCancel}>
      <div className="modal__actions">
        <Button onClick={onCancel} data-autofocus>
          {cancelLabel ?? t('WIDGETS.CONFIRM.NO')}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
          {confirmLabel ?? t('WIDGETS.CONFIRM.YES')}
        </Button>
      </div>
    </Modal>
  );
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'show' | 'onConfirm' | 'onCancel' | 'loading'>;

/**
 * `const { confirm, dialog } = useConfirmDialog()`: render `dialog`, then `await confirm({ title })` resolves
 * true on confirm and false on cancel or close, and the dialog hides (000 section 4).
 */
export function useConfirmDialog(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactElement } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    // A question still open is answered no before the next one takes its place.
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog show={options !== null} title="" {...options} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  );
  return { confirm, dialog };
}
