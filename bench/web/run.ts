// `pnpm bench:web`: what the web app costs the browser (not a timed test).
//   1. builds apps/web with a manifest into a temporary directory and sums, gzip, the JavaScript each screen
//      loads before it can run: the login screen (the entry and its static imports), the conversation list
//      (plus the app shell's chunk and the workspace chunk), a conversation open (plus the reply editor); the
//      biggest parts of the entry
//   2. serves that build and drives it in headless Chromium (/usr/bin/chromium, playwright-core) against an API
//      answered inside the browser (mock-api.ts), so the figures are the app's, not a server's:
//      - opening a conversation of 200 messages: click on its card → 200 messages in the DOM, painted; the first
//        visit of each conversation (its window fetched from the mock) and a return to it (from the cache)
//      - scrolling a list of 5,000 loaded conversations: rows in the DOM and frame times, scrolling steadily
//        (80 px a frame) and jumping (a random position each frame)
//   3. prints one table with the targets: login < 150 KB, workspace < 350 KB, 200-message render < 100 ms
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS (default 10: conversation opens per figure).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, say } from '../harness.ts';
import { launch } from './browser.ts';
import { buildWithManifest, chunkOf, entryOf, sizeOf, staticClosure, topSources } from './bundle-size.ts';
import { ACCOUNT_ID, mockApi, SESSION_COOKIE_VALUE } from './mock-api.ts';
import { serveApp } from './static-app.ts';

const RUNS = Number(process.env.BENCH_RUNS || 10);
const MESSAGES = 200;
const CONVERSATIONS = 5000;
const TARGETS = { loginKb: 150, workspaceKb: 350, renderMs: 100 };
const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

// --- 1. JavaScript per screen
const outDir = mkdtempSync(path.join(os.tmpdir(), 'relay-web-bench-'));
say('building apps/web with a manifest…');
const manifest = buildWithManifest(outDir);
const entry = entryOf(manifest);
const loginKeys = staticClosure(manifest, entry);
const shellKey = chunkOf(manifest, 'src/app/shell/app-shell.tsx');
const workspaceKey = chunkOf(manifest, 'src/features/conversations/pages/workspace-page.tsx');
const editorKey = chunkOf(manifest, 'src/features/conversations/editor/index.ts');
const listKeys = new Set([...loginKeys, ...staticClosure(manifest, shellKey), ...staticClosure(manifest, workspaceKey)]);
const openKeys = new Set([...listKeys, ...staticClosure(manifest, editorKey)]);
const login = sizeOf(manifest, outDir, loginKeys);
const list = sizeOf(manifest, outDir, listKeys);
const open = sizeOf(manifest, outDir, openKeys);
const shellAndWorkspace = sizeOf(manifest, outDir, [...listKeys].filter((key) => !loginKeys.has(key)));
const editorOnly = sizeOf(manifest, outDir, [...staticClosure(manifest, editorKey)].filter((key) => !listKeys.has(key)));

