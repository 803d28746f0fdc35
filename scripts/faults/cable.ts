// A /cable client that behaves like the dashboard's (apps/web/src/lib/realtime/cable-client.ts): it subscribes
// with the user's pubsub token, remembers the last seq it saw, and when the socket drops it reconnects (to the
// first API process that accepts) with `last_seq`, so the server replays what it missed or answers
// `resync.required`. It records what arrived and when.
import { sleep } from './infra.ts';

export type SocketEvent = { event: string; messageId: number | undefined; seq: number | null; at: number };

type Frame = { type?: string; identifier?: string; message?: { event?: string; data?: { id?: number; users?: Record<string, string> }; seq?: number } | number };
type Identity = { pubsubToken: string; accountId: number; userId: number };

export class ReconnectingCable {
  readonly events: SocketEvent[] = [];
  reconnects = 0;
  private lastSeq: number | null = null;
  private socket: { ws: WebSocket; identifier: string } | undefined;
  private presence: { at: number; users: Record<string, string> } | undefined;
  private stopped = false;
  private readonly bases: () => string[];
  private readonly identity: Identity;
  private readonly reconnect: boolean;

  /** `reconnect: false` leaves the socket dead when its process dies (the presence canary). */
  constructor(bases: () => string[], identity: Identity, { reconnect = true } = {}) {
    this.bases = bases;
    this.identity = identity;
    this.reconnect = reconnect;
  }

  /** Connects and subscribes; answers once the subscription is confirmed. */
  async open(): Promise<void> {
    for (;;) {
      for (const base of this.bases()) {
        if (await this.connect(base)) return;
      }
      if (this.stopped) return;
      await sleep(200);
    }
  }

  close(): void {
    this.stopped = true;
    this.socket?.ws.close();
  }

  /** Asks for a presence snapshot (`update_presence`) and answers its users, or undefined without an answer. */
  async askPresence(timeoutMs = 3_000): Promise<Record<string, string> | undefined> {
    const asked = Date.now();
    const socket = this.socket;
    if (!socket || socket.ws.readyState !== WebSocket.OPEN) return undefined;
    socket.ws.send(JSON.stringify({ command: 'message', identifier: socket.identifier, data: JSON.stringify({ action: 'update_presence' }) }));
    while (Date.now() - asked < timeoutMs) {
      if (this.presence && this.presence.at >= asked) return this.presence.users;
      await sleep(50);
    }
    return undefined;
  }

  private connect(base: string): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/cable`);
      const identifier = JSON.stringify({
        channel: 'RoomChannel',
        pubsub_token: this.identity.pubsubToken,
        account_id: this.identity.accountId,
        user_id: this.identity.userId,
        ...(this.lastSeq === null ? {} : { last_seq: this.lastSeq }),
      });
      let confirmed = false;
      socket.onmessage = (raw) => {
        const frame = JSON.parse(String(raw.data)) as Frame;
        if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier }));
        else if (frame.type === 'confirm_subscription') {
          confirmed = true;
          this.socket = { ws: socket, identifier };
          resolve(true);
        } else if (frame.type === 'reject_subscription') socket.close();
        else if (typeof frame.message === 'object') this.record(frame.message);
      };
      socket.onerror = () => undefined; // followed by close
      socket.onclose = () => {
        if (!confirmed) return resolve(false);
        if (this.stopped || !this.reconnect) return;
        // dropped after subscribing (the API process died): come back where we stood
        this.reconnects += 1;
        void this.open();
      };
    });
  }

  private record(message: Exclude<Frame['message'], number | undefined>) {
    const event = message.event ?? '';
    const seq = typeof message.seq === 'number' ? message.seq : null;
    // as the dashboard: a presence snapshot says nothing of what we saw; a resync's seq is where we stand after it
    if (seq !== null && event !== 'presence.update') this.lastSeq = event === 'resync.required' ? seq : Math.max(this.lastSeq ?? 0, seq);
    if (event === 'presence.update') this.presence = { at: Date.now(), users: message.data?.users ?? {} };
    this.events.push({ event, messageId: message.data?.id, seq, at: Date.now() });
  }
}
