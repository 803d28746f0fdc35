import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { schema } from '@app/db';
import { buildTestApp, usingPglite, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createMember, type Member } from '../../test/factories.ts';
import { freePort, ownRedis, type OwnRedis } from '../../test/redis-server.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Short, so the test waits seconds rather than the production default's 30 s. */
const TTL_MS = 1500;
/** The documented bound: the TTL, then up to a refresh interval (a third of it), then the 250 ms coalescing. */
const BOUND_MS = TTL_MS + TTL_MS / 3 + 250;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** `api serve` on a free port, on the test's database and Redis; resolves once it answers /health. */
async function serve(t: TestContext, redisUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', 'src/main.ts', 'serve'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url!,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'serve-')),
      SECRET_KEY_BASE: t.config.secretKeyBase,
      RUN_WORKERS: 'false',
      WEBHOOK_POLL_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      REALTIME_PRESENCE_TTL_SECONDS: String(TTL_MS / 1000),
    },
    stdio: 'ignore',
  });
  await until(
    `api serve on ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`api serve exited with ${child.exitCode}`);
      return fetch(`http://127.0.0.1:${port}/health`).then((res) => res.ok, () => false);
    },
    45_000,
  );
  return { child, port };
}

type Presence = { users: Record<string, string> };

/** A socket on `port` subscribed to the member's account, keeping the presence snapshots it receives. */
async function cable(t: TestContext, port: number, member: Member) {
  const [row] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, member.user.id));
  const socket = new WebSocket(`ws://127.0.0.1:${port}/cable`);
  // a socket of the process the test kills ends with an error; that is the point, not a failure
  socket.on('error', () => undefined);
  const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: row!.token, account_id: member.accountId });
  const presence: Presence[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { message?: { event?: string; data?: Presence } };
    if (frame.message?.event === 'presence.update') presence.push(frame.message.data!);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  return {
    socket,
    latest: () => presence.at(-1)?.users ?? {},
    count: () => presence.length,
    askPresence: () => socket.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'update_presence' }) })),
  };
}

describe.skipIf(usingPglite())('presence when an API process is killed (two `api serve` processes, one Redis)', () => {
  let redis: OwnRedis;
  let t: TestContext;
  let admin: Member;
  let agent: Member;
  let doomed: { child: ChildProcess; port: number };
  let survivor: { child: ChildProcess; port: number };
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    redis = await ownRedis();
    t = await buildTestApp({ REDIS_URL: redis.url, RUN_WORKERS: 'false' });
    ({ admin } = await createAccountWithAdmin(t));
    agent = await createMember(t, admin.accountId, 'agent');
    [doomed, survivor] = await Promise.all([serve(t, redis.url), serve(t, redis.url)]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    doomed?.child.kill('SIGKILL');
    survivor?.child.kill('SIGKILL');
    await t?.close();
    await redis?.stop();
  });

  let watcher: Awaited<ReturnType<typeof cable>>;

  it('S0-7.68 the users of a process killed with SIGKILL go offline for the other processes within the TTL and a refresh', async () => {
    watcher = await cable(t, survivor.port, admin);
    const leaving = await cable(t, doomed.port, agent);
    sockets.push(watcher.socket, leaving.socket);
    await until('both users online', () => Object.keys(watcher.latest()).length === 2, 10_000);

    // no shutdown hook runs: the agent's entry is left in Redis, refreshed by nobody
    doomed.child.kill('SIGKILL');
    const killedAt = Date.now();
    await until('the agent to go offline', () => !(String(agent.user.id) in watcher.latest()), BOUND_MS + 3_000);
    const elapsed = Date.now() - killedAt;
    expect(watcher.latest()).toEqual({ [String(admin.user.id)]: 'online' });
    // not announced before the entry could have expired: it is the expiry, not a socket event, that did it
    expect(elapsed).toBeGreaterThanOrEqual(TTL_MS - TTL_MS / 3);

    // a read (what `update_presence` answers) no longer counts the agent either
    const seen = watcher.count();
    watcher.askPresence();
    await until('the answer to update_presence', () => watcher.count() > seen, 5_000);
    expect(watcher.latest()).toEqual({ [String(admin.user.id)]: 'online' });
  });

  it('a Redis that lost its data gets the live process\'s users back at its next refresh, announced', async () => {
    const seen = watcher.count();
    await t.redis!.flushall();
    await until('presence to be written and announced again', () => watcher.count() > seen, TTL_MS / 3 + 3_000);
    expect(watcher.latest()).toEqual({ [String(admin.user.id)]: 'online' });
  });
});
