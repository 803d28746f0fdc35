// `pnpm bench:list-shapes`: the service time of every shape of the conversation list, and of the search page, on a big
// account, one request at a time (docs/benchmarks.md, "Nineteenth session", "Twentieth session"); not a timed test.
// `bench:conversations` measures the default tab under load; an agent also picks every status, a sort, a later page, a
// search or a filter, and searches for a name, a word or a UTR, and each of those has its own plan. Needs the database a `BENCH_KEEP=1 pnpm bench:conversations` run kept (relay_bench on
// BENCH_DATABASE_URL's server, default the local Postgres: account "Bench A", 200,000 conversations and 2,000,000
// messages; it adds a label to three conversations and three mentions, once). Starts one server process on it (no Redis) and sends each request BENCH_WARMUP (3) times, then
// BENCH_REQUESTS (10) times over one keep-alive connection; prints the median and the slowest in ms, the status and
// the body's size. BENCH_ONLY (comma-separated substrings) picks shapes.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile, say, startServer, stopServer } from './harness.ts';
import { encrypt, randomToken, sha256 } from '../apps/api/src/lib/crypto.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: '/relay_bench' }).toString();
const SECRET_KEY_BASE = 'relay-bench-secret-key-base-not-for-production-0123456789';
const WARMUP = Number(env.BENCH_WARMUP || 3);
const REQUESTS = Number(env.BENCH_REQUESTS || 10);
const ONLY = env.BENCH_ONLY?.split(',').map((piece) => piece.trim());

// a fresh administrator token of account A, and the ids the shapes name
const db = new pg.Client({ connectionString: DB_URL });
await db.connect();
const { rows: admins } = await db.query<{ account_id: number; admin_id: number }>(
  `SELECT a.id AS account_id, au.user_id AS admin_id FROM accounts a JOIN account_users au ON au.account_id = a.id AND au.role = 'administrator' WHERE a.name = 'Bench A'`,
);
if (!admins[0]) throw new Error('relay_bench has no account "Bench A": run `BENCH_KEEP=1 pnpm bench:conversations` first');
const { account_id: accountId, admin_id: adminId } = admins[0];
const token = randomToken(24);
await db.query(`UPDATE access_tokens SET token_hash = $2, token_encrypted = $3 WHERE owner_type = 'user' AND owner_id = $1`, [adminId, sha256(token), encrypt(SECRET_KEY_BASE, token)]);
const { rows: picked } = await db.query<{ inbox_id: number; name: string }>(
  `SELECT c.inbox_id, ct.name FROM conversations c JOIN contacts ct ON ct.id = c.contact_id WHERE c.account_id = $1 ORDER BY c.id DESC LIMIT 1 OFFSET 5000`,
  [accountId],
);
// a label three conversations carry and three mentions of the administrator (idempotent): the narrow conditions a
// read per status would have to walk every conversation of the status for
await db.query(`UPDATE conversations SET labels = labels || '{rare}' WHERE id IN (SELECT id FROM conversations WHERE account_id = $1 ORDER BY id LIMIT 3) AND NOT labels @> '{rare}'`, [accountId]);
await db.query(`INSERT INTO mentions (account_id, conversation_id, user_id) SELECT $1, id, $2 FROM conversations WHERE account_id = $1 ORDER BY id LIMIT 3 ON CONFLICT DO NOTHING`, [accountId, adminId]);
const { rows: utrs } = await db.query<{ utr: string }>(
  `SELECT substring(content from 'UTR ([0-9]{12})') AS utr FROM messages WHERE account_id = $1 AND content LIKE '%UTR%' ORDER BY id LIMIT 1 OFFSET 1000`,
  [accountId],
);
await db.end();
const utr = utrs[0]!.utr;
const { inbox_id: inboxId, name } = picked[0]!;
const firstName = encodeURIComponent(name.split(' ')[0]!);

