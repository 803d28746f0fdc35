// The runner's own infrastructure: a Postgres cluster and a redis-server on free ports in a temp dir, never the
// machine's. Everything started here is listed in `cleanups` and torn down synchronously on any exit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, chmodSync, mkdirSync, readdirSync, existsSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

const cleanups: (() => void)[] = [];

/** Registers a synchronous teardown; all run (last first) on exit, failure or SIGINT. */
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}

export function cleanUp(): void {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch {
      // one teardown failing must not leave the others undone
    }
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it answers a truthy value or `ms` pass (then undefined). */
export async function within<T>(ms: number, check: () => Promise<T | false | undefined> | T | false | undefined, everyMs = 100): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) return undefined;
    await sleep(everyMs);
  }
}

function postgresBin(name: string): string {
  if (spawnSync('which', [name]).status === 0) return name;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`).find((p) => existsSync(p));
  if (!found) throw new Error(`${name} is neither on PATH nor under /usr/lib/postgresql/*/bin`);
  return found;
}

export type OwnPostgres = { url: string; port: number; restart: (mode: 'fast' | 'immediate') => Promise<void>; psql: (sql: string) => Promise<string> };

/**
 * initdb + pg_ctl start in `dir`. initdb refuses root, so as root the cluster belongs to the `postgres` user and
 * its commands run through runuser. fsync is off: the runner tests crashes of processes, not of the disk.
 */
export async function startPostgres(dir: string): Promise<OwnPostgres> {
  const asRoot = process.getuid?.() === 0;
  const data = path.join(dir, 'pg');
  mkdirSync(data, { mode: 0o700 });
  if (asRoot) {
    chmodSync(dir, 0o755);
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error('running as root needs a `postgres` user to own the test cluster');
    chownSync(data, Number(ids.stdout), Number(gid.stdout));
  }
  const run = (bin: string, args: string[]) => {
    const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', postgresBin(bin), ...args] : [postgresBin(bin), ...args];
    return command(cmd!, rest);
  };
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${data} -c fsync=off -c full_page_writes=off -c max_connections=100`;
  await run('pg_ctl', ['-D', data, '-l', path.join(data, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  onCleanup(() => {
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    spawnSync(asRoot ? 'runuser' : postgresBin('pg_ctl'), asRoot ? ['-u', 'postgres', '--', postgresBin('pg_ctl'), ...args] : args, { stdio: 'ignore' });
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    // pg_ctl restart keeps the options the server was started with (postmaster.opts)
    restart: async (mode) => {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'restart', '-l', path.join(data, 'server.log')]);
    },
    psql: (sql) => command('psql', ['-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', sql]),
  };
}

export type OwnRedis = { url: string; port: number; start: () => Promise<void>; kill: () => Promise<void>; cli: (...args: string[]) => Promise<string> };

/** A redis-server without persistence: killing it and starting it again is a Redis that lost its data. */
export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (!child || !alive()) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    if (!(await within(10_000, () => accepts(port), 50))) throw new Error(`redis-server on ${port} did not start`);
  };
  onCleanup(() => {
    if (alive()) child!.kill('SIGKILL');
  });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, kill, cli: (...args) => command('redis-cli', ['-p', String(port), ...args]) };
}

/** Runs a command to its end; rejects with its output when it fails. */
export function command(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${(err || out).trim().slice(-600)}`))));
  });
}
