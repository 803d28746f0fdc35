import { mkdirSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

// Each worker has its own API serving the built web app (apps/web/dist) on its embedded defaults (PGlite,
// in-process jobs), in a fresh data dir, with a known administrator: a spec file runs against one server, its
// tests in order, and two files never share a database. Chromium is Debian's; browsers are never downloaded.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
// One server and one browser per core, at most two: the embedded database is single-threaded, so a second
// server nearly halves the run on two cores, while a third would only queue behind them.
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism())));
export const ADMIN = { email: 'admin@example.com', password: 'Password123!', account: 'Acme Support' };
// Chosen once in the runner; workers inherit it, so specs can read their server's mail outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-'));

export type Server = { url: string; dataDir: string };
/** The server of the worker in slot `parallelIndex` (`test.info().parallelIndex`; the fixtures pass it). */
export function serverFor(parallelIndex: number): Server {
  const slot = parallelIndex % WORKERS;
  return { url: `http://127.0.0.1:${BASE_PORT + slot}`, dataDir: path.join(process.env.E2E_DATA_DIR!, `server-${slot}`) };
}

const servers = Array.from({ length: WORKERS }, (_, slot) => serverFor(slot));
for (const server of servers) mkdirSync(server.dataDir, { recursive: true });

export default defineConfig({
  testDir: './specs',
  // Files are shared out between the workers; the tests of one file run in order on one server.
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  // The longest walks (an invitation, a team and its wizard; an inbox's four settings screens) take 20-30 s on a
  // quiet 2-core machine and longer on a loaded one: at 30 s they timed out halfway in a fresh-clone check.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not the screencast: recording it
    // doubled the suite's time on two cores (docs/testing.md, "What keeps `.ci/run` under 20 minutes").
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'ui',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium() ?? '/usr/bin/chromium-headless-shell',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: servers.map((server) => ({
    command: 'node --experimental-strip-types ../apps/api/src/main.ts serve',
    url: `${server.url}/api`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: new URL(server.url).port,
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SEED_ACCOUNT_NAME: ADMIN.account,
      FRONTEND_URL: server.url,
      // Embedded defaults whatever the shell exports.
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      // Every spec signs in; the default limit (10 a minute per address) is for real clients.
      AUTH_RATE_LIMIT_MAX: '1000',
      // Specs start local receivers for webhooks and dashboard apps.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  })),
});