// --- 2. in Chromium
const app = await serveApp(outDir);
const browser = await launch();
type Figures = { cold: number[]; warm: number[]; scroll: { steady: Frames; jump: Frames }; firstRowsMs: number };
type Frames = { frames: number; p50: number; p95: number; max: number; long: number; maxRows: number };
let figures: Figures;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'cw_d_session_info', value: SESSION_COOKIE_VALUE, url: app.url, sameSite: 'Strict' }]);
  // The list shows every conversation: the tab that holds them all.
  await context.addInitScript((id) => localStorage.setItem(`relay:conversation-list:${id}`, JSON.stringify({ status: 'open', assigneeType: 'all', sortBy: 'latest' })), ACCOUNT_ID);

  // opening conversations of 200 messages
  const page = await context.newPage();
  await mockApi(page, { conversations: 40, messages: MESSAGES });
  await page.goto(`${app.url}/app/accounts/${ACCOUNT_ID}/conversations/1`);
  await page.locator('.cw-messages [data-message-id]').nth(MESSAGES - 1).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const openConversation = (id: number) =>
    page.evaluate(
      async ({ id, count }) => {
        const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const ready = () => document.querySelector('.cw-view__id')?.textContent === `#${id}` && document.querySelectorAll('.cw-messages [data-message-id]').length >= count;
        const card = document.querySelector<HTMLElement>(`.cw-card[data-conversation-id="${id}"]`);
        if (!card) throw new Error(`no card for conversation ${id}`);
        const started = performance.now();
        card.click();
        await new Promise<void>((resolve) => {
          if (ready()) return resolve();
          const observer = new MutationObserver(() => {
            if (!ready()) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        await painted();
        return performance.now() - started;
      },
      { id, count: MESSAGES },
    );
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) cold.push(await openConversation(2 + i));
  for (let i = 0; i < RUNS; i++) warm.push(await openConversation(2 + (i % RUNS)));
  await page.close();

  // scrolling 5,000 conversations
  const listPage = await context.newPage();
  await mockApi(listPage, { conversations: CONVERSATIONS, messages: 20 });
  const navigated = Date.now();
  await listPage.goto(`${app.url}/app/accounts/${ACCOUNT_ID}/inbox/1`);
  await listPage.locator('.cw-card').first().waitFor({ timeout: 30_000 });
  const firstRowsMs = Date.now() - navigated;
  await listPage.waitForTimeout(500);
  const scroll = (mode: 'steady' | 'jump') =>
    listPage.evaluate(
      async ({ mode, frames }) => {
        const scroller = document.querySelector<HTMLElement>('.cw-rows')!;
        scroller.scrollTop = 0;
        const deltas: number[] = [];
        let maxRows = 0;
        let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        for (let i = 0; i < frames; i++) {
          scroller.scrollTop = mode === 'steady' ? scroller.scrollTop + 80 : Math.random() * (scroller.scrollHeight - scroller.clientHeight);
          const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
          deltas.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, document.querySelectorAll('.cw-rows__item').length);
        }
        return { deltas, maxRows };
      },
      { mode, frames: 300 },
    );
  const summarize = ({ deltas, maxRows }: { deltas: number[]; maxRows: number }): Frames => {
    const sorted = [...deltas].sort((a, b) => a - b);
    return { frames: deltas.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)!, long: deltas.filter((d) => d > 33.4).length, maxRows };
  };
  figures = { cold, warm, scroll: { steady: summarize(await scroll('steady')), jump: summarize(await scroll('jump')) }, firstRowsMs };
} finally {
  await browser.close();
  await app.close();
}

// --- 3. the table
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
say('');
say('JavaScript per screen (gzip -9; a screen counts every chunk it loads before it runs)');
say(`  login                        ${fmt(kb(login.js)).padStart(7)} KB   target < ${TARGETS.loginKb} KB   ${mark(kb(login.js) < TARGETS.loginKb)}   (${login.files.length} file${login.files.length > 1 ? 's' : ''}; CSS ${fmt(kb(login.css))} KB)`);
say(`  conversation list (workspace) ${fmt(kb(list.js)).padStart(6)} KB   target < ${TARGETS.workspaceKb} KB   ${mark(kb(list.js) < TARGETS.workspaceKb)}   (shell and workspace chunks ${fmt(kb(shellAndWorkspace.js))} KB; CSS ${fmt(kb(list.css))} KB)`);
say(`  conversation open (+ editor)  ${fmt(kb(open.js)).padStart(6)} KB   target < ${TARGETS.workspaceKb} KB   ${mark(kb(open.js) < TARGETS.workspaceKb)}   (reply editor ${fmt(kb(editorOnly.js))} KB, loaded with the first conversation)`);
say(`  the entry's biggest parts (share of its original sources): ${topSources(outDir, manifest[entry]!.file)
  .map(({ name, share }) => `${name} ${Math.round(share * 100)}%`)
  .join(', ')}`);
say('');
say(`Opening a conversation of ${MESSAGES} messages (click → ${MESSAGES} messages in the DOM and painted), ${RUNS} runs`);
say(`  first visit (window fetched)   median ${fmt(median(figures.cold))} ms   p95 ${fmt(percentile([...figures.cold].sort((a, b) => a - b), 95))} ms`);
say(`  return visit (from the cache)  median ${fmt(median(figures.warm))} ms   p95 ${fmt(percentile([...figures.warm].sort((a, b) => a - b), 95))} ms   target < ${TARGETS.renderMs} ms   ${mark(median(figures.warm) < TARGETS.renderMs)}`);
say('');
say(`Scrolling ${CONVERSATIONS.toLocaleString('en')} loaded conversations (first rows after ${figures.firstRowsMs} ms, one answer of ${CONVERSATIONS.toLocaleString('en')})`);
for (const [name, f] of Object.entries(figures.scroll)) {
  say(`  ${name.padEnd(6)} ${f.frames} frames   p50 ${fmt(f.p50)} ms   p95 ${fmt(f.p95)} ms   max ${fmt(f.max)} ms   frames > 33 ms: ${f.long}   rows in the DOM at most: ${f.maxRows}`);
}
rmSync(outDir, { recursive: true, force: true });
