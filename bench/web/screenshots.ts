// `node --experimental-strip-types bench/web/screenshots.ts`: the conversation workspace at 1440×900 in headless
// Chromium, against a running server with the built app (WEB_BASE_URL, default http://127.0.0.1:3300), signed in as
// WEB_EMAIL / WEB_PASSWORD. Seeds the workspace first unless WEB_SEEDED=1. Writes docs/screenshots/conversations-*.png:
//   list          an inbox's conversations, nothing open
//   conversation  the richest conversation with its details column
//   empty         a list with nothing in it (mentions)
//   error         a list whose request fails (the API answers 500)
import path from 'node:path';
import { launch, signIn } from './browser.ts';
import { connect, seedWorkspace } from './seed-workspace.ts';

const BASE = process.env.WEB_BASE_URL ?? 'http://127.0.0.1:3300';
const EMAIL = process.env.WEB_EMAIL ?? 'admin@example.com';
const PASSWORD = process.env.WEB_PASSWORD ?? 'Password123!';
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');

const api = await connect(BASE, EMAIL, PASSWORD);
const seeded = process.env.WEB_SEEDED === '1' ? { accountId: api.accountId, inboxIds: [1], showcaseId: 1 } : await seedWorkspace(api);
const account = `${BASE}/app/accounts/${seeded.accountId}`;

const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'Europe/Lisbon' });
  await signIn(context, BASE, EMAIL, PASSWORD);
  // The list pane remembers its tab: show every conversation, open ones first.
  await context.addInitScript((id) => localStorage.setItem(`relay:conversation-list:${id}`, JSON.stringify({ status: 'open', assigneeType: 'all', sortBy: 'latest' })), seeded.accountId);
  const page = await context.newPage();
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
  };

  await page.goto(`${account}/inbox/${seeded.inboxIds[0]}`);
  await page.locator('.cw-card').first().waitFor();
  await settle();
  await page.screenshot({ path: path.join(OUT, 'conversations-list.png') });

  await page.goto(`${account}/inbox/${seeded.inboxIds[0]}/conversations/${seeded.showcaseId}`);
  await page.locator('[data-message-id]').first().waitFor();
  await page.locator('.cw-sidebar').waitFor();
  await settle();
  await page.screenshot({ path: path.join(OUT, 'conversations-conversation.png') });

  await page.goto(`${account}/mentions/conversations`);
  await page.getByText('No conversations here').waitFor();
  await settle();
  await page.screenshot({ path: path.join(OUT, 'conversations-empty.png') });

  await page.route(/\/api\/v1\/accounts\/\d+\/conversations\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }));
  await page.goto(`${account}/unattended/conversations`);
  await page.getByText('We could not load the conversations.').waitFor({ timeout: 15_000 });
  await settle();
  await page.screenshot({ path: path.join(OUT, 'conversations-error.png') });
  process.stdout.write(`screenshots written to ${OUT}\n`);
} finally {
  await browser.close();
}
