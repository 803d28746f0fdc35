// The counting fed real Playwright runs, not hand-written reports: a throwaway project under e2e/ (so it
// resolves e2e's @playwright/test) with specs that need no browser and no web server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countPlaywright, summarize, type PlaywrightReport } from './test-outcome.ts';

const e2e = path.resolve(import.meta.dirname, '../e2e');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function runPlaywright(specs: Record<string, string>) {
  dir = mkdtempSync(path.join(e2e, '.runner-test-'));
  writeFileSync(path.join(dir, 'playwright.config.mjs'), "export default { testDir: '.', retries: 1, workers: 1, reporter: [['json', { outputFile: 'report.json' }]] };\n");
  for (const [file, source] of Object.entries(specs)) writeFileSync(path.join(dir, file), source);
  const result = spawnSync('pnpm', ['exec', 'playwright', 'test', '--config', path.join(dir, 'playwright.config.mjs')], { cwd: e2e, encoding: 'utf8' });
  const file = path.join(dir, 'report.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport) : undefined;
  return { exitCode: result.status, signal: result.signal, report };
}

const passing = "import { test, expect } from '@playwright/test';\ntest('adds', () => expect(1 + 1).toBe(2));\n";

describe('countPlaywright on real Playwright runs', () => {
  it('fails the run when a spec does not import, where the report alone shows no failed test', () => {
    const run = runPlaywright({
      'ok.spec.mjs': passing,
      'broken.spec.mjs': "import { test } from '@playwright/test';\nimport { nothing } from './does-not-exist.mjs';\ntest('never runs', () => void nothing);\n",
    });
    expect(run.exitCode).not.toBe(0);
    // The hole this closes: no unexpected test, so counting stats alone said "0 failed".
    expect(run.report?.stats.unexpected).toBe(0);
    const outcome = countPlaywright('e2e', run);
    expect(outcome.failed).toBeGreaterThan(0);
    expect(outcome.notes.join()).toMatch(/does-not-exist/);
    expect(summarize([outcome]).exitCode).toBe(1);
  }, 60_000);

  it('names a test that passed only on its retry as flaky', () => {
    const run = runPlaywright({
      'ok.spec.mjs': passing,
      'flaky.spec.mjs': "import { test, expect } from '@playwright/test';\ntest.describe('retries', () => {\n  test('fails first', ({}, info) => expect(info.retry).toBe(1));\n});\n",
    });
    const outcome = countPlaywright('e2e', run);
    expect(outcome).toMatchObject({ passed: 2, failed: 0, flaky: ['flaky.spec.mjs › retries › fails first'] });
  }, 60_000);

  it('fails a run that found no test', () => {
    const run = runPlaywright({ 'empty.spec.mjs': "import '@playwright/test';\n" });
    const outcome = countPlaywright('e2e', run);
    expect(outcome.failed).toBeGreaterThan(0);
  }, 60_000);
});
