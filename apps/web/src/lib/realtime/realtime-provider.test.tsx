import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { SESSION_EXPIRED_EVENT } from '../api-client.ts';
import { beginSignOut, hasSession, storeSession } from '../session.ts';
import { sessionHeaders } from '../../test/fixtures.ts';
import { fakeCable } from './fake-cable.ts';
import { onCableEvent, onCableLifecycle, sendCable, useCableStatus } from './cable-bus.ts';
import { cacheKeyMeta } from './core-events.ts';
import { RealtimeProvider } from './realtime-provider.tsx';
import { usePresence } from './use-presence.ts';
import type { CableEvent, CableLifecycleEvent } from './types.ts';
import { pageLoader } from '../full-page-load.ts';


function Status() {
  return <p data-testid="status">{useCableStatus()}</p>;
}

function Presence() {
  const presence = usePresence(7);
  return <p data-testid="presence">{JSON.stringify(presence.users)}</p>;
}

function Tagged({ name, resource }: { name: string; resource: 'inbox' | 'label' | 'team' }) {
  const { data } = useQuery({ queryKey: ['test', name], queryFn: fetchers[name]!, meta: cacheKeyMeta(resource) });
  return <p data-testid={name}>{String(data ?? '')}</p>;
}
const fetchers: Record<string, Mock<() => Promise<string>>> = {};

function setup() {
  const cable = fakeCable();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const name of ['inboxes', 'labels', 'teams']) fetchers[name] = vi.fn<() => Promise<string>>(async () => `${name}-${fetchers[name]!.mock.calls.length}`);
  const view = render(
    <QueryClientProvider client={client}>
      <RealtimeProvider accountId={7} userId={5} pubsubToken="tok" createSocket={cable.factory} url="ws://desk.test/cable">
        <Status />
        <Presence />
        <Tagged name="inboxes" resource="inbox" />
        <Tagged name="labels" resource="label" />
        <Tagged name="teams" resource="team" />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  return { cable, client, ...view };
}

const flush = () => act(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
});

beforeEach(() => vi.mocked(pageLoader.load).mockClear());
afterEach(() => vi.useRealTimers());

