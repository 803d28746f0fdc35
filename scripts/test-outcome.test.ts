import { describe, expect, it } from 'vitest';
import { countFaults, countPlaywright, countVitest, notRun, summarize, type FaultsReport, type PlaywrightReport, type VitestReport } from './test-outcome.ts';

const stats = (s: Partial<PlaywrightReport['stats']>): PlaywrightReport['stats'] => ({ expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...s });

function vitestReport(r: Partial<VitestReport>): VitestReport {
  return { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numFailedTestSuites: 0, ...r };
}

describe('countPlaywright', () => {
  it('counts a crash without a report as a failure', () => {
    const o = countPlaywright('e2e', { exitCode: 1, report: undefined });
    expect(o.failed).toBe(1);
    expect(o.notes.join()).toMatch(/exited 1 without a report/);
  });

  it('counts a run killed by a signal without a report as a failure', () => {
    const o = countPlaywright('e2e', { exitCode: null, signal: 'SIGKILL', report: undefined });
    expect(o.failed).toBe(1);
    expect(o.notes.join()).toMatch(/SIGKILL/);
  });

  it('counts a web server that did not start (report with errors, no test) as failed', () => {
    // What Playwright writes when config.webServer exits: zero stats and one run-level error.
    const report: PlaywrightReport = {
      errors: [{ message: '\u001b[31mError: Process from config.webServer was not able to start. Exit code: 1\u001b[39m\n    at stack' }],
      stats: stats({}),
      suites: [],
    };
    const o = countPlaywright('e2e', { exitCode: 1, report });
    expect(o.failed).toBe(1);
    expect(o.notes.join()).toBe('1 run error: Error: Process from config.webServer was not able to start. Exit code: 1');
  });

  it('counts a spec that fails to import as failed even when other tests passed', () => {
    const report: PlaywrightReport = {
      errors: [{ message: "Error: Cannot find module './missing.ts'" }],
      stats: stats({ expected: 40 }),
    };
    const o = countPlaywright('e2e', { exitCode: 1, report });
    expect(o).toMatchObject({ passed: 40, failed: 1 });
  });

  it('counts a run that ran no test as failed', () => {
    const o = countPlaywright('e2e', { exitCode: 0, report: { errors: [], stats: stats({ skipped: 3 }) } });
    expect(o).toMatchObject({ passed: 0, failed: 1, skipped: 3 });
    expect(o.notes).toEqual(['ran no test']);
  });

  it('counts a failing exit with an all-green report as failed', () => {
    const o = countPlaywright('e2e', { exitCode: 1, report: { errors: [], stats: stats({ expected: 5 }) } });
    expect(o).toMatchObject({ passed: 5, failed: 1 });
  });

  it('counts failed tests', () => {
    const o = countPlaywright('e2e', { exitCode: 1, report: { errors: [], stats: stats({ expected: 5, unexpected: 2 }) } });
    expect(o).toMatchObject({ passed: 5, failed: 2 });
  });

  it('reports tests that passed only on retry as flaky, by name, and counts them as passed', () => {
    const report: PlaywrightReport = {
      errors: [],
      stats: stats({ expected: 3, flaky: 1 }),
      suites: [
        {
          title: 'settings/labels.spec.ts',
          specs: [{ title: 'lists labels', tests: [{ status: 'expected' }] }],
          suites: [{ title: 'editing', specs: [{ title: 'renames a label', tests: [{ status: 'flaky' }] }, { title: 'deletes', tests: [{ status: 'expected' }] }] }],
        },
        { title: 'inbox.spec.ts', specs: [{ title: 'opens', tests: [{ status: 'expected' }] }] },
      ],
    };
    const o = countPlaywright('e2e', { exitCode: 0, report });
    expect(o).toMatchObject({ passed: 4, failed: 0, flaky: ['settings/labels.spec.ts › editing › renames a label'] });
    const { lines, exitCode } = summarize([o]);
    expect(exitCode).toBe(0);
    expect(lines).toContain('flaky (failed, then passed on retry): 1');
    expect(lines).toContain('  - e2e: settings/labels.spec.ts › editing › renames a label');
    expect(lines[0]).toMatch(/4 passed\s+0 failed\s+0 skipped\s+1 flaky/);
  });

  it('counts a clean run as green', () => {
    const o = countPlaywright('e2e', { exitCode: 0, report: { errors: [], stats: stats({ expected: 7, skipped: 1 }) } });
    expect(o).toMatchObject({ passed: 7, failed: 0, skipped: 1, flaky: [], notes: [] });
  });
});

