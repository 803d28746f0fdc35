import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built app on its embedded defaults (PGlite, no Redis), in a fresh data dir, with a known admin.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN = { email: 'admin@example.com', password: 'Password123!', account: 'Acme Support' };
// Set once in the runner; workers inherit it, so specs can read the server's mail outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
export const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --experimental-strip-types ../apps/api/src/main.ts serve',
    url: `${BASE_URL}/api`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: DATA_DIR,
      DATABASE_URL: '',
      REDIS_URL: '',
      FRONTEND_URL: BASE_URL,
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      SEED_ACCOUNT_NAME: ADMIN.account,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  },
});