describe('RealtimeProvider', () => {
  it('connects once with the user, account and token and reports its status', async () => {
    const { cable, unmount } = setup();
    expect(cable.sockets).toHaveLength(1);
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    act(() => cable.last.accept());
    expect(cable.last.subscription).toEqual({ channel: 'RoomChannel', pubsub_token: 'tok', account_id: 7, user_id: 5 });
    expect(screen.getByTestId('status')).toHaveTextContent('connected');
    expect(sendCable('update_presence')).toBe(true);
    unmount();
    expect(cable.last.closed).toBe(true);
    expect(sendCable('update_presence')).toBe(false);
  });

  it('onCableEvent hands every event to its handler until unsubscribed', () => {
    const { cable } = setup();
    const seen: CableEvent[] = [];
    const off = onCableEvent((e) => seen.push(e));
    act(() => cable.last.accept());
    act(() => cable.last.event('message.created', { id: 3, account_id: 7 }, 10));
    off();
    act(() => cable.last.event('message.created', { id: 4, account_id: 7 }, 11));
    expect(seen).toEqual([{ event: 'message.created', data: { id: 3, account_id: 7 }, seq: 10 }]);
  });

  it('S0-7.68 presence.update keeps the agents\' availability in the cache', async () => {
    const { cable } = setup();
    act(() => cable.last.accept());
    act(() => cable.last.event('presence.update', { account_id: 7, users: { '5': 'online', '6': 'busy' }, contacts: {} }, 3));
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('{"5":"online","6":"busy"}'));
  });

  it('S0-7.75 account.cache_invalidated refetches the queries tagged with a changed cache key', async () => {
    const { cable } = setup();
    await screen.findByText('inboxes-1');
    await screen.findByText('teams-1');
    act(() => cable.last.accept());
    act(() => cable.last.event('account.cache_invalidated', { account_id: 7, cache_keys: { label: 1, inbox: 1, team: 1 } }, 1));
    await screen.findByText('inboxes-2');
    await screen.findByText('labels-2');
    await screen.findByText('teams-2');
    act(() => cable.last.event('account.cache_invalidated', { account_id: 7, cache_keys: { label: 1, inbox: 2, team: 1 } }, 2));
    await screen.findByText('inboxes-3');
    expect(fetchers.labels).toHaveBeenCalledTimes(2);
    expect(fetchers.teams).toHaveBeenCalledTimes(2);
  });

  it('S0-7.76 user:logout forgets the session and sends the app to the login screen', () => {
    storeSession(new Headers(sessionHeaders()));
    const { cable } = setup();
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    act(() => cable.last.accept());
    act(() => cable.last.event('user:logout', {}, 1));
    expect(hasSession()).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  });

  it('a user:logout that arrives while this tab signs out is not an expired session (the sign-out goes to login itself)', () => {
    storeSession(new Headers(sessionHeaders()));
    const { cable } = setup();
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    act(() => cable.last.accept());
    beginSignOut();
    act(() => cable.last.event('user:logout', {}, 1));
    expect(expired).not.toHaveBeenCalled();
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  });

  it('S0-7.77 page:reload loads the page again', () => {
    const { cable } = setup();
    act(() => cable.last.accept());
    act(() => cable.last.event('page:reload', {}, 1));
    expect(pageLoader.load).toHaveBeenCalledWith(window.location.pathname + window.location.search + window.location.hash);
  });

  it('S0-4.13 S0-4.14 S0-4.15 S0-4.16 S0-4.17 after a reconnect the server cannot replay, the screen\'s queries refetch, the rest go stale, then the completion event', async () => {
    const { cable, client } = setup();
    await screen.findByText('inboxes-1');
    client.setQueryData(['offscreen'], 'old');
    const lifecycle: CableLifecycleEvent[] = [];
    const off = onCableLifecycle((e) => lifecycle.push(e));
    act(() => cable.last.accept());
    act(() => cable.last.event('presence.update', { account_id: 7, users: { '5': 'online' }, contacts: {} }, 0));
    act(() => cable.last.event('message.created', { id: 1 }, 4));
    act(() => cable.last.drop());
    expect(screen.getByTestId('status')).toHaveTextContent('reconnecting');
    expect(lifecycle[0]).toMatchObject({ type: 'disconnected' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    });
    act(() => cable.last.accept());
    expect(cable.last.subscription).toMatchObject({ last_seq: 4 });
    expect(lifecycle[1]).toMatchObject({ type: 'reconnected' });
    act(() => cable.last.event('resync.required', { account_id: 7, last_seq: 4 }, 90));
    await screen.findByText('inboxes-2');
    await screen.findByText('labels-2');
    await flush();
    expect(client.getQueryState(['offscreen'])!.isInvalidated).toBe(true);
    expect(screen.getByTestId('presence')).toHaveTextContent('{"5":"online"}');
    expect(lifecycle.at(-1)).toEqual({ type: 'resynced' });
    off();
  });

  it('after a reconnect the server replays: the missed events arrive and nothing is refetched', async () => {
    const { cable } = setup();
    await screen.findByText('inboxes-1');
    const seen: string[] = [];
    const off = onCableEvent((e) => seen.push(e.event));
    act(() => cable.last.accept());
    act(() => cable.last.event('message.created', { id: 1 }, 4));
    act(() => cable.last.drop());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    });
    act(() => cable.last.accept());
    act(() => cable.last.event('message.created', { id: 2 }, 5));
    await flush();
    expect(seen).toEqual(['message.created', 'message.created']);
    expect(fetchers.inboxes).toHaveBeenCalledTimes(1);
    off();
  });

  it('S0-4.07 follows the browser going offline and back online', () => {
    const { cable } = setup();
    act(() => cable.last.accept());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('status')).toHaveTextContent('offline');
    expect(cable.sockets[0]!.closed).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(cable.sockets).toHaveLength(2);
    act(() => cable.last.accept());
    expect(screen.getByTestId('status')).toHaveTextContent('connected');
    expect(pageLoader.load).not.toHaveBeenCalled();
  });

  it('S0-4.18 S0-9.03 back online after 10800 seconds or more offline, the page reloads', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    const { cable } = setup();
    act(() => cable.last.accept());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    vi.setSystemTime(new Date('2025-03-01T13:00:00Z'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(pageLoader.load).toHaveBeenCalledTimes(1);
  });

  it('S0-4.19 back online after less than 10800 seconds offline, the page does not reload', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    const { cable } = setup();
    act(() => cable.last.accept());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    vi.setSystemTime(new Date('2025-03-01T12:59:59Z'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(pageLoader.load).not.toHaveBeenCalled();
    expect(cable.sockets).toHaveLength(2);
  });
});
