import sharp from 'sharp';
import type { OcrFields } from '@app/shared/payments';
import { startTextReader, type TextReader } from './engine.ts';
import { extractFields } from './extract.ts';
import { createWorkerPool, type PoolOptions, type PoolStats } from './pool.ts';
import { preprocess } from './preprocess.ts';

export { ENGINE_VERSION } from './engine.ts';
export { OcrBusyError, OcrClosedError, OcrTimeoutError } from './pool.ts';

/** The image is not one OCR can read (not a raster image, or absurdly large). */
export class OcrImageError extends Error {
  constructor(message = 'is not a readable image') {
    super(message);
    this.name = 'OcrImageError';
  }
}

export type ScreenshotReading = { text: string; confidence: number; fields: OcrFields; durationMs: number };

export type ScreenshotReader = {
  read: (image: Buffer) => Promise<ScreenshotReading>;
  stats: () => PoolStats;
  close: () => Promise<void>;
};

export type ScreenshotReaderOptions = Omit<PoolOptions<TextReader>, 'start'> & { start?: () => Promise<TextReader> };

const READABLE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'tiff']);
/** 40 megapixels: beyond any phone screenshot; refused before decoding. */
const MAX_PIXELS = 40_000_000;

/** Checks the header only (no decode): a raster image of sane dimensions. */
async function checkImage(image: Buffer): Promise<void> {
  const meta = await sharp(image, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !READABLE_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new OcrImageError();
  if (meta.width * meta.height > MAX_PIXELS) throw new OcrImageError('is too large to read');
}

/**
 * Reads payment screenshots: preprocessing and recognition run inside the bounded worker pool (so the pool
 * bounds the sharp work too), field extraction after. One per process; `close` on shutdown.
 */
export function createScreenshotReader(options: ScreenshotReaderOptions): ScreenshotReader {
  const pool = createWorkerPool<TextReader>({ ...options, start: options.start ?? (() => startTextReader()) });
  return {
    async read(image) {
      await checkImage(image);
      const started = performance.now();
      const { text, confidence } = await pool.run(async (reader) => {
        // a header that parsed over a body that does not decode (a truncated upload)
        const prepared = await preprocess(image).catch(() => Promise.reject(new OcrImageError()));
        return reader.read(prepared);
      });
      return { text, confidence, fields: extractFields(text), durationMs: Math.round(performance.now() - started) };
    },
    stats: pool.stats,
    close: pool.close,
  };
}
