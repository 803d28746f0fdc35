import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The API serving the built web app (apps/web/dist) on its embedded defaults (PGlite, in-process jobs),
// in a fresh data dir, with a known administrator. Chromium is Debian's; browsers are never downloaded.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN = { email: 'admin@example.com', password: 'Password123!', account: 'Acme Support' };
// Chosen once in the runner; workers inherit it, so specs can read the server's mail outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
export const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './specs',
  // One server and one seeded administrator: specs run one after another.
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'ui',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --experimental-strip-types ../apps/api/src/main.ts serve',
    url: `${BASE_URL}/api`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SEED_ACCOUNT_NAME: ADMIN.account,
      FRONTEND_URL: BASE_URL,
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
  },
});
