import { WebSocket } from 'ws';
import type { App } from '../src/app.ts';

export type Frame = { type?: string; identifier?: string; message?: { event: string; data: Record<string, unknown>; seq: number } | number };

/** A ws client that keeps every frame so tests can wait for one or check that none came. */
export class CableClient {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  readonly socket: WebSocket;
  constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  static async open(app: App) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/cable`);
    const client = new CableClient(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return client;
  }
  async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.type ?? (f.message as { event?: string })?.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  /**
   * Waits for the welcome, sends a subscription with this identifier and answers the server's answer
   * (`confirm_subscription` or `reject_subscription`) to it.
   */
  async subscribe(identifier: string): Promise<Frame> {
    await this.next((f) => f.type === 'welcome');
    this.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    return this.next((f) => f.type === 'confirm_subscription' || f.type === 'reject_subscription');
  }
  events(name?: string) {
    return this.frames
      .map((f) => f.message)
      .filter((m): m is { event: string; data: Record<string, unknown>; seq: number } => typeof m === 'object' && m !== null)
      .filter((m) => !name || m.event === name);
  }
  event(name: string, timeoutMs?: number) {
    return this.next((f) => typeof f.message === 'object' && f.message?.event === name, timeoutMs).then((f) => f.message as { event: string; data: Record<string, unknown>; seq: number });
  }
  close() {
    this.socket.terminate();
  }
}

