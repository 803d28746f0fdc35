import { useState, type FormEvent } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import { Button } from './button.tsx';
import { FormField } from './form-field.tsx';
import { Modal } from './modal.tsx';

type TypedConfirmDialogProps = {
  show: boolean;
  title: string;
  description?: string;
  /** What the user must type, exactly (case included), before confirm is enabled (000 section 5). */
  expected: string;
  /** The field's label; "Type {expected} to confirm" by default. */
  label?: string;
  placeholder?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A destructive action confirmed by typing a value (a name, "DELETE"). Confirm stays disabled until the
 * text equals `expected`; text that does not match shows the field in its error style.
 */
export function TypedConfirmDialog({ show, title, description, onClose, ...form }: TypedConfirmDialogProps) {
  return (
    <Modal show={show} title={title} description={description} onClose={onClose}>
      {/* Mounted only while shown: every opening starts with an empty field. */}
      <TypedConfirmForm {...form} onClose={onClose} />
    </Modal>
  );
}

function TypedConfirmForm({ expected, label, placeholder, confirmLabel, cancelLabel, loading = false, onConfirm, onClose }: Omit<TypedConfirmDialogProps, 'show' | 'title' | 'description'>) {
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const matches = typed === expected;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (matches && !loading) onConfirm();
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        label={label ?? t('WIDGETS.TYPED_CONFIRM.LABEL', { value: expected })}
        placeholder={placeholder ?? expected}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setTouched(true);
        }}
        error={touched && !matches ? t('WIDGETS.TYPED_CONFIRM.MISMATCH', { value: expected }) : undefined}
      />
      <div className="modal__actions">
        <Button onClick={onClose}>{cancelLabel ?? t('WIDGETS.CONFIRM.NO')}</Button>
        <Button type="submit" variant="danger" loading={loading} disabled={!matches}>
          {confirmLabel ?? t('WIDGETS.CONFIRM.YES')}
        </Button>
      </div>
    </form>
  );
}
