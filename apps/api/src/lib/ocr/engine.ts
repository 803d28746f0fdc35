import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { correctGlyphs, greyPixels } from './glyphs.ts';

const require = createRequire(import.meta.url);

/**
 * The English LSTM model shipped in the npm package `@tesseract.js-data/eng` (its `4.0.0_best_int`
 * folder: tessdata_best converted to integers, 2.9 MB gzipped). Read from node_modules: with `langPath` set
 * to a folder (not a URL) tesseract.js reads the file from disk, and `cacheMethod: 'none'` stops it writing
 * a copy to the working directory. The wasm core comes from the `tesseract.js-core` dependency.
 */
const ENG_DATA_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const TESSERACT_VERSION = (require('tesseract.js/package.json') as { version: string }).version;

/**
 * Bump when preprocessing or the model changes: cached results of an older reader are ignored (ocr_results
 * is keyed by engine), so a better reader re-reads an image instead of answering a stale read.
 */
export const READER_REVISION = 1;
export const ENGINE_VERSION = `tesseract.js@${TESSERACT_VERSION}/eng-best-int/r${READER_REVISION}`;

export type RecognizedText = { text: string; confidence: number };

/** A started tesseract worker: one thread with its own wasm heap and the English model loaded. */
export type TextReader = {
  read: (image: Buffer) => Promise<RecognizedText>;
  terminate: () => Promise<void>;
};

/** Starts one tesseract worker that reads everything from local files (no network at any point). */
export async function startTextReader(options: { pageSegMode?: PSM; langPath?: string } = {}): Promise<TextReader> {
  const worker: Worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: options.langPath ?? ENG_DATA_DIR,
    gzip: true,
    cacheMethod: 'none',
  });
  // A screenshot is a column of separate lines and boxes: automatic segmentation without OSD.
  // preserve_interword_spaces keeps label and value apart on one row ("Amount      ₹500").
  await worker.setParameters({ tessedit_pageseg_mode: options.pageSegMode ?? PSM.AUTO, preserve_interword_spaces: '1', user_defined_dpi: '300' });
  return {
    async read(image) {
      const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
      const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
      const text = correctGlyphs(data.text, words, await greyPixels(image));
      return { text, confidence: data.confidence };
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
