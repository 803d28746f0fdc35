import sharp from 'sharp';

/*
 * Image preparation before OCR. Tesseract reads dark text on a light, level background best, with capital
 * letters some 25-40 pixels tall. Screenshots arrive in every size, sometimes as low-contrast JPEGs or
 * photos of a screen a few degrees off level. Each step below was kept because it raised the share of
 * fields read right on the accuracy set (docs/ocr.md has the figures).
 */

export type PreprocessOptions = {
  /** Images narrower than this are enlarged (2× at most) so small text has enough pixels. */
  minWidth: number;
  /** Wider images are shrunk to this width: more pixels only cost time. */
  maxWidth: number;
  /** Stretch the grey levels between the ink and the page's background to the full range (low-contrast images). */
  stretch: boolean;
  /** Binarise at this grey level (0-255), or not at all. */
  threshold: number | null;
  /** Measure the skew and straighten it when it is at least half a degree. */
  deskew: boolean;
};

export const DEFAULT_PREPROCESS: PreprocessOptions = { minWidth: 1000, maxWidth: 1600, stretch: true, threshold: null, deskew: true };

/** Skew angles tried, in degrees: ±5 in half-degree steps, then refined to a tenth around the best. */
const COARSE_STEP = 0.5;
const MAX_SKEW = 5;

/**
 * The angle (degrees, positive = clockwise) that levels the text: the rotation whose horizontal projection
 * of dark pixels is most peaked (text lines line up with pixel rows). Measured on a small copy.
 */
export async function measureSkew(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).grayscale().resize({ width: 600, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // dark pixels well below the image's mean grey: the ink
  let sum = 0;
  for (const v of data) sum += v;
  const cut = (sum / data.length) * 0.7;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < cut) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  const score = (degrees: number) => {
    const t = Math.tan((degrees * Math.PI) / 180);
    const rows = new Float64Array(height * 2 + width);
    const offset = width;
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! - xs[i]! * t) + offset]!++;
    let s = 0;
    for (const r of rows) s += r * r;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let a = -MAX_SKEW; a <= MAX_SKEW; a += COARSE_STEP) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  for (let a = best - COARSE_STEP; a <= best + COARSE_STEP; a += 0.1) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  return Math.round(best * 10) / 10;
}

/**
 * The page's background grey (the most common level) and the ink's (the darkest 0.5% of pixels, or the
 * lightest for a dark page), from a histogram of a small copy. Percentile stretching of the whole image
 * fails on receipts: text covers far less than 1% of a screenshot.
 */
async function greyLevels(image: Buffer): Promise<{ ink: number; background: number }> {
  const { data } = await sharp(image).grayscale().resize({ width: 400, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const histogram = new Array<number>(256).fill(0);
  for (const v of data) histogram[v]!++;
  const background = histogram.indexOf(Math.max(...histogram));
  const tail = data.length * 0.005;
  let seen = 0;
  let ink = background;
  if (background >= 128) {
    for (let v = 0; v < 256 && seen < tail; v++) [seen, ink] = [seen + histogram[v]!, v];
  } else {
    for (let v = 255; v >= 0 && seen < tail; v--) [seen, ink] = [seen + histogram[v]!, v];
  }
  return { ink, background };
}

/** The image as tesseract should see it: a grey PNG, levelled, at a readable size, with stretched contrast. */
export async function preprocess(input: Buffer, options: PreprocessOptions = DEFAULT_PREPROCESS): Promise<Buffer> {
  // honour the EXIF orientation of photos first: everything after works on upright pixels
  const upright = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate().grayscale().png().toBuffer();
  const { width = 0 } = await sharp(upright).metadata();
  let image = sharp(upright);
  if (options.deskew) {
    const skew = await measureSkew(upright);
    // the text leans by `skew`: turn it back; new corners are white like a receipt's background
    if (Math.abs(skew) >= 0.5) image = sharp(await image.rotate(-skew, { background: '#ffffff' }).png().toBuffer());
  }
  const target = width < options.minWidth ? Math.min(width * 2, options.minWidth) : width > options.maxWidth ? options.maxWidth : width;
  if (target !== width) image = image.resize({ width: target, kernel: 'lanczos3' });
  if (options.stretch) {
    const levels = await greyLevels(upright);
    // a dark-mode screenshot (light text on a dark page) is turned into dark text on a light one
    if (levels.background < 128) image = image.negate({ alpha: false });
    const [ink, background] = levels.background < 128 ? [255 - levels.ink, 255 - levels.background] : [levels.ink, levels.background];
    if (background - ink > 8 && background - ink < 230) {
      const a = 255 / (background - ink);
      image = image.linear(a, -ink * a);
    }
  }
  if (options.threshold !== null) image = image.threshold(options.threshold);
  return image.png({ compressionLevel: 1 }).toBuffer();
}