const account = `/api/v1/accounts/${accountId}`;
const list = `${account}/conversations`;
const filter = (attribute: string, operator: string, values: unknown[]) => ({ payload: [{ attribute_key: attribute, filter_operator: operator, values, query_operator: null }] });
const shapes: { name: string; method?: 'POST'; path: string; body?: unknown }[] = [
  { name: 'open, latest (the default)', path: list },
  { name: 'open, page 2', path: `${list}?page=2` },
  { name: 'open, page 10', path: `${list}?page=10` },
  { name: 'open, page 40', path: `${list}?page=40` },
  { name: 'every status', path: `${list}?status=all` },
  { name: 'every status, page 2', path: `${list}?status=all&page=2` },
  { name: 'every status, unassigned', path: `${list}?status=all&assignee_type=unassigned` },
  { name: 'every status, one inbox', path: `${list}?status=all&inbox_id=${inboxId}` },
  { name: 'resolved, page 10', path: `${list}?status=resolved&page=10` },
  { name: 'open, priority first', path: `${list}?sort_by=sort_on_priority` },
  { name: 'open, priority last', path: `${list}?sort_by=priority_asc` },
  { name: 'every status, priority first', path: `${list}?status=all&sort_by=sort_on_priority` },
  { name: 'open, oldest activity', path: `${list}?sort_by=last_activity_at_asc` },
  { name: 'open, oldest created', path: `${list}?sort_by=created_at_asc` },
  { name: 'open, newest created', path: `${list}?sort_by=created_at_desc` },
  { name: 'open, waiting longest', path: `${list}?sort_by=sort_on_waiting_since` },
  { name: 'every status, newest created', path: `${list}?status=all&sort_by=created_at_desc` },
  { name: 'every status, waiting shortest', path: `${list}?status=all&sort_by=waiting_since_desc` },
  { name: 'open, one label', path: `${list}?labels[]=billing` },
  { name: 'every status, a rare label', path: `${list}?status=all&labels[]=rare` },
  { name: 'every status, mentions', path: `${list}?status=all&conversation_type=mention` },
  { name: 'every status, unattended', path: `${list}?status=all&conversation_type=unattended` },
  { name: 'every status, contact spoke last', path: `${list}?status=all&last_message_sender=contact` },
  { name: 'every status, active in 10 minutes', path: `${list}?status=all&updated_within=600` },
  { name: 'search, a common first name', path: `${list}/search?q=${firstName}` },
  { name: 'search, a common word', path: `${list}/search?q=pending` },
  { name: 'search, a UTR', path: `${list}/search?q=${utr}` },
  { name: 'filter: status open', method: 'POST', path: `${list}/filter`, body: filter('status', 'equal_to', ['open']) },
  { name: 'filter: created after a date', method: 'POST', path: `${list}/filter`, body: filter('created_at', 'is_greater_than', ['2020-01-01']) },
  { name: 'filter: one inbox', method: 'POST', path: `${list}/filter`, body: filter('inbox_id', 'equal_to', [inboxId]) },
  // what the sidebar counts
  { name: 'inboxes (the sidebar)', path: `${account}/inboxes` },
  { name: 'inboxes: open conversation counts', path: `${account}/inboxes/open_conversations_count` },
  // the search page (GET search, search/conversations, search/messages): a first name (8,333 contacts, no message), a
  // word every seeded message holds, none, a UTR
  { name: 'global search: a first name', path: `${account}/search?q=${firstName}` },
  { name: 'global search: a common word', path: `${account}/search?q=pending` },
  { name: 'conversations: a first name', path: `${account}/search/conversations?q=${firstName}` },
  { name: 'conversations: a common word', path: `${account}/search/conversations?q=pending` },
  { name: 'messages: a first name', path: `${account}/search/messages?q=${firstName}` },
  { name: 'messages: a common word', path: `${account}/search/messages?q=pending` },
  { name: 'messages: a common word, page 5', path: `${account}/search/messages?q=pending&page=5` },
  { name: 'messages: no such word', path: `${account}/search/messages?q=xyzzy` },
  { name: 'messages: a UTR', path: `${account}/search/messages?q=${utr}` },
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-list-shapes-'));
const server = await startServer({ dataDir, logFile: path.join(dataDir, 'server.log'), env: { DATABASE_URL: DB_URL, SECRET_KEY_BASE } });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const base = new URL(server.base);

function send(shape: (typeof shapes)[number]): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const body = shape.body === undefined ? undefined : JSON.stringify(shape.body);
    const started = performance.now();
    const request = http.request(
      { host: base.hostname, port: base.port, path: shape.path, method: shape.method ?? 'GET', agent, headers: { api_access_token: token, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

try {
  say(`list shapes on relay_bench, account A (node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), ${REQUESTS} requests each after ${WARMUP}, one connection`);
  say(`${'shape'.padEnd(36)} ${'median'.padStart(9)} ${'slowest'.padStart(9)}  status  ${'bytes'.padStart(7)}`);
  for (const shape of shapes) {
    if (ONLY && !ONLY.some((piece) => shape.name.includes(piece))) continue;
    for (let i = 0; i < WARMUP; i++) await send(shape);
    const times: number[] = [];
    let last = { status: 0, bytes: 0 };
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, ...rest } = await send(shape);
      times.push(ms);
      last = rest;
    }
    times.sort((a, b) => a - b);
    say(`${shape.name.padEnd(36)} ${`${percentile(times, 50).toFixed(1)} ms`.padStart(9)} ${`${times.at(-1)!.toFixed(1)} ms`.padStart(9)}  ${String(last.status).padStart(6)}  ${String(last.bytes).padStart(7)}`);
  }
} finally {
  agent.destroy();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
