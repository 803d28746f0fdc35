// How `pnpm test` counts a suite, kept free of processes and files so scripts/test-outcome.test.ts can feed
// it crashed runs and odd reports. The rule: a suite is green only if its process exited 0, it wrote a
// report, the report has no run-level errors and at least one test ran. Anything else counts as a failure.

export type Outcome = {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Tests that failed first and passed on a retry (counted in `passed`, named in the summary). */
  flaky: string[];
  notes: string[];
  /** Suites run more than once (the API suite on Postgres, then on PGlite) share a key. */
  runOf?: string;
};

/** How the suite's process ended; `report` is the parsed JSON report, undefined if none was written. */
export type Run<R> = { exitCode: number | null; signal?: string | null; report: R | undefined };

/** The parts of vitest's JSON report the runner reads. */
export type VitestReport = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  success?: boolean;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName?: string; failureMessages?: string[] | null }[];
  }[];
};

/** The parts of Playwright's JSON report (`JSONReport`) the runner reads. */
export type PlaywrightReport = {
  errors?: { message?: string }[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
};
type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; line?: number; tests: { status: string; projectName?: string }[] }[];
  suites?: PlaywrightSuite[];
};

function ended(run: Run<unknown>): string {
  return run.signal ? `was killed by ${run.signal}` : `exited ${run.exitCode ?? 'without a status'}`;
}

function firstLine(text: string | undefined): string {
  // Playwright's messages carry ANSI colours and stack traces: keep the first readable line.
  // eslint-disable-next-line no-control-regex
  const line = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).find(Boolean) ?? 'no message';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** Counts one vitest run. */
export function countVitest(name: string, run: Run<VitestReport>, runOf?: string): Outcome {
  const outcome: Outcome = { name, passed: 0, failed: 0, skipped: 0, flaky: [], notes: [], ...(runOf ? { runOf } : {}) };
  const report = run.report;
  if (!report) {
    outcome.failed = 1;
    outcome.notes.push(`vitest ${ended(run)} without a report`);
    return outcome;
  }
  outcome.passed = report.numPassedTests;
  outcome.skipped = report.numPendingTests + report.numTodoTests;
  outcome.failed = report.numFailedTests;
  // A test that passed yet carries failure messages failed first and passed on a retry (CI's --retry=1).
  outcome.flaky = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'passed' && (a.failureMessages?.length ?? 0) > 0)
      .map((a) => `${file.name.split('/').slice(-2).join('/')} › ${a.fullName ?? ''}`),
  );
  // A file that fails to load (syntax error, throwing import, failing beforeAll) has no failed test, only a
  // failed file: count each such file once.
  const brokenFiles = report.testResults
    ? report.testResults.filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'))
    : [];
  const broken = report.testResults ? brokenFiles.length : report.numFailedTests === 0 ? report.numFailedTestSuites : 0;
  if (broken > 0) {
    outcome.failed += broken;
    const names = brokenFiles.map((f) => f.name.split('/').slice(-2).join('/'));
    outcome.notes.push(`${broken} file${broken === 1 ? '' : 's'} failed to run${names.length ? `: ${names.join(', ')}` : ''}`);
  }
  if (outcome.failed === 0 && report.numPassedTests + report.numFailedTests === 0) {
    outcome.failed = 1;
    outcome.notes.push('ran no test');
  }
  if (outcome.failed === 0 && (run.exitCode !== 0 || run.signal)) {
    outcome.failed = 1;
    outcome.notes.push(`vitest ${ended(run)} although no test failed (an unhandled error?)`);
  }
  return outcome;
}

function flakyTests(suites: PlaywrightSuite[] | undefined, trail: string[] = []): string[] {
  const names: string[] = [];
  for (const suite of suites ?? []) {
    // The top-level suite's title is the file; nested ones are `test.describe` titles.
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'flaky') names.push([...here, spec.title].join(' › '));
      }
    }
    names.push(...flakyTests(suite.suites, here));
  }
  return names;
}

