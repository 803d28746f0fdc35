import { extractFields } from '../extract.ts';
import { degrade, DEGRADATIONS, VARIANTS, type Variant } from './degrade.ts';
import { startRenderer } from './render.ts';
import { expectedFields, makeSamples, prng, type ExpectedFields, type Sample } from './samples.ts';

export const FIELDS = ['utr', 'amount', 'upi_id', 'date', 'time', 'status'] as const;
export type Field = (typeof FIELDS)[number];

/** Reads one image to text: the production path (preprocess + pool) or an experiment's variation of it. */
export type ReadImage = (image: Buffer) => Promise<{ text: string; confidence: number }>;

export type ImageResult = {
  sample: Sample;
  variant: Variant;
  expected: ExpectedFields;
  got: ExpectedFields;
  wrong: Field[];
  ms: number;
  confidence: number;
  text: string;
};

export type Tally = { fields: number; right: number; share: number; perField: Record<Field, number> };

/**
 * The screenshots of a run: each sample rendered once, then worn into the variants `variantsOf` gives it
 * (every variant unless told).
 */
export async function renderSet(count: number, variantsOf: (index: number) => readonly Variant[] = () => VARIANTS, seed?: number) {
  const samples = makeSamples(count, seed);
  const renderer = await startRenderer();
  const angles = prng(7);
  const images: { sample: Sample; variant: Variant; image: Buffer }[] = [];
  try {
    for (const [index, sample] of samples.entries()) {
      const png = await renderer.render(sample);
      for (const variant of variantsOf(index)) {
        // 2 to 4 degrees, either way
        const angle = (angles.next() < 0.5 ? -1 : 1) * (2 + angles.next() * 2);
        images.push({ sample, variant, image: await degrade(png, variant, angle) });
      }
    }
  } finally {
    await renderer.close();
  }
  return images;
}

export function compare(sample: Sample, variant: Variant, text: string): Pick<ImageResult, 'expected' | 'got' | 'wrong'> {
  const expected = expectedFields(sample);
  const fields = extractFields(text);
  const got: ExpectedFields = { utr: fields.utr, amount: fields.amount, upi_id: fields.upi_id, date: fields.date, time: fields.time, status: fields.status };
  return { expected, got, wrong: FIELDS.filter((f) => got[f] !== expected[f]) };
}

export async function readSet(images: Awaited<ReturnType<typeof renderSet>>, read: ReadImage): Promise<ImageResult[]> {
  const results: ImageResult[] = [];
  for (const { sample, variant, image } of images) {
    const started = performance.now();
    const { text, confidence } = await read(image);
    const ms = performance.now() - started;
    results.push({ sample, variant, ...compare(sample, variant, text), ms, confidence, text });
  }
  return results;
}

/** Share of fields read right over some results, overall and per field. */
export function tally(results: ImageResult[]): Tally {
  const perField = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  let right = 0;
  for (const r of results) {
    for (const f of FIELDS) {
      if (!r.wrong.includes(f)) {
        right++;
        perField[f]++;
      }
    }
  }
  const fields = results.length * FIELDS.length;
  for (const f of FIELDS) perField[f] = results.length ? perField[f] / results.length : 0;
  return { fields, right, share: fields ? right / fields : 0, perField };
}

/** Clean; the four single degradations together (the "degraded" figure); and each variant on its own. */
export function summarize(results: ImageResult[]) {
  const by = (keep: (r: ImageResult) => boolean) => tally(results.filter(keep));
  const single = new Set<Variant>(DEGRADATIONS);
  return {
    clean: by((r) => r.variant === 'clean'),
    degraded: by((r) => single.has(r.variant)),
    variants: Object.fromEntries(VARIANTS.map((v) => [v, by((r) => r.variant === v)])) as Record<Variant, Tally>,
  };
}
