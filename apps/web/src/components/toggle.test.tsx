import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toggle } from './toggle.tsx';

function Bound() {
  const [on, setOn] = useState(false);
  return <Toggle checked={on} onChange={setOn} label="Email" description="Add the signature to email replies" />;
}

describe('toggle switch', () => {
  it('S0-4.76 flips on and off on click', async () => {
    render(<Bound />);
    const toggle = screen.getByRole('switch', { name: 'Email' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('flips with Space and Enter, and from its label; describes itself', async () => {
    render(<Bound />);
    const toggle = screen.getByRole('switch', { name: 'Email' });
    expect(toggle).toHaveAccessibleDescription('Add the signature to email replies');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(toggle).not.toBeChecked();
    await userEvent.click(screen.getByText('Email'));
    expect(toggle).toBeChecked();
  });

  it('does nothing while disabled; a hidden label still names it', async () => {
    const onChange = vi.fn();
    render(<Toggle checked onChange={onChange} label="Telegram" hideLabel disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'Telegram' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Telegram')).not.toBeInTheDocument();
  });
});
