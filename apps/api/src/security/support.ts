import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { schema } from '@app/db';
import type { App } from '../app.ts';
import type { TestContext } from '../../test/helpers.ts';

/** Helpers shared by the security suite's files. */

export type CableMessage = { event: string; data: Record<string, unknown>; seq: number };
export type CableFrame = { type?: string; identifier?: string; message?: CableMessage | number };

/** A real WebSocket client of `/cable` on a listening app that keeps every frame, so a test can wait for one or prove none came. */
export class CableClient {
  readonly frames: CableFrame[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as CableFrame);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  /** Connects (with the handshake headers given: a browser sends its cookies) and waits for ActionCable's welcome. */
  static async open(app: App, headers: Record<string, string> = {}): Promise<CableClient> {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new CableClient(new WebSocket(`ws://127.0.0.1:${port}/cable`, { headers }));
    await new Promise((resolve, reject) => client.socket.once('open', resolve).once('error', reject));
    await client.next((f) => f.type === 'welcome');
    return client;
  }

  /** Sends a subscribe command and answers `confirm_subscription` or `reject_subscription`. */
  async subscribe(identifier: Record<string, unknown>): Promise<string | undefined> {
    const text = JSON.stringify({ channel: 'RoomChannel', ...identifier });
    this.socket.send(JSON.stringify({ command: 'subscribe', identifier: text }));
    const answer = await this.next((f) => f.identifier === text && (f.type === 'confirm_subscription' || f.type === 'reject_subscription'));
    return answer.type;
  }

  async next(match: (f: CableFrame) => boolean, timeoutMs = 5000): Promise<CableFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.type ?? this.nameOf(f)))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The event messages received so far (presence and cache notices included). */
  events(): CableMessage[] {
    return this.frames.map((f) => f.message).filter((m): m is CableMessage => typeof m === 'object' && m !== null);
  }

  close() {
    this.socket.terminate();
  }

  private nameOf(f: CableFrame) {
    return typeof f.message === 'object' ? f.message.event : undefined;
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** A user's `/cable` pubsub token, as `GET /profile` hands it to the dashboard. */
export async function pubsubTokenOf(t: TestContext, userId: number): Promise<string> {
  const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, userId));
  return row!.token;
}
