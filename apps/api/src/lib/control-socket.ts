import { createServer, request, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import type { Logger } from './logger.ts';

/**
 * A local control channel of a running `api serve`: HTTP over a Unix socket in the data dir. The
 * embedded database belongs to one process, so CLI commands that must write while the server runs
 * (`api seed --demo`) ask the server to do it. Reachable only by who may open the data dir; never on
 * the network.
 */
export type ControlCommands = Record<string, () => Promise<unknown>>;

export async function startControlSocket(socketPath: string, commands: ControlCommands, log: Logger): Promise<Server | null> {
  rmSync(socketPath, { force: true });
  const server = createServer((req, res) => {
    const name = req.url?.replace(/^\//, '') ?? '';
    const command = req.method === 'POST' ? commands[name] : undefined;
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!command) return answer(404, { error: `unknown command ${name}` });
    command().then(
      (result) => answer(200, result ?? {}),
      (err: unknown) => {
        log.error({ err, command: name }, 'control command failed');
        answer(500, { error: err instanceof Error ? err.message : String(err) });
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (err) {
    // e.g. a path longer than the OS allows for a socket: the server runs on, the CLI says to stop it instead
    log.warn({ err, socketPath }, 'control socket unavailable');
    return null;
  }
  server.unref();
  return server;
}

/** Runs a command on the server listening at `socketPath`; rejects when nothing listens there. */
export function callControlSocket(socketPath: string, command: string, timeoutMs = 10 * 60_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: `/${command}`, method: 'POST', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const parsed = body ? (JSON.parse(body) as unknown) : {};
        if (res.statusCode === 200) resolve(parsed);
        else reject(new Error((parsed as { error?: string }).error ?? `the server answered ${res.statusCode}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('the server did not answer in time')));
    req.on('error', reject);
    req.end();
  });
}
