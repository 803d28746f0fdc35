import type { CableEvent, CableLifecycleEvent, CableStatus } from './types.ts';

/** The server pings every 3 s; a socket silent for this long is dead (ActionCable's stale threshold, with margin). */
export const STALE_AFTER_MS = 10_000;
/** Reconnect delays grow 1 s, 2 s, 4 s … up to 30 s, each shortened by a random jitter of up to half. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** 000 section 9: the refetch after a reconnect covers updates within the offline seconds plus 15. */
export const REFETCH_MARGIN_SECONDS = 15;

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
};
export type SocketFactory = (url: string) => SocketLike;

export type CableIdentity = { pubsubToken: string; accountId: number; userId?: number };

export type CableClientOptions = {
  url: string;
  identity: CableIdentity;
  onEvent: (event: CableEvent) => void;
  onStatus: (status: CableStatus) => void;
  onLifecycle?: (event: CableLifecycleEvent) => void;
  createSocket?: SocketFactory;
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
};

type Frame = { type?: string; identifier?: string; message?: unknown; reconnect?: boolean };

const parseFrame = (raw: unknown): Frame | null => {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Frame) : null;
  } catch {
    return null;
  }
};

/**
 * One /cable connection in ActionCable's wire format (docs/realtime.md): waits for `welcome`, subscribes to
 * RoomChannel with the pubsub token and account id, treats pings as liveness, and after any loss reconnects
 * with backoff, resuming from the last `seq` it saw (`last_seq`), so the server replays what was missed or
 * answers `resync.required`. Knows nothing of React or the query cache.
 */
export class CableClient {
  private readonly options: Required<Omit<CableClientOptions, 'onLifecycle'>> & Pick<CableClientOptions, 'onLifecycle'>;
  private socket: SocketLike | null = null;
  private identifier: string | null = null;
  private status: CableStatus = 'connecting';
  private lastSeq: number | null = null;
  private attempts = 0;
  private everConnected = false;
  private subscribed = false;
  private stopped = true;
  private disconnectedAt: number | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: CableClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      now: () => Date.now(),
      random: Math.random,
      ...options,
    };
  }

  /** Opens the connection (or waits for the browser to be online). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.isOnline()) this.open();
    else this.setStatus('offline');
  }

  /** Closes for good: no reconnect, no more callbacks. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.dropSocket();
  }

  /** The browser's online/offline events: offline drops the socket and waits; online reconnects at once. */
  setOnline(online: boolean): void {
    if (this.stopped) return;
    if (!online) {
      this.clearTimers();
      this.lose();
      this.setStatus('offline');
      return;
    }
    if (this.socket) return;
    this.clearTimers();
    this.attempts = 0;
    this.open();
  }

  /** `{command: message}` on the subscription, e.g. `send('update_presence')`; false when not subscribed. */
  send(action: string, payload: Record<string, unknown> = {}): boolean {
    if (!this.socket || !this.subscribed || !this.identifier) return false;
    this.socket.send(JSON.stringify({ command: 'message', identifier: this.identifier, data: JSON.stringify({ ...payload, action }) }));
    return true;
  }

  getStatus(): CableStatus {
    return this.status;
  }

  getLastSeq(): number | null {
    return this.lastSeq;
  }

  /** Seconds since the connection was lost, or null while connected (or never lost). */
  secondsSinceDisconnect(): number | null {
    return this.disconnectedAt === null ? null : Math.floor((this.options.now() - this.disconnectedAt) / 1000);
  }

  private open(): void {
    this.setStatus(this.everConnected || this.attempts > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.subscribed = false;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lose();
      this.scheduleReconnect();
    };
    socket.onerror = () => undefined;
    this.armStale();
  }

  private receive(raw: unknown): void {
    const frame = parseFrame(raw);
    if (!frame) return;
    this.armStale();
    switch (frame.type) {
      case 'welcome':
        this.subscribe();
        return;
      case 'ping':
        return;
      case 'confirm_subscription':
        if (frame.identifier === this.identifier) this.confirmed();
        return;
      case 'reject_subscription':
        if (frame.identifier !== this.identifier) return;
        this.options.onLifecycle?.({ type: 'rejected' });
        this.restart();
        return;
      case 'disconnect':
        if (frame.reconnect === false) {
          this.stop();
          this.setStatus('offline');
        } else {
          this.restart();
        }
        return;
    }
    if (frame.identifier === this.identifier && frame.message && typeof frame.message === 'object') {
      this.deliver(frame.message as Record<string, unknown>);
    }
  }

  private subscribe(): void {
    const { pubsubToken, accountId, userId } = this.options.identity;
    this.identifier = JSON.stringify({
      channel: 'RoomChannel',
      pubsub_token: pubsubToken,
      account_id: accountId,
      ...(userId === undefined ? {} : { user_id: userId }),
      ...(this.lastSeq === null ? {} : { last_seq: this.lastSeq }),
    });
    this.socket?.send(JSON.stringify({ command: 'subscribe', identifier: this.identifier }));
  }

  private confirmed(): void {
    this.subscribed = true;
    this.attempts = 0;
    const lostAt = this.disconnectedAt;
    const wasReconnect = this.everConnected && lostAt !== null;
    this.everConnected = true;
    this.disconnectedAt = null;
    this.setStatus('connected');
    if (wasReconnect) {
      const offlineSeconds = Math.max(0, Math.floor((this.options.now() - lostAt) / 1000));
      this.options.onLifecycle?.({
        type: 'reconnected',
        disconnectedAt: lostAt,
        offlineSeconds,
        refetchWithinSeconds: offlineSeconds + REFETCH_MARGIN_SECONDS,
      });
    }
  }

  private deliver(message: Record<string, unknown>): void {
    const name = message.event;
    if (typeof name !== 'string') return;
    const data = message.data && typeof message.data === 'object' ? (message.data as Record<string, unknown>) : {};
    const seq = typeof message.seq === 'number' ? message.seq : null;
    // 000 section 7: events of another account are ignored.
    if (typeof data.account_id === 'number' && data.account_id !== this.options.identity.accountId) return;
    // A presence snapshot carries the current seq without taking one: it says nothing of what we have seen.
    if (seq !== null && name !== 'presence.update') {
      // resync.required answers with the current seq: after refetching, that is where we stand.
      this.lastSeq = name === 'resync.required' ? seq : Math.max(this.lastSeq ?? 0, seq);
    }
    // The one place a frame becomes a typed event: the server sends each name's payload (@app/shared/events);
    // handlers still check what a malformed frame could break.
    this.options.onEvent({ event: name, data, seq } as CableEvent);
  }

  /** The connection is gone (closed, stale, rejected or offline): note when, once. */
  private lose(): void {
    this.dropSocket();
    if (this.disconnectedAt === null && this.everConnected) {
      this.disconnectedAt = this.options.now();
      this.options.onLifecycle?.({ type: 'disconnected', at: this.disconnectedAt });
    }
  }

  private restart(): void {
    this.lose();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.clearTimers();
    if (!this.options.isOnline()) {
      this.setStatus('offline');
      return;
    }
    this.setStatus('reconnecting');
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.attempts);
    const delay = Math.round(ceiling * (0.5 + this.options.random() * 0.5));
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private armStale(): void {
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => {
      this.staleTimer = null;
      if (this.socket) this.restart();
    }, STALE_AFTER_MS);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.subscribed = false;
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(status: CableStatus): void {
    if (this.stopped && status !== 'offline') return;
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
