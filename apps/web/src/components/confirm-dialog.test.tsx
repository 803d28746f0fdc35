import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfirmDialog, useConfirmDialog } from './confirm-dialog.tsx';

/** Asks once per click on "Ask" and writes the answer down. */
function Asker() {
  const { confirm, dialog } = useConfirmDialog();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ title: 'Remove the picture?' })))}>
        Ask
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

const ask = async () => {
  render(<Asker />);
  await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
  return screen.getByRole('dialog', { name: 'Remove the picture?' });
};

describe('yes/no confirmation', () => {
  it('S0-9.48 its default labels are Yes and No; focus starts on No', async () => {
    await ask();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('S0-4.69 S0-4.72 resolves true on confirm, then hides', async () => {
    await ask();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('S0-4.70 S0-4.72 resolves false on cancel, then hides', async () => {
    await ask();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('S0-4.71 S0-4.72 resolves false on close: the close button, Escape or the backdrop', async () => {
    await ask();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    fireEvent.mouseUp(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('false')).toBeInTheDocument();
  });

  it('takes other labels and a danger tone', () => {
    render(<ConfirmDialog show title="Delete?" confirmLabel="Delete" cancelLabel="Keep" tone="danger" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button--danger');
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });
});
