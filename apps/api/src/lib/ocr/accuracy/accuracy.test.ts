import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createScreenshotReader } from '../screenshot-reader.ts';
import { DEGRADATIONS } from './degrade.ts';
import { CHROMIUM } from './render.ts';
import { readSet, renderSet, summarize, type ImageResult } from './suite.ts';

/*
 * A small run of the accuracy suite (the full one is `pnpm bench:ocr`, docs/ocr.md): one screenshot of each
 * layout rendered in Chromium, read clean and with one degradation each, through the production reader.
 * The thresholds sit a margin under what the full run measures (98-99% clean, 97-98% degraded), so a change
 * that costs accuracy fails here. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */

const reader = createScreenshotReader({ size: 1, idleMs: 60_000, queueLimit: 20, timeoutMs: 30_000 });
afterAll(() => reader.close());

describe.skipIf(!existsSync(CHROMIUM))('OCR accuracy on rendered payment screenshots', () => {
  it('reads at least 93% of the fields of clean screenshots and 90% of degraded ones', { timeout: 120_000 }, async () => {
    // five samples, one per layout; each read clean and worn in one way (the ways taken in turn)
    const images = await renderSet(5, (i) => ['clean', DEGRADATIONS[i % DEGRADATIONS.length]!], 424_242);
    const results: ImageResult[] = await readSet(images, async (image) => reader.read(image));
    const { clean, degraded } = summarize(results);
    const misses = results.filter((r) => r.wrong.length).map((r) => `${r.sample.layout}/${r.variant}: ${r.wrong.map((f) => `${f} ${r.got[f]} ≠ ${r.expected[f]}`).join(', ')}`);
    expect(clean.share, misses.join('\n')).toBeGreaterThanOrEqual(0.93);
    expect(degraded.share, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
