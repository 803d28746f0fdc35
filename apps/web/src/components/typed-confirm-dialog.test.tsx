import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { TypedConfirmDialog } from './typed-confirm-dialog.tsx';

const open = () => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const view = render(<TypedConfirmDialog show title="Delete the inbox" expected="Support" confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose} />);
  return { onConfirm, onClose, field: screen.getByLabelText('Type Support to confirm'), submit: screen.getByRole('button', { name: 'Delete' }), ...view };
};

describe('typed confirmation', () => {
  it('S0-5.30 with empty typed text the confirm button is disabled', () => {
    const { submit, field } = open();
    expect(field).toHaveValue('');
    expect(submit).toBeDisabled();
    // nothing typed yet: no error style
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('S0-5.31 S0-5.32 text that is not exactly the expected value (case included) keeps confirm disabled and shows the error style', async () => {
    const { submit, field, onConfirm } = open();
    for (const attempt of ['support', 'Suppor', 'Support ']) {
      await userEvent.clear(field);
      await userEvent.type(field, attempt);
      expect(submit).toBeDisabled();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field.closest('.field')).toHaveClass('field--error');
    }
    await userEvent.type(field, '{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('S0-5.33 text exactly equal to the expected value enables confirm', async () => {
    const { submit, field, onConfirm } = open();
    await userEvent.type(field, 'Support');
    expect(submit).toBeEnabled();
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.click(submit);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('starts empty each time it opens', async () => {
    const { field, rerender, onConfirm, onClose } = open();
    await userEvent.type(field, 'Support');
    rerender(<TypedConfirmDialog show={false} title="Delete the inbox" expected="Support" onConfirm={onConfirm} onClose={onClose} />);
    rerender(<TypedConfirmDialog show title="Delete the inbox" expected="Support" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByLabelText('Type Support to confirm')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalled();
  });
});
