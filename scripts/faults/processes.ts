// `api serve` and `api worker` as child processes of the runner (apps/api/src/main.ts), each logging to its own
// file, killed with the runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { onCleanup, within } from './infra.ts';

const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(root, 'apps/api/src/main.ts');

export type AppProcess = { name: string; child: ChildProcess; logFile: string; base?: string; port?: number };

function launch(name: string, args: string[], env: Record<string, string>, logDir: string): AppProcess {
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  // Node's warnings stay on: what the driver deprecates shows in the logs (warningsIn)
  const child = spawn(process.execPath, ['--experimental-strip-types', main, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { name, child, logFile };
}

export function logTail(proc: AppProcess, lines = 15): string {
  try {
    const tail = readFileSync(proc.logFile, 'utf8').trimEnd().split('\n').slice(-lines);
    return tail.map((line) => (line.length > 240 ? `${line.slice(0, 237)}...` : line)).join('\n');
  } catch {
    return '(no log)';
  }
}

const exited = (proc: AppProcess) => proc.child.exitCode !== null || proc.child.signalCode !== null;

/** A process that ended without the runner killing it crashed: answers how it ended and its last lines. */
export function crashed(proc: AppProcess): string | undefined {
  if (!exited(proc)) return undefined;
  return `${proc.name} died (${proc.child.exitCode ?? proc.child.signalCode}) without being killed; its log ends:\n${logTail(proc, 8)}`;
}

/** Node warnings (`(node:pid) DeprecationWarning: …`) in the logs of `dir`, but the strip-types notice, counted. */
export function warningsIn(dir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.log'))) {
    for (const [, text] of readFileSync(path.join(dir, file), 'utf8').matchAll(/^\(node:\d+\) (\w*Warning: .*)$/gm)) {
      if (text!.startsWith('ExperimentalWarning')) continue;
      const key = `${file.replace(/\.log$/, '')}: ${text}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

/** `api serve` on `port`; resolves once GET /api answers 200. */
export async function startServe(name: string, port: number, env: Record<string, string>, logDir: string, timeoutMs = 60_000): Promise<AppProcess> {
  const proc = { ...launch(name, ['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(logDir, name) }, logDir), port, base: `http://127.0.0.1:${port}` };
  const up = await within(timeoutMs, async () => {
    if (exited(proc)) throw new Error(`${name} exited (${proc.child.exitCode ?? proc.child.signalCode}); its log:\n${logTail(proc)}`);
    return fetch(`${proc.base}/api`).then((r) => r.status === 200, () => false);
  });
  if (!up) throw new Error(`${name} did not answer GET /api within ${timeoutMs} ms; its log:\n${logTail(proc)}`);
  return proc;
}

/** `api worker`; resolves once it logs that it runs (LOG_LEVEL must let `info` through). */
export async function startWorker(name: string, env: Record<string, string>, logDir: string, timeoutMs = 60_000): Promise<AppProcess> {
  const proc = launch(name, ['worker'], { ...env, DATA_DIR: path.join(logDir, name) }, logDir);
  const up = await within(timeoutMs, () => {
    if (exited(proc)) throw new Error(`${name} exited (${proc.child.exitCode ?? proc.child.signalCode}); its log:\n${logTail(proc)}`);
    return logTail(proc, 50).includes('worker running');
  });
  if (!up) throw new Error(`${name} did not start within ${timeoutMs} ms; its log:\n${logTail(proc)}`);
  return proc;
}

export async function kill(proc: AppProcess): Promise<void> {
  if (exited(proc)) return;
  const gone = once(proc.child, 'exit');
  proc.child.kill('SIGKILL');
  await gone;
}
