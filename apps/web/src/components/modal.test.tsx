import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MODAL_WIDTH, Modal } from './modal.tsx';

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

  it('S0-9.49 S0-9.51 is centred and 37.5rem wide by default', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(MODAL_WIDTH).toBe('37.5rem');
    expect(dialog).toHaveClass('modal--centred');
    expect(dialog).toHaveStyle({ maxWidth: '37.5rem' });
  });

  it('S0-9.50 has a right-aligned type', () => {
    renderModal({ placement: 'right' });
    expect(screen.getByRole('dialog')).toHaveClass('modal--right');
    expect(screen.getByRole('dialog').parentElement).toHaveClass('modal-backdrop--right');
  });

  it('S0-9.52 a full-width modal does not use the 37.5rem width', () => {
    renderModal({ fullWidth: true });
    expect(screen.getByRole('dialog')).not.toHaveStyle({ maxWidth: '37.5rem' });
    expect(screen.getByRole('dialog')).toHaveClass('modal--full-width');
  });

  it('names its description, keeps Tab inside and gives focus back on close', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal show title="Delete inbox" description="This cannot be undone." onClose={onClose}>
        <input aria-label="Name" />
        <button type="button">Delete</button>
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    // wraps to the first focusable (the close button in the header)
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    rerender(
      <Modal show={false} title="Delete inbox" onClose={onClose}>
        <input aria-label="Name" />
      </Modal>,
    );
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it('Escape closes only the innermost of two open modals, and not when a widget inside handled it', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal show title="Outer" onClose={outer}>
        <Modal show title="Inner" onClose={inner}>
          <input aria-label="Search" onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.value && e.preventDefault()} />
        </Modal>
      </Modal>,
    );
    await userEvent.type(screen.getByLabelText('Search'), 'x{Escape}');
    expect(inner).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
