import type { CableEvent } from './types.ts';
import type { SocketFactory, SocketLike } from './cable-client.ts';

type Command = { command: string; identifier: string; data?: string };

/** A WebSocket stand-in that plays the /cable server in tests: the client's frames are kept, the server's pushed. */
export class FakeCableSocket implements SocketLike {
  readonly sent: Command[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Command);
  }

  close(): void {
    this.closed = true;
  }

  /** The identifier of the last subscribe command, parsed. */
  get subscription(): Record<string, unknown> | null {
    const subscribe = this.sent.filter((c) => c.command === 'subscribe').at(-1);
    return subscribe ? (JSON.parse(subscribe.identifier) as Record<string, unknown>) : null;
  }

  private get identifier(): string {
    const subscribe = this.sent.filter((c) => c.command === 'subscribe').at(-1);
    if (!subscribe) throw new Error('the client has not subscribed');
    return subscribe.identifier;
  }

  push(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  welcome(): void {
    this.push({ type: 'welcome' });
  }

  ping(): void {
    this.push({ type: 'ping', message: Math.floor(Date.now() / 1000) });
  }

  confirm(): void {
    this.push({ identifier: this.identifier, type: 'confirm_subscription' });
  }

  reject(): void {
    this.push({ identifier: this.identifier, type: 'reject_subscription' });
  }

  /** welcome, then confirm the subscription the client sends on it. */
  accept(): void {
    this.welcome();
    this.confirm();
  }

  event(event: string, data: Record<string, unknown>, seq?: number): void {
    this.push({ identifier: this.identifier, message: { event, data, ...(seq === undefined ? {} : { seq }) } });
  }

  /** The server (or the network) closes the connection. */
  drop(): void {
    this.closed = true;
    this.onclose?.({ code: 1006 });
  }
}

/** A socket factory recording every socket the client opens; `last` is the current one. */
export function fakeCable() {
  const sockets: FakeCableSocket[] = [];
  const factory: SocketFactory = (url) => {
    const socket = new FakeCableSocket(url);
    sockets.push(socket);
    return socket;
  };
  return {
    sockets,
    factory,
    get last(): FakeCableSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

/**
 * An event as a frame may bring it, any name with any payload: for tests of what handlers do with partial or
 * malformed data (the cable client hands frames on as typed events without checking their payloads).
 */
export const wireEvent = (event: string, data: unknown, seq: number | null = null): CableEvent => ({ event, data, seq }) as CableEvent;
