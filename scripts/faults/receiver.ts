// The webhook receiver: one local HTTP server on a fixed port for the account webhook (/account) and the API
// inbox's webhook_url (/inbox). It can refuse connections (closed), answer 500, or hold one request unanswered.
import http from 'node:http';
import { once } from 'node:events';
import { onCleanup } from './infra.ts';

export type Target = 'account' | 'inbox';
export type Receipt = { target: Target; messageId: number; content: string; delivery: string; at: number };
export type ReceiverMode = 'up' | 'error';

export type Receiver = {
  receipts: Receipt[];
  /** Closes the listening socket and every open connection: senders get ECONNREFUSED. */
  refuse: () => Promise<void>;
  /** Listens again (if closed) and answers every request with `mode`. */
  serve: (mode: ReceiverMode) => Promise<void>;
  /** Calls `hook` with the next request's arrival and never answers that request; undefined cancels. */
  holdNext: (hook: (() => void) | undefined) => void;
};

export async function startReceiver(port: number): Promise<Receiver> {
  const receipts: Receipt[] = [];
  let mode: ReceiverMode = 'up';
  let hold: (() => void) | undefined;
  let listening = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hold) {
        const hook = hold;
        hold = undefined;
        hook();
        return; // the sender never gets an answer
      }
      if (mode === 'error') {
        res.writeHead(500).end('down for maintenance');
        return;
      }
      const target: Target = req.url?.startsWith('/inbox') ? 'inbox' : 'account';
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { event?: string; id?: number; content?: string };
      if (body.event === 'message_created' && typeof body.id === 'number') {
        receipts.push({ target, messageId: body.id, content: body.content ?? '', delivery: String(req.headers['x-chatwoot-delivery'] ?? ''), at: Date.now() });
      }
      res.writeHead(200).end('ok');
    });
  });
  const listen = async () => {
    if (listening) return;
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    listening = true;
  };
  await listen();
  onCleanup(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    receipts,
    refuse: async () => {
      if (!listening) return;
      listening = false;
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
    serve: async (next) => {
      mode = next;
      await listen();
    },
    holdNext: (hook) => {
      hold = hook;
    },
  };
}
