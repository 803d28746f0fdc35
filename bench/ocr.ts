// `pnpm bench:ocr`: OCR of payment screenshots (docs/ocr.md), not a timed test.
//   1. renders BENCH_OCR_SAMPLES payment screens (5 app-style layouts) in Chromium, each clean and in four
//      degradations (rotated 2-4°, JPEG q40, low contrast, half scale)
//   2. reads them one at a time through the production reader (preprocessing + a one-worker pool + field
//      extraction): share of fields read right (clean, degraded, per degradation, per field), time per image
//   3. memory: the process's RSS before any worker, with one warm worker, with two, and after closing
//   4. throughput of a two-worker pool over the clean screens
// Environment: BENCH_OCR_SAMPLES (default 40 → 200 images), BENCH_OCR_SEED, BENCH_OCR_SHOW=1 (print the misses),
// CHROMIUM_PATH (default /usr/bin/chromium).
// bench is not a dependant of the workspace packages; the API's sources are imported by path.
import { percentile, say } from './harness.ts';
import { createScreenshotReader } from '../apps/api/src/lib/ocr/screenshot-reader.ts';
import { ENGINE_VERSION } from '../apps/api/src/lib/ocr/engine.ts';
import { FIELDS, readSet, renderSet, summarize, type Tally } from '../apps/api/src/lib/ocr/accuracy/suite.ts';
import { DEGRADATIONS, VARIANTS } from '../apps/api/src/lib/ocr/accuracy/degrade.ts';

const env = process.env;
const SAMPLES = Number(env.BENCH_OCR_SAMPLES || 40);
const SEED = env.BENCH_OCR_SEED ? Number(env.BENCH_OCR_SEED) : undefined;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const rss = () => process.memoryUsage().rss;
const settle = () => new Promise((r) => setTimeout(r, 500));
const readerOptions = { idleMs: 600_000, queueLimit: 1_000, timeoutMs: 120_000 };

say(`engine ${ENGINE_VERSION}; rendering ${SAMPLES} screens × ${VARIANTS.length} variants in Chromium…`);
const started = performance.now();
const images = await renderSet(SAMPLES, undefined, SEED);
say(`rendered ${images.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// memory and accuracy with one worker
await settle();
const before = rss();
const single = createScreenshotReader({ ...readerOptions, size: 1 });
await single.read(images[0]!.image);
await settle();
const oneWorker = rss();
const results = await readSet(images, (image) => single.read(image));
const afterRun = rss();
await single.close();

// memory with two warm workers, then throughput of two workers over the clean screens
const clean = images.filter((i) => i.variant === 'clean');
const pair = createScreenshotReader({ ...readerOptions, size: 2 });
await Promise.all([pair.read(clean[0]!.image), pair.read(clean[1]!.image)]);
await settle();
const twoWorkers = rss();
const throughputStart = performance.now();
await Promise.all(clean.map((i) => pair.read(i.image)));
const pairSeconds = (performance.now() - throughputStart) / 1000;
await pair.close();
await settle();
const closed = rss();

const summary = summarize(results);
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const row = (name: string, t: Tally) => `| ${name} | ${t.right}/${t.fields} | ${pct(t.share)} | ${FIELDS.map((f) => pct(t.perField[f])).join(' | ')} |`;

say('');
say(`| images | fields read right | share | ${FIELDS.join(' | ')} |`);
say(`| --- | --- | --- | ${FIELDS.map(() => '---').join(' | ')} |`);
say(row('clean', summary.clean));
say(row('degraded (all four)', summary.degraded));
for (const variant of DEGRADATIONS) say(row(`  ${variant}`, summary.variants[variant]));
say(row('all four at once (stress)', summary.variants.combined));
say('');
say(`time per image (one worker, preprocessing + OCR + extraction): median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`);
say(`two workers: ${clean.length} clean images in ${pairSeconds.toFixed(1)} s (${(clean.length / pairSeconds).toFixed(2)} images/s)`);
say(`process RSS: ${mb(before)} before any worker; ${mb(oneWorker)} with one warm worker (+${mb(oneWorker - before)}); ${mb(afterRun)} after ${images.length} reads; ${mb(twoWorkers)} with two (+${mb(twoWorkers - before)}, ${mb((twoWorkers - before) / 2)} a worker); ${mb(closed)} after closing`);

if (env.BENCH_OCR_SHOW === '1') {
  for (const r of results.filter((x) => x.wrong.length)) {
    say(`miss ${r.sample.id} ${r.sample.layout}/${r.variant}: ${r.wrong.map((f) => `${f} got ${r.got[f]} want ${r.expected[f]}`).join('; ')}`);
  }
}
