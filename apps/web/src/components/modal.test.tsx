import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Modal } from './modal.tsx';

const renderModal = (props: Partial<Parameters<typeof Modal>[0]> = {}) => {
  const onClose = vi.fn();
  const view = render(
    <Modal show title="Create a new account" onClose={onClose} {...props}>
      <input aria-label="Account name" />
    </Modal>,
  );
  return { onClose, ...view };
};

describe('modal', () => {
  it('S0-4.64 is shown or hidden by its show flag', () => {
    const { rerender, onClose } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Create a new account' })).toBeInTheDocument();
    // focus moves into the dialog
    expect(screen.getByLabelText('Account name')).toHaveFocus();
    rerender(
      <Modal show={false} title="Create a new account" onClose={onClose}>
        <input aria-label="Account name" />
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('S0-4.65 Escape closes the modal', async () => {
    const { onClose } = renderModal();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('S0-4.66 the close button closes the modal', async () => {
    const { onClose } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('S0-4.67 S0-9.53 a backdrop click (on mouse-up) closes the modal by default, a click inside does not', () => {
    const { onClose } = renderModal();
    fireEvent.mouseUp(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseUp(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('S0-4.68 closing on backdrop click can be turned off', () => {
    const { onClose } = renderModal({ closeOnBackdrop: false });
    fireEvent.mouseUp(screen.getByRole('dialog').parentElement!);
    expect(onClose).not.toHaveBeenCalled();
  });
});
