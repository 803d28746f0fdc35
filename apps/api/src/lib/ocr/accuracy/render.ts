import { chromium, type Browser } from 'playwright-core';
import { screenHtml } from './layouts.ts';
import type { Sample } from './samples.ts';

/** The Debian Chromium of the machine (no browser download); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A phone-sized screen (412 × 915 CSS px at 2.625 dppx: 1081 × 2402 pixels, like a common Android phone). */
const VIEWPORT = { width: 412, height: 915 };
const SCALE = 2.625;

export type Renderer = { render: (sample: Sample) => Promise<Buffer>; close: () => Promise<void> };

/** One headless Chromium that renders samples to PNG screenshots, one page reused for all of them. */
export async function startRenderer(): Promise<Renderer> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--font-render-hinting=none'] });
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: SCALE, offline: true });
  const page = await context.newPage();
  return {
    async render(sample) {
      await page.setContent(screenHtml(sample), { waitUntil: 'load' });
      return page.screenshot({ type: 'png', fullPage: false });
    },
    close: () => browser.close(),
  };
}
