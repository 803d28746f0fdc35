// `pnpm test`: every suite of the project, then one closing line `tests: N passed, M failed`.
//   --quick        skip the second API run on PGlite, the fault injection and the browser tests
//   --pglite-full  the second API run takes every file, not the PGlite smoke subset
//   --no-e2e       skip the browser tests
//   --no-build     do not build the web app before the browser tests (CI builds it just before)
//   --only=a,b     run only these suites: runner, shared, api, security, api-pglite, web, faults, e2e
//   other words    passed to Playwright as filters (`pnpm test --only=e2e specs/labels`)
// A suite counts as failed when its process fails, it writes no report, its report has run-level errors
// (Playwright's web server did not start, a spec did not import) or it ran no test; see test-outcome.ts.
// The API suite picks its Postgres and Redis itself (see apps/api/test/global-setup.ts) and says which.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../e2e/chromium.ts';
import { PGLITE_SMOKE } from './pglite-smoke.ts';
import { countFaults, countPlaywright, countVitest, notRun, summarize, type FaultsReport, type Outcome, type PlaywrightReport, type Run, type VitestReport } from './test-outcome.ts';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2).filter((a) => a !== '--');
const flags = new Set(argv.filter((a) => a.startsWith('--')));
const filters = argv.filter((a) => !a.startsWith('-'));
const quick = flags.has('--quick');
const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean);
const wanted = (suite: string): boolean => !only || only.includes(suite);
const work = mkdtempSync(path.join(tmpdir(), 'app-tests-'));

const outcomes: Outcome[] = [];

function readJson<R>(file: string): R | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as R;
  } catch {
    return undefined; // a truncated report is no report
  }
}

function ended(result: SpawnSyncReturns<Buffer>): { exitCode: number | null; signal: string | null } {
  // spawnSync's own failure (pnpm missing) leaves status null and sets error.
  return { exitCode: result.error ? -1 : result.status, signal: result.signal };
}

type VitestRun = {
  env?: Record<string, string>;
  /** The suite this run repeats on another setup (the summary says which ran twice). */
  runOf?: string;
  /** Files and `--exclude=` options for vitest. */
  args?: string[];
  /** Said on the suite's summary line. */
  note?: string;
};

function vitest(name: string, cwd: string, { env = {}, runOf, args: extra = [], note }: VitestRun = {}): void {
  const report = path.join(work, `${name.replace(/\W+/g, '-')}.json`);
  const infra = path.join(work, `${name.replace(/\W+/g, '-')}.infra`);
  process.stdout.write(`\n── ${name} ──\n`);
  // CI retries a failed test once, as it does the browser tests; one that passes only then is named flaky.
  const retry = process.env.CI ? ['--retry=1'] : [];
  const result = spawnSync('pnpm', ['exec', 'vitest', 'run', ...retry, ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env, TEST_INFRA_FILE: infra },
  });
  const run: Run<VitestReport> = { ...ended(result), report: readJson<VitestReport>(report) };
  // The API suite writes which database it used: name the run after it, so the summary says which ran.
  const used = existsSync(infra) ? readFileSync(infra, 'utf8').trim() : '';
  const database = /database: (\w+)/.exec(used)?.[1];
  const outcome = countVitest(database ? `${name} on ${database}` : name, run, runOf);
  if (used) outcome.notes.unshift(used);
  for (const arg of extra.filter((a) => a.startsWith('--exclude='))) outcome.notes.push(`left out: ${arg.slice('--exclude='.length)}`);
  if (note) outcome.notes.push(note);
  outcomes.push(outcome);
}

function e2e(): void {
  const name = 'e2e (Playwright, Chromium)';
  process.stdout.write(`\n── ${name} ──\n`);
  const chromium = findChromium();
  if (!chromium) {
    // Never a silent skip: `--no-e2e` is the way to leave the browser tests out on purpose.
    outcomes.push(notRun(name, 'no Chromium found: install it (apt-get install chromium-headless-shell) or set CHROMIUM_PATH; --no-e2e leaves the browser tests out'));
    return;
  }
  if (!flags.has('--no-build')) {
    // The browser tests run against apps/web/dist: build it, as CI does, so they never test a stale bundle.
    process.stdout.write('building the web app (pnpm build; --no-build skips it)\n');
    const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit', env: process.env });
    if (build.status !== 0) {
      outcomes.push(notRun(name, `the web build failed (pnpm build exited ${build.status ?? build.signal})`));
      return;
    }
  }
  const report = path.join(work, 'e2e.json');
  const result = spawnSync('pnpm', ['exec', 'playwright', 'test', '--reporter=list,json', ...filters], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  outcomes.push(countPlaywright(name, { ...ended(result), report: readJson<PlaywrightReport>(report) }));
}

/** Messages per fault scenario in `pnpm test`: half of `pnpm test:faults`'s default keeps the suite near a minute. */
const FAULT_MESSAGES = 150;

function faults(): void {
  const name = 'faults (fault injection)';
  process.stdout.write(`\n── ${name} ──\n`);
  const report = path.join(work, 'faults.json');
  const result = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', 'scripts/faults/run.ts', `--report=${report}`, `--messages=${FAULT_MESSAGES}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  outcomes.push(countFaults(name, { ...ended(result), report: readJson<FaultsReport>(report) }));
}

const pgliteRerun = !quick && process.env.TEST_DB !== 'pglite';
if (wanted('runner')) vitest('runner (scripts)', '.');
if (wanted('shared')) vitest('shared (unit)', 'packages/shared');
if (wanted('api')) vitest('api', 'apps/api', { runOf: 'api', args: ['--exclude=src/security/**'] });
// The security suite (apps/api/src/security, generated from the route table: tenancy and permissions, /cable, auth,
// SSRF, uploads, exports, bad input) has its own line, so its result is never lost among the API tests; it probes the
// HTTP layer, so it runs once, on the first database (`pnpm test:security` runs it alone).
if (wanted('security')) vitest('security', 'apps/api', { args: ['src/security'] });
// The second API run takes the PGlite smoke subset (pglite-smoke.ts); the security folder never runs there.
const pgliteFull = flags.has('--pglite-full');
if (wanted('api-pglite') && pgliteRerun) {
  vitest('api', 'apps/api', {
    env: { TEST_DB: 'pglite', TEST_REDIS: 'none' },
    runOf: 'api',
    args: pgliteFull ? ['--exclude=src/security/**'] : PGLITE_SMOKE,
    ...(pgliteFull ? {} : { note: `smoke subset: ${PGLITE_SMOKE.length} files (--pglite-full runs them all)` }),
  });
}
if (wanted('web')) vitest('web (unit)', 'apps/web');
// Its own Postgres cluster, Redis and API processes, killed and restarted under load (scripts/faults/run.ts).
if (wanted('faults') && !quick) faults();
if (wanted('e2e') && !quick && !flags.has('--no-e2e')) e2e();

rmSync(work, { recursive: true, force: true });
const why = quick ? '--quick skips the PGlite rerun' : !pgliteRerun ? 'TEST_DB=pglite: the first run was the PGlite run' : 'left out by --only';
const repeated = wanted('api') || wanted('api-pglite') ? [{ runOf: 'api', expected: why }] : [];
const { lines, exitCode } = summarize(outcomes, repeated);
process.stdout.write(`\n── summary ──\n${lines.join('\n')}\n`);
process.exit(exitCode);
