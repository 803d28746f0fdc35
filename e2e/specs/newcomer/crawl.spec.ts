import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { currentServer, expect, inAppNavigator, signInViaApi, test } from '../../fixtures.ts';

// A newcomer's walk: load the demo into the running server the way the README says (`api seed --demo`, which
// talks to the server over its control socket on the embedded database), then, for each kind of user, follow
// every link of the sidebars and the settings menu. None may lead to "Page not found", throw in the page or
// meet a server error.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEMO_PASSWORD = 'demo-password';

const USERS = [
  { who: 'an administrator', email: 'maya@northwind.example' },
  { who: 'an agent', email: 'daniel@northwind.example' },
  { who: 'a checker', email: 'priya@northwind.example' },
  { who: 'a custom-role user', email: 'lucas@northwind.example' },
  { who: 'a custom-role user with only the knowledge base', email: 'amara@northwind.example' },
];

// Links that leave the dashboard on purpose (documentation, API docs, the public widget...).
const isAppLink = (href: string) => href.startsWith('/app/');

// Screens reached under many addresses: one conversation, contact, inbox, team or label is like the next, so two of
// each are walked. Every other address is a screen of its own (each channel's form, each integration, each report).
const PARAMETRIC = [
  /\/conversations\/\d+/,
  /\/contacts\/\d+/,
  /\/inbox\/\d+/,
  /\/team\/\d+/,
  /\/label\/[^/]+$/,
  /\/labels\/[^/]+\/contacts/,
  /\/settings\/inboxes\/\d+/,
  /\/settings\/teams\/\d+/,
  /\/checker-view\/\d+/,
];
const kindOf = (target: string) => PARAMETRIC.find((pattern) => pattern.test(target))?.source;
const PER_KIND = 2;

async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter(isAppLink).map((href) => href.split('#')[0]!))];
}

test.describe('[newcomer] the demo, walked by every kind of user', () => {
  test.beforeAll(() => {
    execFileSync(process.execPath, ['--experimental-strip-types', 'apps/api/src/main.ts', 'seed', '--demo'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: currentServer().dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: 'pipe',
      timeout: 120_000,
    });
  });

  for (const user of USERS) {
    test(`${user.who} finds no dead link in the sidebars and the settings menu`, async ({ page }) => {
      test.setTimeout(180_000);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()} on ${page.url()}`);
      });

      const navigator = inAppNavigator(page);
      const { accountId } = await signInViaApi(page, { email: user.email, password: DEMO_PASSWORD });
      const start = `/app/accounts/${accountId}/dashboard`;
      await page.goto(start);
      await expect(page.getByRole('navigation').first()).toBeVisible();

      // Breadth-first over the links the user is shown, starting from the dashboard and the settings home.
      const queue = [start, `/app/accounts/${accountId}/settings`];
      const seen = new Set<string>();
      const perKind = new Map<string, number>();
      while (queue.length > 0 && seen.size < 80) {
        const target = queue.shift()!;
        if (seen.has(target)) continue;
        const kind = kindOf(target);
        if (kind) {
          perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
          if (perKind.get(kind)! > PER_KIND) continue;
        }
        seen.add(target);
        if (seen.size > 1) await navigator.follow(target);
        await navigator.settled(target);
        await expect(page.getByText('Page not found'), `${target} (shown as ${page.url()})`).toHaveCount(0);
        for (const href of await linksOn(page)) if (!seen.has(href)) queue.push(href);
      }

      expect(problems).toEqual([]);
      expect(seen.size).toBeGreaterThan(1);
    });
  }
});
