import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CableClient, RECONNECT_MAX_MS, STALE_AFTER_MS } from './cable-client.ts';
import { fakeCable } from './fake-cable.ts';
import type { CableEvent, CableLifecycleEvent, CableStatus } from './types.ts';

function setup(options: { online?: () => boolean } = {}) {
  const cable = fakeCable();
  const events: CableEvent[] = [];
  const statuses: CableStatus[] = [];
  const lifecycle: CableLifecycleEvent[] = [];
  const client = new CableClient({
    url: 'ws://desk.test/cable',
    identity: { pubsubToken: 'tok', accountId: 7, userId: 5 },
    createSocket: cable.factory,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    onLifecycle: (e) => lifecycle.push(e),
    isOnline: options.online ?? (() => true),
    random: () => 1,
  });
  return { cable, client, events, statuses, lifecycle };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('CableClient (ActionCable wire format, docs/realtime.md)', () => {
  it('connects to the url, subscribes to RoomChannel with the pubsub token, account and user on welcome', () => {
    const { cable, client, statuses } = setup();
    client.start();
    expect(cable.last.url).toBe('ws://desk.test/cable');
    expect(statuses).toEqual(['connecting'].slice(1)); // starts as connecting: no change reported
    expect(client.getStatus()).toBe('connecting');
    expect(cable.last.sent).toEqual([]);
    cable.last.welcome();
    expect(cable.last.sent).toHaveLength(1);
    expect(cable.last.sent[0]!.command).toBe('subscribe');
    expect(cable.last.subscription).toEqual({ channel: 'RoomChannel', pubsub_token: 'tok', account_id: 7, user_id: 5 });
    cable.last.confirm();
    expect(client.getStatus()).toBe('connected');
    expect(statuses).toEqual(['connected']);
    client.stop();
  });

  it('S0-7.57 S0-7.68 delivers events with data and seq, and keeps the last seq (presence snapshots excluded)', () => {
    const { cable, client, events } = setup();
    client.start();
    cable.last.accept();
    cable.last.event('message.created', { id: 1, account_id: 7 }, 41);
    cable.last.event('presence.update', { account_id: 7, users: { '5': 'online' }, contacts: {} }, 99);
    cable.last.event('conversation.updated', { id: 2 }, 42);
    expect(events.map((e) => [e.event, e.seq])).toEqual([
      ['message.created', 41],
      ['presence.update', 99],
      ['conversation.updated', 42],
    ]);
    expect(events[0]!.data).toEqual({ id: 1, account_id: 7 });
    expect(client.getLastSeq()).toBe(42);
    client.stop();
  });

  it('S0-7.78 ignores events of another account and frames of another subscription', () => {
    const { cable, client, events } = setup();
    client.start();
    cable.last.accept();
    cable.last.event('message.created', { id: 1, account_id: 8 }, 3);
    cable.last.push({ identifier: '{"channel":"Other"}', message: { event: 'message.created', data: {}, seq: 4 } });
    cable.last.push('not json');
    expect(events).toEqual([]);
    expect(client.getLastSeq()).toBeNull();
    client.stop();
  });

  it('S0-4.11 reconnects with backoff after a drop, resumes from the last seq and reports the disconnect and the reconnect', () => {
    const { cable, client, statuses, lifecycle } = setup();
    client.start();
    cable.last.accept();
    cable.last.event('message.created', { id: 1 }, 12);
    cable.last.drop();
    expect(client.getStatus()).toBe('reconnecting');
    expect(lifecycle).toEqual([{ type: 'disconnected', at: Date.parse('2025-03-01T10:00:00Z') }]);
    expect(cable.sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(cable.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(cable.sockets).toHaveLength(2);
    cable.last.welcome();
    expect(cable.last.subscription).toMatchObject({ last_seq: 12 });
    cable.last.confirm();
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);
    expect(lifecycle[1]).toEqual({ type: 'reconnected', disconnectedAt: Date.parse('2025-03-01T10:00:00Z'), offlineSeconds: 1, refetchWithinSeconds: 16 });
    client.stop();
  });

  it('S0-9.04 the reconnect reports the offline seconds plus 15 as the refetch window', () => {
    const { cable, client, lifecycle } = setup();
    client.start();
    cable.last.accept();
    cable.last.drop();
    vi.advanceTimersByTime(1_000);
    cable.last.drop(); // the second attempt fails too: the disconnect time stays the first one
    vi.advanceTimersByTime(2_000);
    expect(cable.sockets).toHaveLength(3);
    vi.setSystemTime(Date.parse('2025-03-01T10:01:00Z'));
    cable.last.accept();
    const reconnected = lifecycle.find((e) => e.type === 'reconnected');
    expect(reconnected).toEqual({ type: 'reconnected', disconnectedAt: Date.parse('2025-03-01T10:00:00Z'), offlineSeconds: 60, refetchWithinSeconds: 75 });
    expect(lifecycle.filter((e) => e.type === 'disconnected')).toHaveLength(1);
    client.stop();
  });

  it('backs off exponentially up to 30 s with jitter, and starts over after a successful subscription', () => {
    const { cable, client } = setup();
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = cable.sockets.length;
      cable.last.drop();
      let waited = 0;
      while (cable.sockets.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
    cable.last.accept();
    cable.last.drop();
    vi.advanceTimersByTime(1_000);
    expect(cable.sockets).toHaveLength(9);
    client.stop();
  });

  it('jitter shortens a delay by up to half', () => {
    const cable = fakeCable();
    const client = new CableClient({
      url: 'ws://x/cable',
      identity: { pubsubToken: 't', accountId: 1 },
      createSocket: cable.factory,
      onEvent: () => undefined,
      onStatus: () => undefined,
      isOnline: () => true,
      random: () => 0,
    });
    client.start();
    cable.last.drop();
    vi.advanceTimersByTime(500);
    expect(cable.sockets).toHaveLength(2);
    client.stop();
  });

  it('pings keep the connection alive; a silent connection is dropped and reopened', () => {
    const { cable, client } = setup();
    client.start();
    cable.last.accept();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(3_000);
      cable.last.ping();
    }
    expect(cable.sockets).toHaveLength(1);
    vi.advanceTimersByTime(STALE_AFTER_MS);
    expect(cable.sockets[0]!.closed).toBe(true);
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(cable.sockets).toHaveLength(2);
    client.stop();
  });

  it('resync.required moves the last seq to the current one', () => {
    const { cable, client, events } = setup();
    client.start();
    cable.last.accept();
    cable.last.event('message.created', { id: 1 }, 5);
    cable.last.drop();
    vi.advanceTimersByTime(1_000);
    cable.last.accept();
    cable.last.event('resync.required', { account_id: 7, last_seq: 5 }, 2_000);
    expect(events.at(-1)).toEqual({ event: 'resync.required', data: { account_id: 7, last_seq: 5 }, seq: 2_000 });
    expect(client.getLastSeq()).toBe(2_000);
    client.stop();
  });

  it('a rejected subscription is reported and retried with backoff', () => {
    const { cable, client, lifecycle } = setup();
    client.start();
    cable.last.welcome();
    cable.last.reject();
    expect(lifecycle).toEqual([{ type: 'rejected' }]);
    expect(cable.sockets[0]!.closed).toBe(true);
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(1_000);
    expect(cable.sockets).toHaveLength(2);
    client.stop();
  });

  it('a disconnect frame without reconnect stops for good', () => {
    const { cable, client } = setup();
    client.start();
    cable.last.accept();
    cable.last.push({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    vi.advanceTimersByTime(60_000);
    expect(cable.sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('offline');
  });

  it('offline: drops the socket and tries nothing until online, then reconnects at once', () => {
    let online = true;
    const { cable, client, lifecycle } = setup({ online: () => online });
    client.start();
    cable.last.accept();
    online = false;
    client.setOnline(false);
    expect(client.getStatus()).toBe('offline');
    expect(cable.sockets[0]!.closed).toBe(true);
    expect(lifecycle).toHaveLength(1);
    vi.advanceTimersByTime(120_000);
    expect(cable.sockets).toHaveLength(1);
    expect(client.secondsSinceDisconnect()).toBe(120);
    online = true;
    client.setOnline(true);
    expect(cable.sockets).toHaveLength(2);
    expect(client.getStatus()).toBe('reconnecting');
    cable.last.accept();
    expect(client.secondsSinceDisconnect()).toBeNull();
  });

  it('starting offline waits for the browser to be online', () => {
    let online = false;
    const { cable, client } = setup({ online: () => online });
    client.start();
    expect(client.getStatus()).toBe('offline');
    expect(cable.sockets).toHaveLength(0);
    online = true;
    client.setOnline(true);
    expect(cable.sockets).toHaveLength(1);
    client.stop();
  });

  it('send() speaks on the subscription only once subscribed', () => {
    const { cable, client } = setup();
    client.start();
    expect(client.send('update_presence')).toBe(false);
    cable.last.accept();
    expect(client.send('update_presence', { x: 1 })).toBe(true);
    const message = cable.last.sent.at(-1)!;
    expect(message.command).toBe('message');
    expect(JSON.parse(message.data!)).toEqual({ x: 1, action: 'update_presence' });
    expect(message.identifier).toBe(cable.last.sent[0]!.identifier);
    client.stop();
  });

  it('stop() closes the socket and never reconnects', () => {
    const { cable, client } = setup();
    client.start();
    cable.last.accept();
    client.stop();
    expect(cable.last.closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(cable.sockets).toHaveLength(1);
  });
});
