import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast-provider.tsx';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast('Account created successfully', 'success')}>
      go
    </button>
  );
}

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('S0-9.01 a toast shows its message and is gone after 2500 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Account created successfully');
    expect(TOAST_DURATION_MS).toBe(2500);
    act(() => vi.advanceTimersByTime(2499));
    expect(screen.queryByText('Account created successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Account created successfully')).not.toBeInTheDocument();
  });
});
