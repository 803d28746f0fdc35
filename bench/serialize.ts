// `pnpm bench:serialize`: the conversation list's response serialization, zod against compiled (not a timed test).
//   1. creates a fresh database `relay_bench_serialize` on BENCH_DATABASE_URL's server (default the local Postgres)
//      and migrates it; BENCH_PGLITE=1 uses an embedded PGlite instead
//   2. builds the app twice on it (RESPONSE_SERIALIZER=zod and =compiled) and seeds 25 open conversations through
//      the test seed (apps/api/test/rich-conversations.ts: assignees, teams, labels, attributes, attachments…)
//   3. takes the list handler's result for one page (GET conversations?status=all) from a preSerialization hook
//   4. serializes that value, alternating in rounds: zod encode + JSON.stringify (what the zod serializer does),
//      the compiled fast-json-stringify function, and plain JSON.stringify (no check, no key stripping): µs each
//   5. app.inject of the same GET, alternating rounds between the two apps: requests/s, one at a time and 10 at once
// BENCH_ROUNDS (default 10), BENCH_ITERATIONS (serializations a round, default 500), BENCH_REQUESTS (a round, 100).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type Database } from '../packages/db/src/index.ts';
import { ConversationListSchema } from '../packages/shared/src/conversations.ts';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { responseSerializerCompiler } from '../apps/api/src/plugins/serializer.ts';
import { seedRichConversations } from '../apps/api/test/rich-conversations.ts';
import { adminQuery, freshDatabase, percentile, say } from './harness.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_serialize';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const PGLITE = env.BENCH_PGLITE === '1';
const ROUNDS = Number(env.BENCH_ROUNDS || 10);
const ITERATIONS = Number(env.BENCH_ITERATIONS || 500);
const REQUESTS = Number(env.BENCH_REQUESTS || 100);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-serialize-'));
const config = (mode: 'zod' | 'compiled') =>
  loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY_BASE: 'relay-bench-secret-key-base-not-for-production-0123456789',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    WEBHOOK_POLL_INTERVAL_MS: '0',
    RESPONSE_SERIALIZER: mode,
    ...(PGLITE ? {} : { DATABASE_URL: DB_URL }),
  });

type Figure = { mean: number; p50: number; cpu: number };

/**
 * Mean and p50 of per-call wall µs over rounds of `calls`, alternating between the entries, and the mean CPU µs of
 * this process per call (user + system: what the machine's other load does not inflate as much as wall time).
 */
async function alternate(entries: Record<string, () => unknown>, calls: number): Promise<Record<string, Figure>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(entries).map((k) => [k, []]));
  const cpu: Record<string, number> = Object.fromEntries(Object.keys(entries).map((k) => [k, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(entries)) {
      const began = performance.now();
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < calls; i++) await run();
      const used = process.cpuUsage(cpuBefore);
      samples[name]!.push(((performance.now() - began) * 1000) / calls);
      cpu[name]! += (used.user + used.system) / calls / ROUNDS;
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [name, { mean: values.reduce((a, b) => a + b, 0) / values.length, p50: percentile(sorted, 50), cpu: cpu[name]! }];
    }),
  );
}

