// Headless Chromium for the web benches and screenshots: Debian's /usr/bin/chromium driven by playwright-core,
// which the e2e package already brings (bench/ is not a dependant of it, so it is resolved through e2e).
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PlaywrightCore from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';

const fromE2e = createRequire(path.resolve(import.meta.dirname, '../../e2e/package.json'));
const fromTest = createRequire(fromE2e.resolve('@playwright/test/package.json'));
const fromPlaywright = createRequire(fromTest.resolve('playwright/package.json'));
const { chromium } = fromPlaywright('playwright-core') as typeof PlaywrightCore;

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** The web app keeps the five session headers as JSON in this cookie (@app/shared/auth SESSION_COOKIE). */
const SESSION_COOKIE = 'cw_d_session_info';
const SESSION_HEADERS = ['access-token', 'token-type', 'client', 'expiry', 'uid'];

/** Signs in through the API and hands the session to the browser context, as the e2e fixtures do. */
export async function signIn(context: BrowserContext, base: string, email: string, password: string): Promise<{ accountId: number; userId: number }> {
  const response = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`sign in: ${response.status}`);
  const session = Object.fromEntries(SESSION_HEADERS.map((h) => [h, response.headers.get(h)]));
  await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(JSON.stringify(session)), url: base, sameSite: 'Strict' }]);
  const { data } = (await response.json()) as { data: { account_id: number; id: number } };
  return { accountId: data.account_id, userId: data.id };
}
