import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { SESSION_COOKIE, SESSION_HEADERS } from '@app/shared/auth';
import { ADMIN, serverFor, type Server } from './playwright.config.ts';

type Credentials = { email: string; password: string };

/** The server of the running test's worker (each worker has its own; see playwright.config.ts). */
export function currentServer(): Server {
  return serverFor(test.info().parallelIndex);
}

/**
 * Signs in through the API (faster and steadier than the form) and hands the session to the browser the way
 * the web app keeps it: the five session headers as JSON in the session cookie.
 */
export async function signInViaApi(page: Page, credentials: Credentials = ADMIN) {
  const response = await page.request.post('/auth/sign_in', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const headers = response.headers();
  const session = Object.fromEntries(SESSION_HEADERS.map((h) => [h, headers[h]]));
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: encodeURIComponent(JSON.stringify(session)), url: currentServer().url, sameSite: 'Strict' },
  ]);
  const { data } = (await response.json()) as { data: { account_id: number } };
  return { accountId: data.account_id };
}

/**
 * Moves a signed-in page between the app's screens the way a click on a link does, inside the running app (the
 * router reads the address on popstate), rather than loading the whole app again for each address; and waits for a
 * screen's requests. Listens from its creation on, so create it before the first `goto`.
 */
export function inAppNavigator(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    async follow(href: string) {
      await page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, href);
    },
    /**
     * Resolves once no request has been in flight for a quarter of a second since the call, so a screen's lazy code
     * and its data (and their errors) are all in: Playwright's `networkidle` waits twice as long. /cable is no request.
     */
    async settled(what: string) {
      lastChange = Date.now();
      await expect
        .poll(() => inFlight <= 0 && Date.now() - lastChange >= 250, { message: `${what}: requests still in flight`, intervals: [50], timeout: 20_000 })
        .toBe(true);
    },
  };
}

/** The newest message the server wrote to its outbox for `email`, quoted-printable undone. */
export function latestMailTo(email: string): string {
  const outbox = path.join(currentServer().dataDir, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const text = readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${email}`)) return text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  }
  throw new Error(`no mail to ${email} in ${outbox}`);
}

/**
 * The mail `action` makes the server send to `email`: the server sends some mails after answering (a password
 * reset does not wait for the mail server), so this waits for a mail newer than the one there before.
 */
export async function mailAfter(email: string, action: () => Promise<unknown>): Promise<string> {
  const newest = () => {
    try {
      return latestMailTo(email);
    } catch {
      return null; // none yet
    }
  };
  const before = newest();
  await action();
  await expect.poll(newest, { message: `a new mail to ${email}` }).not.toBe(before);
  return newest()!;
}

/** `adminPage`: a page already signed in as the seeded administrator, on their dashboard. */
export const test = base.extend<{ adminPage: Page & { accountId: number } }>({
  // Pages and request contexts talk to the worker's own server.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverFor(testInfo.parallelIndex).url),
  adminPage: async ({ page }, use) => {
    const { accountId } = await signInViaApi(page);
    await page.goto(`/app/accounts/${accountId}/dashboard`);
    await use(Object.assign(page, { accountId }));
  },
});

export { expect };
