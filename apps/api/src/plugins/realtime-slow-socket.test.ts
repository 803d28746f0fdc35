import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { schema } from '@app/db';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { conversationPayload } from '../../test/event-payloads.ts';
import { createAccountWithAdmin, createInbox, type Member } from '../../test/factories.ts';

/** The hub's limit (lib/realtime/hub.ts maxUnreadBytes). */
const LIMIT = 1024 * 1024;
const content = 'x'.repeat(4000);

async function until(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A subscribed /cable client counting what it reads: ActionCable pings (one per server heartbeat) and
 * events. `pause()` stops reading from TCP, as a stalled link or a frozen tab does.
 */
async function client(t: TestContext, member: Member) {
  const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, member.user.id));
  const address = t.app.server.address();
  const socket = new WebSocket(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cable`);
  const seen = { pings: 0, events: 0, confirmed: false, closeCode: 0, error: '' };
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { type?: string; message?: { event?: string } };
    if (frame.type === 'ping') seen.pings += 1;
    if (frame.type === 'confirm_subscription') seen.confirmed = true;
    if (frame.message?.event === 'conversation.read') seen.events += 1;
  });
  socket.on('error', () => undefined);
  socket.on('close', (code) => (seen.closeCode = code));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: row!.token, account_id: member.accountId });
  socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  await until('the subscription', () => seen.confirmed, 5_000);
  // ws keeps the TCP socket private; reading from it is what a stalled client stops doing
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  // ws closes on a TCP error without passing it on
  tcp.on('error', (err: NodeJS.ErrnoException) => (seen.error = err.code ?? err.message));
  return { socket, seen, pause: () => tcp.pause(), resume: () => tcp.resume() };
}

/** The server's side of the newest /cable connection, with the most it held for the client at any send. */
function serverSideOfNewest(t: TestContext) {
  const server = [...t.app.websocketServer.clients].at(-1)!;
  const held = { max: 0 };
  const send = server.send.bind(server);
  server.send = ((...args: Parameters<WebSocket['send']>) => {
    held.max = Math.max(held.max, server.bufferedAmount);
    return send(...args);
  }) as WebSocket['send'];
  return held;
}

describe('/cable: a client that stops reading', () => {
  let t: TestContext;
  let admin: Member;
  let inboxId: number;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ RUN_WORKERS: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await createAccountWithAdmin(t)).admin;
    inboxId = (await createInbox(t, admin.accountId)).id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await t?.close();
  });

  // an event no listener but the hub acts on (message events would also queue webhook relays)
  const flood = (n: number) => {
    for (let i = 0; i < n; i++) t.app.bus.publish({ name: 'conversation.read', accountId: admin.accountId, inboxId, data: conversationPayload({ id: i, inbox_id: inboxId, additional_attributes: { content } }) });
  };

  it('is dropped at the second heartbeat after 1 MB sent to it went unread, though the kernel took it all and before 3 pings go unanswered', async () => {
    const watcher = await client(t, admin);
    const slow = await client(t, admin);
    sockets.push(watcher.socket, slow.socket);
    const held = serverSideOfNewest(t);
    expect(t.app.realtime.connectionCount).toBe(2);

    // right after a heartbeat, so the slow client has answered its ping and only later ones go unanswered
    const before = watcher.seen.pings;
    await until('a heartbeat', () => watcher.seen.pings > before, 5_000);
    await new Promise((r) => setTimeout(r, 100));
    slow.pause();
    const pausedAt = watcher.seen.pings;

    // 400 events of 4 kB: 1.6 MB, less than the kernel's send and receive buffers take (~4 MB here)
    flood(400);
    await until('the watcher to read the flood', () => watcher.seen.events === 400, 10_000);
    const floodedAt = watcher.seen.pings;
    expect(floodedAt - pausedAt, 'the flood took more than a ping interval: the machine is too slow for this test').toBeLessThanOrEqual(1);

    await until('the slow socket to be dropped', () => t.app.realtime.connectionCount === 1, 15_000);
    await new Promise((r) => setTimeout(r, 100));
    // the heartbeat after the one whose ping followed the flood; the missed-pong rule would wait for pausedAt + 4
    expect(watcher.seen.pings).toBeLessThanOrEqual(floodedAt + 2);
    expect(watcher.seen.pings).toBeLessThan(pausedAt + 4);
    // the kernel took everything: this process never held the data (ws's bufferedAmount, the old measure, stayed low)
    expect(held.max).toBeLessThan(LIMIT);

    // reset, not closed: no close frame could get past the unread data, and the kernel drops what it held
    slow.resume();
    await until('the client to notice', () => slow.seen.closeCode !== 0, 5_000);
    expect(slow.seen.closeCode).toBe(1006);
    expect(slow.seen.error).toBe('ECONNRESET');
    expect(slow.seen.events).toBeLessThan(400);
  });

  it('is dropped as soon as this process holds 1 MB for it, so a flood faster than the kernel takes never piles up in memory', async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await until('earlier sockets to go', () => t.app.realtime.connectionCount === 0, 5_000);
    const slow = await client(t, admin);
    sockets.push(slow.socket);
    const held = serverSideOfNewest(t);
    slow.pause();

    // 2,500 events of 4 kB: 10 MB, far more than the kernel's buffers
    flood(2500);
    await until('the slow socket to be dropped', () => t.app.realtime.connectionCount === 0, 15_000);
    // checked before every send: the last frame sent found just under the limit queued, the next one was not sent
    expect(held.max).toBeGreaterThan(LIMIT - 5_000);
    expect(held.max).toBeLessThanOrEqual(LIMIT);

    slow.resume();
    await until('the client to notice', () => slow.seen.closeCode !== 0, 5_000);
    expect(slow.seen.closeCode).toBe(1006);
    expect(slow.seen.error).toBe('ECONNRESET');
  });
});
