// `pnpm bench:list-cpu`: Node CPU of one conversation-list request (docs/benchmarks.md, "List request CPU"); not a
// timed test. Seeds 25 rich open conversations (apps/api/test/rich-conversations.ts) on a fresh database
// `relay_bench_list_cpu` (BENCH_PGLITE=1: embedded PGlite), builds the app once (compiled serializer) and sends the
// list routes through app.inject: GET conversations?status=all, the same with a label, GET meta and POST filter,
// one at a time, in BENCH_ROUNDS (default 5) rounds of BENCH_REQUESTS (default 400) a route, alternating. Prints
// process CPU (user + system) per request: what the machine's other load inflates much less than wall time.
// BENCH_ROUTES=list,labels,meta,filter picks routes. Profile with
//   node --experimental-strip-types --cpu-prof --cpu-prof-dir=/tmp/prof bench/list-cpu.ts
// BENCH_HEAP_PROFILE=FILE samples what the request loop allocates, collected objects included (a .heapprofile for
// DevTools; `node --experimental-strip-types bench/heap-profile-top.ts FILE` sums it by function), and prints the
// bytes allocated a request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, type Database } from '../packages/db/src/index.ts';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/plugins/config.ts';
import { seedRichConversations } from '../apps/api/test/rich-conversations.ts';
import { adminQuery, callgrindCounting, freshDatabase, say } from './harness.ts';

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'relay_bench_list_cpu';
const DB_URL = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB_NAME}` }).toString();
const PGLITE = env.BENCH_PGLITE === '1';
const ROUNDS = Number(env.BENCH_ROUNDS || 5);
const REQUESTS = Number(env.BENCH_REQUESTS || 400);
const ROUTES = (env.BENCH_ROUTES || 'list,labels,meta,filter').split(',');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-list-cpu-'));
let database: Database | undefined;
let app: App | undefined;
try {
  if (!PGLITE) await freshDatabase(ADMIN_URL, DB_NAME, DB_URL);
  database = await connect(PGLITE ? { dataDir: path.join(dataDir, 'db') } : { url: DB_URL, poolSize: 10 });
  if (PGLITE) await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY_BASE: 'relay-bench-secret-key-base-not-for-production-0123456789',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    WEBHOOK_POLL_INTERVAL_MS: '0',
    RESPONSE_SERIALIZER: 'compiled',
    ...(PGLITE ? {} : { DATABASE_URL: DB_URL }),
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  const seeded = await seedRichConversations({ db: database.db, config }, 25);
  const base = `/api/v1/accounts/${seeded.accountId}/conversations`;
  const headers = seeded.admin.headers;
  const requests = {
    list: { method: 'GET' as const, url: `${base}?status=all`, headers },
    labels: { method: 'GET' as const, url: `${base}?status=all&labels[]=vip`, headers },
    meta: { method: 'GET' as const, url: `${base}/meta?status=all`, headers },
    filter: {
      method: 'POST' as const,
      url: `${base}/filter?page=1`,
      headers,
      payload: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }] },
    },
  };
  const chosen = Object.entries(requests).filter(([name]) => ROUTES.includes(name));
  for (const [name, request] of chosen) {
    const response = await app.inject(request);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  for (let i = 0; i < 200; i++) for (const [, request] of chosen) await app.inject(request);
  const cpu: Record<string, number[]> = Object.fromEntries(chosen.map(([name]) => [name, []]));
  const sys: Record<string, number[]> = Object.fromEntries(chosen.map(([name]) => [name, []]));
  const wall: Record<string, number[]> = Object.fromEntries(chosen.map(([name]) => [name, []]));
  // Under valgrind (BENCH_CALLGRIND=1, see docs/benchmarks.md): count instructions of the request loop alone.
  const callgrind = (on: boolean) => env.BENCH_CALLGRIND === '1' && callgrindCounting(on);
  callgrind(true);
  const heapProfile = env.BENCH_HEAP_PROFILE;
  const inspector = heapProfile ? new Session() : undefined;
  if (inspector) {
    inspector.connect();
    await inspector.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, request] of chosen) {
      const began = performance.now();
      const before = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) await app.inject(request);
      const used = process.cpuUsage(before);
      cpu[name]!.push((used.user + used.system) / REQUESTS);
      sys[name]!.push(used.system / REQUESTS);
      wall[name]!.push(((performance.now() - began) * 1000) / REQUESTS);
    }
  }
  callgrind(false);
  if (inspector && heapProfile) {
    const { profile } = await inspector.post('HeapProfiler.stopSampling');
    writeFileSync(heapProfile, JSON.stringify(profile));
    const sampled = profile.samples.reduce((sum, sample) => sum + sample.size, 0);
    say(`heap profile: ${heapProfile}; ~${(sampled / 1024 / (ROUNDS * REQUESTS * chosen.length)).toFixed(0)} KB allocated a request (sampled, every route)`);
    inspector.disconnect();
  }
  say(`\nlist request CPU (node ${process.version}, ${os.cpus().length} cores, ${PGLITE ? 'PGlite' : 'Postgres'}, load ${os.loadavg()[0]!.toFixed(1)}), ${ROUNDS} rounds of ${REQUESTS}:`);
  for (const [name] of chosen) {
    const sorted = [...cpu[name]!].sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    say(`  ${name.padEnd(7)} cpu mean ${mean(cpu[name]!).toFixed(0).padStart(5)} µs  min ${sorted[0]!.toFixed(0).padStart(5)} µs  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0).padStart(5)} µs (system ${mean(sys[name]!).toFixed(0).padStart(4)} µs)   wall mean ${mean(wall[name]!).toFixed(0).padStart(5)} µs`);
  }
} finally {
  await app?.close();
  await database?.close();
  if (!PGLITE && env.BENCH_KEEP !== '1') await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
