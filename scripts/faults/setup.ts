// What the scenarios run against: the runner's own Postgres and Redis, two `api serve` processes (the client
// fails over between them like a load balancer), one `api worker`, the webhook receiver, and an account made by
// the processes' first start and the HTTP API: an API inbox whose webhook_url is the receiver, an account
// webhook, a few conversations and an agent whose socket the presence check watches.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, startPostgres, startRedis, type OwnPostgres, type OwnRedis } from './infra.ts';
import { startServe, startWorker, type AppProcess } from './processes.ts';
import { startReceiver, type Receiver } from './receiver.ts';

type Processes = {
  dir: string;
  pg: OwnPostgres;
  redis: OwnRedis;
  receiver: Receiver;
  env: Record<string, string>;
  /** The API processes by slot; a killed one is replaced in its slot (same port). */
  serve: AppProcess[];
  worker: AppProcess;
};

type Account = {
  accountId: number;
  admin: { id: number; token: string; pubsubToken: string };
  agent: { id: number; pubsubToken: string };
  conversations: number[];
};

export type World = Processes & Account;

const EMAIL = 'faults@example.com';
const PASSWORD = `Faults-${randomBytes(6).toString('hex')}`;

export async function buildWorld(dir: string, say: (line: string) => void): Promise<World> {
  const began = Date.now();
  const at = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;
  const [pg, redis, receiverPort, ports] = await Promise.all([startPostgres(dir), startRedis(), freePort(), Promise.all([freePort(), freePort()])]);
  const receiver = await startReceiver(receiverPort);
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    SECRET_KEY_BASE: randomBytes(48).toString('hex'),
    SEED_ADMIN_EMAIL: EMAIL,
    SEED_ADMIN_PASSWORD: PASSWORD,
    SMTP_URL: '',
    DB_POOL_SIZE: '5',
    // the workers run in `api worker` only, so killing it stops every delivery
    RUN_WORKERS: 'false',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // short timeout (a lease of 2 x timeout + 5 s), short backoff and a frequent sweep keep each scenario short
    WEBHOOK_TIMEOUT_SECONDS: '1',
    WEBHOOK_RETRY_BASE_MS: '250',
    WEBHOOK_POLL_INTERVAL_MS: '500',
    LOG_LEVEL: 'warn',
    // presence of a killed process expires after this TTL once the realtime branch's expiry lands (ignored before)
    REALTIME_PRESENCE_TTL_SECONDS: '2',
  };
  say(`postgres on ${pg.port}, redis on ${redis.port}, receiver on ${receiverPort} (${at()})`);
  // started together on the empty database, as a deploy does: one migrates and seeds under advisory locks, the
  // others wait for it (docs/operations.md "Upgrades")
  const logs = path.join(dir, 'logs');
  const [a, b, worker] = await Promise.all([
    startServe('serve-a', ports[0], env, logs),
    startServe('serve-b', ports[1], env, logs),
    startWorker('worker-1', { ...env, LOG_LEVEL: 'info' }, logs),
  ]);
  say(`2 x api serve and api worker up (${at()})`);
  const processes = { dir, pg, redis, receiver, env, serve: [a, b], worker };
  return { ...processes, ...(await populate(processes, `http://127.0.0.1:${receiverPort}`)) };
}

type Json = Record<string, unknown>;

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Json> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

async function populate(world: Processes, receiverBase: string): Promise<Account> {
  const base = world.serve[0]!.base!;
  const signIn = await call(base, 'POST', '/auth/sign_in', {}, { email: EMAIL, password: PASSWORD });
  const user = (signIn.data ?? signIn) as { id: number; access_token: string; pubsub_token: string; accounts: { id: number }[] };
  const accountId = user.accounts[0]!.id;
  const auth = { api_access_token: user.access_token };
  const account = `/api/v1/accounts/${accountId}`;
  const inbox = (await call(base, 'POST', `${account}/inboxes`, auth, { name: 'Faults API', channel: { type: 'api', webhook_url: `${receiverBase}/inbox` } })) as {
    id: number;
    inbox_identifier: string;
  };
  await call(base, 'POST', `${account}/webhooks`, auth, { url: `${receiverBase}/account`, subscriptions: ['message_created'] });
  const agent = (await call(base, 'POST', `${account}/agents`, auth, { name: 'Presence Canary', email: 'canary@example.com', role: 'agent' })) as { id: number };
  const publicInbox = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const conversations: number[] = [];
  for (let i = 0; i < 4; i++) {
    const contact = (await call(base, 'POST', `${publicInbox}/contacts`, {}, { name: `Customer ${i}` })) as { source_id: string };
    const conversation = (await call(base, 'POST', `${publicInbox}/contacts/${contact.source_id}/conversations`, {}, {})) as { id: number };
    conversations.push(conversation.id);
  }
  // an agent's pubsub token is handed to the agent's own dashboard only: read it where the server keeps it
  const agentToken = await world.pg.psql(`select pubsub_token from users where id = ${Number(agent.id)}`);
  return {
    accountId,
    admin: { id: user.id, token: user.access_token, pubsubToken: user.pubsub_token },
    agent: { id: agent.id, pubsubToken: agentToken },
    conversations,
  };
}

export const serveBases = (world: World) => world.serve.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.base!);

export async function replaceWorker(world: World, name: string): Promise<void> {
  world.worker = await startWorker(name, { ...world.env, LOG_LEVEL: 'info' }, path.join(world.dir, 'logs'));
}

export async function replaceServe(world: World, slot: number, name: string): Promise<void> {
  world.serve[slot] = await startServe(name, world.serve[slot]!.port!, world.env, path.join(world.dir, 'logs'));
}
