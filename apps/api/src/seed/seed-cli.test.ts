import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-cli-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// The CLI always runs the embedded database here, so the suite's second (PGlite) pass would prove nothing new.
describe.skipIf(process.env.TEST_DB === 'pglite')('api seed --demo on the embedded database', () => {
  it('loads the demo into a running server: the CLI asks the server, which owns the database, over its control socket', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SEED_ADMIN_PASSWORD: 'Password123!',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    };
    server = spawn(process.execPath, ['--experimental-strip-types', main, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/api`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 600) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const seed = spawnSync(process.execPath, ['--experimental-strip-types', main, 'seed', '--demo'], { env, encoding: 'utf8', timeout: 180_000 });
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toMatch(/demo data loaded: Northwind Support, Globex Payments \(\d{2,} new conversations, 360 new payment records\)/);

    const signIn = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'maya@northwind.example', password: 'demo-password' }) });
    expect(signIn.status).toBe(200);
    const { data } = (await signIn.json()) as { data: { accounts: { id: number; name: string }[] } };
    const northwind = data.accounts.find((a) => a.name === 'Northwind Support')!;
    const headers = Object.fromEntries(['access-token', 'client', 'uid', 'token-type', 'expiry'].map((h) => [h, signIn.headers.get(h) ?? '']));
    const list = await fetch(`${base}/api/v1/accounts/${northwind.id}/conversations/meta?status=all`, { headers });
    expect(((await list.json()) as { meta: { all_count: number } }).meta.all_count).toBeGreaterThanOrEqual(40);

    // A second run changes nothing and says so.
    const again = spawnSync(process.execPath, ['--experimental-strip-types', main, 'seed', '--demo'], { env, encoding: 'utf8', timeout: 180_000 });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('(0 new conversations, 0 new payment records)');
  }, 240_000);
});