/** Counts one Playwright run. */
export function countPlaywright(name: string, run: Run<PlaywrightReport>): Outcome {
  const outcome: Outcome = { name, passed: 0, failed: 0, skipped: 0, flaky: [], notes: [] };
  const report = run.report;
  if (!report) {
    outcome.failed = 1;
    outcome.notes.push(`playwright ${ended(run)} without a report`);
    return outcome;
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  outcome.passed = expected + flaky;
  outcome.failed = unexpected;
  outcome.skipped = skipped;
  // Run-level errors: the web server did not start, a spec failed to import, globalSetup threw...
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    outcome.failed += errors.length;
    outcome.notes.push(`${errors.length} run error${errors.length === 1 ? '' : 's'}: ${firstLine(errors[0]?.message)}`);
  }
  const named = flakyTests(report.suites);
  outcome.flaky = named.length >= flaky ? named : [...named, ...Array.from({ length: flaky - named.length }, () => '(unnamed test)')];
  if (outcome.failed === 0 && expected + unexpected + flaky === 0) {
    outcome.failed = 1;
    outcome.notes.push('ran no test');
  }
  if (outcome.failed === 0 && (run.exitCode !== 0 || run.signal)) {
    outcome.failed = 1;
    outcome.notes.push(`playwright ${ended(run)} although no test failed`);
  }
  return outcome;
}

/** The parts of the fault runner's JSON report (scripts/faults/run.ts) the runner reads. */
export type FaultsReport = {
  scenarios: { name: string; ok: boolean; problems: string[] }[];
  /** Checks besides the scenarios; a known issue is reported, not failed (the runner's flag makes it fail). */
  checks: { name: string; ok: boolean; knownIssue: boolean; detail: string }[];
};

/** Counts one run of the fault runner: each scenario and check is a test. */
export function countFaults(name: string, run: Run<FaultsReport>): Outcome {
  const outcome: Outcome = { name, passed: 0, failed: 0, skipped: 0, flaky: [], notes: [] };
  const report = run.report;
  if (!report) {
    outcome.failed = 1;
    outcome.notes.push(`the fault runner ${ended(run)} without a report`);
    return outcome;
  }
  for (const s of report.scenarios) {
    if (s.ok) outcome.passed += 1;
    else {
      outcome.failed += 1;
      outcome.notes.push(`${s.name}: ${s.problems[0] ?? 'failed'}`);
    }
  }
  for (const c of report.checks) {
    if (c.ok) outcome.passed += 1;
    else if (c.knownIssue) outcome.notes.push(`known issue, not failing: ${c.name}: ${c.detail}`);
    else {
      outcome.failed += 1;
      outcome.notes.push(`${c.name}: ${c.detail}`);
    }
  }
  if (report.scenarios.length === 0) {
    outcome.failed = Math.max(outcome.failed, 1);
    outcome.notes.push('ran no scenario');
  }
  if (outcome.failed === 0 && (run.exitCode !== 0 || run.signal)) {
    outcome.failed = 1;
    outcome.notes.push(`the fault runner ${ended(run)} although nothing failed`);
  }
  return outcome;
}

/** A suite that could not be started at all (no Chromium, the web build failed...): one failure. */
export function notRun(name: string, reason: string): Outcome {
  return { name, passed: 0, failed: 1, skipped: 0, flaky: [], notes: [reason] };
}

/** The summary block; its last line is always `tests: N passed, M failed`. */
export function summarize(outcomes: Outcome[], repeated: { runOf: string; expected: string }[] = []): { lines: string[]; passed: number; failed: number; exitCode: 0 | 1 } {
  const lines: string[] = [];
  for (const o of outcomes) {
    const flaky = o.flaky.length ? ` ${String(o.flaky.length).padStart(3)} flaky` : '';
    const notes = o.notes.length ? `  (${o.notes.join('; ')})` : '';
    lines.push(`${o.name.padEnd(34)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed ${String(o.skipped).padStart(3)} skipped${flaky}${notes}`);
  }
  const flaky = outcomes.flatMap((o) => o.flaky.map((t) => `${o.name}: ${t}`));
  if (flaky.length) {
    lines.push(`flaky (failed, then passed on retry): ${flaky.length}`);
    for (const t of flaky) lines.push(`  - ${t}`);
  }
  for (const { runOf, expected } of repeated) {
    const runs = outcomes.filter((o) => o.runOf === runOf).map((o) => o.name);
    if (runs.length >= 2) lines.push(`ran twice: ${runOf} (${runs.join(', then ')})`);
    else lines.push(`ran once: ${runOf} (${runs[0] ?? 'not run'}; ${expected})`);
  }
  const passed = outcomes.reduce((n, o) => n + o.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed, 0);
  lines.push(`tests: ${passed} passed, ${failed} failed`);
  return { lines, passed, failed, exitCode: failed > 0 ? 1 : 0 };
}
