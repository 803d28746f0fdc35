import { existsSync } from 'node:fs';

/**
 * The browser the tests drive, from Debian's packages (browsers are never downloaded): CHROMIUM_PATH, else the old
 * headless shell (package chromium-headless-shell), else the full browser. The shell is what Playwright itself runs
 * headless by default: it draws no browser window, and the suite takes less than half the time the full browser needs
 * on two cores (docs/testing.md, "What keeps `.ci/run` under 20 minutes").
 */
export function findChromium(): string | undefined {
  return firstExisting([process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', ...FULL_BROWSERS]);
}

/** The full browser, for what the shell lacks: it shows no notifications, so the browser-push spec runs in this one. */
export function findFullChromium(): string | undefined {
  return firstExisting(FULL_BROWSERS);
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function firstExisting(paths: (string | undefined)[]): string | undefined {
  return paths.find((p): p is string => Boolean(p && existsSync(p)));
}