describe('countVitest', () => {
  it('names a test that passed only on its retry (a pass with failure messages) as flaky and counts it as passed', () => {
    const report = vitestReport({
      numTotalTests: 2,
      numPassedTests: 2,
      testResults: [
        {
          name: '/repo/apps/web/src/features/agent-bots/pages/agent-bots.test.tsx',
          status: 'passed',
          assertionResults: [
            { status: 'passed', fullName: 'agent bot create page posts the bot', failureMessages: ['AssertionError: expected 1 to be 2'] },
            { status: 'passed', fullName: 'agent bot list shows bots', failureMessages: [] },
          ],
        },
      ],
    });
    const o = countVitest('web (unit)', { exitCode: 0, report });
    expect(o).toMatchObject({ passed: 2, failed: 0, flaky: ['pages/agent-bots.test.tsx › agent bot create page posts the bot'] });
    expect(summarize([o]).lines).toContain('flaky (failed, then passed on retry): 1');
  });

  it('counts a crash without a report as a failure', () => {
    expect(countVitest('api', { exitCode: 1, report: undefined })).toMatchObject({ failed: 1, notes: ['vitest exited 1 without a report'] });
  });

  it('counts a file that failed to load as a failure and names it', () => {
    const report = vitestReport({
      numPassedTests: 10,
      numTotalTests: 10,
      numFailedTestSuites: 1,
      testResults: [
        { name: '/repo/apps/api/src/modules/labels/labels.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        { name: '/repo/apps/api/src/modules/teams/teams.test.ts', status: 'failed', message: 'SyntaxError', assertionResults: [] },
      ],
    });
    const o = countVitest('api', { exitCode: 1, report });
    expect(o).toMatchObject({ passed: 10, failed: 1 });
    expect(o.notes).toEqual(['1 file failed to run: teams/teams.test.ts']);
  });

  it('does not count a file twice when its tests failed', () => {
    const report = vitestReport({
      numPassedTests: 1,
      numFailedTests: 2,
      numTotalTests: 3,
      numFailedTestSuites: 1,
      testResults: [{ name: '/a.test.ts', status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'failed' }, { status: 'passed' }] }],
    });
    expect(countVitest('api', { exitCode: 1, report })).toMatchObject({ passed: 1, failed: 2, notes: [] });
  });

  it('counts a run with no test as failed', () => {
    const o = countVitest('web', { exitCode: 0, report: vitestReport({}) });
    expect(o).toMatchObject({ failed: 1, notes: ['ran no test'] });
  });

  it('counts a failing exit with green tests (an unhandled error) as failed', () => {
    const o = countVitest('web', { exitCode: 1, report: vitestReport({ numPassedTests: 4, numTotalTests: 4, testResults: [] }) });
    expect(o).toMatchObject({ passed: 4, failed: 1 });
    expect(o.notes.join()).toMatch(/unhandled error/);
  });
});

describe('countFaults', () => {
  const scenario = (name: string, problems: string[] = []) => ({ name, ok: problems.length === 0, problems });
  const faults = (r: Partial<FaultsReport>): FaultsReport => ({ scenarios: [], checks: [], ...r });

  it('counts each scenario and check; a failed scenario is named with its first problem', () => {
    const report = faults({ scenarios: [scenario('worker SIGKILL'), scenario('Redis restarted empty', ['3 acknowledged message(s) not in Postgres: 7, 8, 9', 'more'])] });
    const o = countFaults('faults', { exitCode: 1, report });
    expect(o).toMatchObject({ passed: 1, failed: 1 });
    expect(o.notes).toEqual(['Redis restarted empty: 3 acknowledged message(s) not in Postgres: 7, 8, 9']);
  });

  it('a known issue does not fail the suite but is named', () => {
    const report = faults({ scenarios: [scenario('API SIGKILL')], checks: [{ name: 'presence after API SIGKILL', ok: false, knownIssue: true, detail: 'user 2 still online' }] });
    const o = countFaults('faults', { exitCode: 0, report });
    expect(o).toMatchObject({ passed: 1, failed: 0 });
    expect(o.notes).toEqual(['known issue, not failing: presence after API SIGKILL: user 2 still online']);
  });

  it('a crash without a report, a run with no scenario, or a failing exit with nothing failed counts as failed', () => {
    expect(countFaults('faults', { exitCode: 1, report: undefined })).toMatchObject({ failed: 1, notes: ['the fault runner exited 1 without a report'] });
    expect(countFaults('faults', { exitCode: 0, report: faults({}) })).toMatchObject({ failed: 1, notes: ['ran no scenario'] });
    expect(countFaults('faults', { exitCode: null, signal: 'SIGKILL', report: faults({ scenarios: [scenario('worker SIGKILL')] }) })).toMatchObject({ passed: 1, failed: 1 });
  });
});

describe('summarize', () => {
  it('ends with exactly `tests: N passed, M failed` and fails when any suite failed', () => {
    const { lines, exitCode } = summarize([
      { name: 'web (unit)', passed: 10, failed: 0, skipped: 0, flaky: [], notes: [] },
      notRun('e2e (Playwright, Chromium)', 'no Chromium found'),
    ]);
    expect(lines.at(-1)).toBe('tests: 10 passed, 1 failed');
    expect(exitCode).toBe(1);
  });

  it('says which suites ran twice', () => {
    const { lines, exitCode } = summarize(
      [
        { name: 'api on Postgres', passed: 5, failed: 0, skipped: 0, flaky: [], notes: [], runOf: 'api' },
        { name: 'api on PGlite', passed: 5, failed: 0, skipped: 0, flaky: [], notes: [], runOf: 'api' },
      ],
      [{ runOf: 'api', expected: '--quick skips the PGlite rerun' }],
    );
    expect(lines).toContain('ran twice: api (api on Postgres, then api on PGlite)');
    expect(lines.at(-1)).toBe('tests: 10 passed, 0 failed');
    expect(exitCode).toBe(0);
  });

  it('says when a suite ran once and why', () => {
    const { lines } = summarize([{ name: 'api on Postgres', passed: 5, failed: 0, skipped: 0, flaky: [], notes: [], runOf: 'api' }], [
      { runOf: 'api', expected: '--quick skips the PGlite rerun' },
    ]);
    expect(lines).toContain('ran once: api (api on Postgres; --quick skips the PGlite rerun)');
  });
});
