import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderShell, shellApi, shellReady } from '../shell-test-utils.tsx';
import { RECONNECT_SUCCESS_MS } from './network-notice.tsx';
import { pageLoader } from '../../../lib/full-page-load.ts';


let online = true;
function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

async function connectedShell(path: string) {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  shellApi();
  const view = renderShell(path);
  await shellReady();
  act(() => view.cable.last.accept());
  return view;
}

afterEach(() => {
  online = true;
  // TanStack Query's online manager follows these events too: leave it online for the next test.
  window.dispatchEvent(new Event('online'));
  vi.useRealTimers();
  vi.mocked(pageLoader.load).mockClear();
});

describe('network notice', () => {
  it('S0-4.07 S0-8.14 S0-2.96 S0-8.17 shows the offline state, with a refresh button, when the browser goes offline', async () => {
    await connectedShell('/app/accounts/7/profile/settings');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline. Check your connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(pageLoader.load).toHaveBeenCalledWith('/app/accounts/7/profile/settings');
  });

  it('S0-4.08 S0-8.15 shows reconnecting on conversation, inbox and notification screens only', async () => {
    const { cable, router } = await connectedShell('/app/accounts/7/dashboard');
    act(() => cable.last.drop());
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnecting…');
    await act(() => router.navigate('/app/accounts/7/inbox/3'));
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnecting…');
    await act(() => router.navigate('/app/accounts/7/notifications'));
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnecting…');
    await act(() => router.navigate('/app/accounts/7/profile/settings'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => router.navigate('/app/accounts/7/contacts'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('S0-4.09 S0-4.10 S0-8.16 S0-9.02 shows reconnect success once the connection is back, hidden after 2 s', async () => {
    const { cable } = await connectedShell('/app/accounts/7/dashboard');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => cable.last.drop());
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnecting…');
    act(() => vi.advanceTimersByTime(1_000));
    expect(cable.sockets).toHaveLength(2);
    act(() => cable.last.accept());
    expect(screen.getByText('Back online').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(RECONNECT_SUCCESS_MS - 1));
    expect(screen.getByText('Back online')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Back online')).not.toBeInTheDocument();
  });

  it('offline then online: back online shows once the socket is subscribed again', async () => {
    const { cable } = await connectedShell('/app/accounts/7/dashboard');
    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline');
    goOnline();
    // the socket reopens at once; until it is subscribed the live screen still waits
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnecting…');
    act(() => cable.last.accept());
    expect(screen.getByText('Back online')).toBeInTheDocument();
  });

  it('the notice can be hidden until the state changes', async () => {
    await connectedShell('/app/accounts/7/profile/settings');
    goOffline();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    goOnline();
    expect(screen.getByText('Back online')).toBeInTheDocument();
  });
});