let database: Database | undefined;
const apps: App[] = [];
try {
  if (!PGLITE) await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);
  database = await connect(PGLITE ? { dataDir: path.join(dataDir, 'db') } : { url: DB_URL, poolSize: 10 });
  if (PGLITE) await database.migrate();
  const zodApp = await buildApp({ config: config('zod'), database, logger: false });
  const compiledApp = await buildApp({ config: config('compiled'), database, logger: false });
  apps.push(zodApp, compiledApp);
  let captured: unknown;
  zodApp.addHook('preSerialization', async (_request, _reply, payload) => {
    captured = payload;
    return payload;
  });
  await Promise.all(apps.map((app) => app.ready()));

  const seeded = await seedRichConversations({ db: database.db, config: config('zod') }, 25);
  const request = { method: 'GET' as const, url: `/api/v1/accounts/${seeded.accountId}/conversations?status=all`, headers: seeded.admin.headers };
  const first = await zodApp.inject(request);
  const second = await compiledApp.inject(request);
  if (first.statusCode !== 200 || second.body !== first.body) throw new Error(`the two apps disagree: ${first.statusCode} ${first.body.slice(0, 200)}`);
  const value = captured;

  // the serializers the two apps gave the route (the schema is marked hot by the conversations module)
  const route = { schema: ConversationListSchema, method: 'GET', url: '/', httpStatus: '200' };
  const viaZod = responseSerializerCompiler('zod')(route) as (data: unknown) => string;
  const compiled = { stringify: responseSerializerCompiler('compiled')(route) as (data: unknown) => string };
  if (compiled.stringify(value) !== viaZod(value)) throw new Error('compiled and zod texts differ');
  const plain = JSON.stringify(value);

  say(`\nresponse serialization: GET conversations, one page of 25 (node ${process.version}, ${os.cpus().length} cores, ${PGLITE ? 'PGlite' : 'Postgres'})`);
  let at = 0;
  while (at < plain.length && plain[at] === first.body[at]) at++;
  say(`page: ${first.body.length.toLocaleString('en')} bytes as the API writes it; plain JSON.stringify of the handler's value: ${plain.length.toLocaleString('en')} bytes`);
  say(plain === first.body ? '  (the same text)' : `  (not the same text: from offset ${at} it writes …${plain.slice(Math.max(0, at - 40), at + 40)}… where the API writes …${first.body.slice(Math.max(0, at - 40), at + 40)}…)`);
  // warm-up, so the first round does not pay the JIT
  for (let i = 0; i < 200; i++) {
    viaZod(value);
    compiled.stringify(value);
    JSON.stringify(value);
  }
  const micro = await alternate({ 'zod encode + JSON.stringify': () => viaZod(value), 'compiled (fast-json-stringify)': () => compiled.stringify(value), 'JSON.stringify only': () => JSON.stringify(value) }, ITERATIONS);
  say(`\nserialization of the handler's value, ${ROUNDS} alternating rounds of ${ITERATIONS}:`);
  for (const [name, figure] of Object.entries(micro)) say(`  ${name.padEnd(32)} mean ${figure.mean.toFixed(1).padStart(7)} µs   p50 of rounds ${figure.p50.toFixed(1).padStart(7)} µs   cpu ${figure.cpu.toFixed(1).padStart(7)} µs`);

  for (let i = 0; i < 50; i++) await Promise.all([zodApp.inject(request), compiledApp.inject(request)]);
  const one = await alternate({ zod: () => zodApp.inject(request), compiled: () => compiledApp.inject(request) }, REQUESTS);
  const ten = await alternate(
    { zod: () => Promise.all(Array.from({ length: 10 }, () => zodApp.inject(request))), compiled: () => Promise.all(Array.from({ length: 10 }, () => compiledApp.inject(request))) },
    Math.max(1, Math.round(REQUESTS / 10)),
  );
  say(`\napp.inject GET conversations (auth, access, query, serialization), ${ROUNDS} alternating rounds:`);
  for (const name of ['zod', 'compiled'] as const) {
    say(
      `  ${name.padEnd(9)} one at a time ${(1e6 / one[name]!.mean).toFixed(0).padStart(5)} req/s (${(one[name]!.mean / 1000).toFixed(2)} ms, cpu ${(one[name]!.cpu / 1000).toFixed(2)} ms)` +
        `   10 at once ${((10 * 1e6) / ten[name]!.mean).toFixed(0).padStart(5)} req/s (cpu ${(ten[name]!.cpu / 10_000).toFixed(2)} ms a request)`,
    );
  }
} finally {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
  if (!PGLITE && env.BENCH_KEEP !== '1') await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
