// `pnpm test`: every suite of the project, then one closing line `tests: N passed, M failed`.
//   --quick      skip the second API run on PGlite and the browser tests
//   --no-e2e     skip the browser tests
// The API suite picks its Postgres and Redis itself (see apps/api/test/global-setup.ts) and says which.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const work = mkdtempSync(path.join(tmpdir(), 'app-tests-'));

type Outcome = { name: string; passed: number; failed: number; skipped: number; note?: string };
const outcomes: Outcome[] = [];

function vitest(name: string, cwd: string, env: Record<string, string> = {}): void {
  const report = path.join(work, `${name.replace(/\W+/g, '-')}.json`);
  process.stdout.write(`\n── ${name} ──\n`);
  const result = spawnSync('pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (!existsSync(report)) {
    outcomes.push({ name, passed: 0, failed: 1, skipped: 0, note: `vitest exited ${result.status} without a report` });
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  // A file that fails to load has no failed tests but a failed suite: count it, never hide it.
  const failed = json.numFailedTests + (json.numFailedTests === 0 ? json.numFailedTestSuites : 0);
  outcomes.push({ name, passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests });
  if (result.status !== 0 && failed === 0) outcomes.push({ name: `${name} (runner)`, passed: 0, failed: 1, skipped: 0, note: `exit ${result.status}` });
}

function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));
}

function e2e(): void {
  const name = 'e2e (Playwright, Chromium)';
  const chromium = chromiumPath();
  if (!chromium) {
    outcomes.push({ name, passed: 0, failed: 0, skipped: 0, note: 'skipped: no Chromium found (set CHROMIUM_PATH)' });
    return;
  }
  process.stdout.write(`\n── ${name} ──\n`);
  const report = path.join(work, 'e2e.json');
  const result = spawnSync('pnpm', ['exec', 'playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  if (!existsSync(report)) {
    outcomes.push({ name, passed: 0, failed: 1, skipped: 0, note: `playwright exited ${result.status} without a report` });
    return;
  }
  const { stats } = JSON.parse(readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  outcomes.push({ name, passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped });
}

vitest('shared (unit)', 'packages/shared');
vitest('api', 'apps/api');
if (!quick && process.env.TEST_DB !== 'pglite') vitest('api on PGlite (embedded mode)', 'apps/api', { TEST_DB: 'pglite', TEST_REDIS: 'none' });
vitest('web (unit)', 'apps/web');
if (!quick && !args.has('--no-e2e')) e2e();

rmSync(work, { recursive: true, force: true });
process.stdout.write('\n── summary ──\n');
for (const o of outcomes) {
  process.stdout.write(`${o.name.padEnd(34)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed ${String(o.skipped).padStart(3)} skipped${o.note ? `  (${o.note})` : ''}\n`);
}
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
