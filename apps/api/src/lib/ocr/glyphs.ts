import sharp from 'sharp';

/*
 * Second looks at single glyphs the English model gets wrong in payment screenshots, by their shape in the
 * image (tesseract gives each symbol's box):
 * - The rupee sign (₹) is not in the model's character set: tesseract reads it as X, %, £, as nothing, or,
 *   worst, as a digit ("₹4,049" → "34,049"). A misread letter is harmless (the field rules expect those),
 *   a misread digit changes the amount. So the first glyph of every number-like word is checked: ₹ is the
 *   one character with a bar across the whole top, a second bar across the whole width below it, and a leg
 *   that ends at the bottom right only. 7 and 5 have the top bar but no second one; 4 ends at the bottom
 *   right but has no top bar; 3 and 2 are round at the top.
 * - A 1 next to letters ("lakshmi162@apl", "rohitsingh11@okaxis") is read as l: the language model prefers
 *   letters among letters. A sans-serif l is a plain bar; a 1 has a flag (and often a foot), so its ink is
 *   much wider than its stroke. An l beside a digit (or ending the name before an @) that wide is a 1.
 */

export type Box = { x0: number; y0: number; x1: number; y1: number };
export type GreyImage = { data: Buffer; width: number; height: number };
type Word = { text: string; bbox: Box; symbols: { text: string; bbox: Box }[] };

/** The ink of a box: true where the pixel is darker than the middle between the box's lightest and darkest. */
function inkOf(image: GreyImage, box: Box): { ink: boolean[][]; width: number; height: number } | null {
  const [x0, y0] = [Math.max(0, box.x0), Math.max(0, box.y0)];
  const [x1, y1] = [Math.min(image.width, box.x1), Math.min(image.height, box.y1)];
  if (x1 - x0 < 6 || y1 - y0 < 10) return null;
  let [lo, hi] = [255, 0];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = image.data[y * image.width + x]!;
      [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
    }
  }
  if (hi - lo < 40) return null;
  const cut = (lo + hi) / 2;
  const rows: boolean[][] = [];
  for (let y = y0; y < y1; y++) {
    const row: boolean[] = [];
    for (let x = x0; x < x1; x++) row.push(image.data[y * image.width + x]! < cut);
    rows.push(row);
  }
  // trim to the glyph's own box
  const used = (r: boolean[]) => r.some(Boolean);
  while (rows.length && !used(rows[0]!)) rows.shift();
  while (rows.length && !used(rows[rows.length - 1]!)) rows.pop();
  if (rows.length < 10) return null;
  let left = 0;
  let right = rows[0]!.length - 1;
  while (left < right && rows.every((r) => !r[left])) left++;
  while (right > left && rows.every((r) => !r[right])) right--;
  const ink = rows.map((r) => r.slice(left, right + 1));
  return { ink, width: right - left + 1, height: ink.length };
}

/** Share of columns with ink somewhere in rows [from, to). */
function columnCover(ink: boolean[][], width: number, from: number, to: number): number {
  let covered = 0;
  for (let x = 0; x < width; x++) if (ink.slice(from, to).some((r) => r[x])) covered++;
  return covered / width;
}

/** Whether a glyph has the rupee sign's shape (see the comment at the top). */
export function looksLikeRupee(image: GreyImage, box: Box): boolean {
  const glyph = inkOf(image, box);
  if (!glyph) return false;
  const { ink, width, height } = glyph;
  const band = Math.max(1, Math.round(height * 0.1));
  const topBar = columnCover(ink, width, 0, band) >= 0.85;
  // a second bar: below the top one, in the upper 45%, a row inked across nearly the whole width
  let secondBar = false;
  let gap = false;
  for (let y = band; y < Math.round(height * 0.45); y++) {
    const cover = ink[y]!.filter(Boolean).length / width;
    if (cover < 0.6) gap = true;
    else if (gap && cover >= 0.85) secondBar = true;
  }
  // the bottom rows: ink only in the right half (the end of the leg)
  const bottom = ink.slice(height - band);
  const bottomLeft = bottom.some((r) => r.slice(0, Math.floor(width / 2)).some(Boolean));
  const bottomRight = bottom.some((r) => r.slice(Math.floor(width / 2)).some(Boolean));
  return topBar && secondBar && bottomRight && !bottomLeft;
}

/** A glyph read as l, I or | that is much wider than its stroke: a 1 with its flag (and foot). */
export function looksLikeOne(image: GreyImage, box: Box): boolean {
  const glyph = inkOf(image, box);
  if (!glyph) return false;
  const { ink, width, height } = glyph;
  // the stroke: the narrowest inked run across the middle rows
  const runs = ink.slice(Math.round(height * 0.35), Math.round(height * 0.65)).map((r) => r.filter(Boolean).length).filter((n) => n > 0);
  if (runs.length === 0) return false;
  const stroke = Math.min(...runs);
  return width >= stroke * 2.2 && width / height >= 0.25;
}

const NUMBER_WORD = /^\S?\d[\d,.]*\d$/;
const ONE_LIKE = new Set(['l', 'I', '|']);

type Symbol = Word['symbols'][number];

/** A word's text after the glyph checks, or null when nothing changed. */
function correctWord(word: Word, image: GreyImage): string | null {
  const symbols = word.symbols;
  if (symbols.map((s) => s.text).join('') !== word.text) return null;
  const texts = symbols.map((s) => s.text);
  let changed = false;
  const first = symbols[0];
  if (first && symbols.length >= 3 && NUMBER_WORD.test(word.text) && looksLikeRupee(image, first.bbox)) {
    // the first glyph was the sign, whatever it was read as (a digit, X, %, £)
    texts[0] = '₹';
    changed = true;
  }
  // a run of l/I/| ("ll" in "rohitsinghll@") beside a digit, or ending an address's name before its @
  const isDigit = (s: Symbol | undefined) => s !== undefined && /^\d$/.test(s.text);
  for (let start = 0; start < symbols.length; start++) {
    if (!ONE_LIKE.has(symbols[start]!.text)) continue;
    let end = start;
    while (end + 1 < symbols.length && ONE_LIKE.has(symbols[end + 1]!.text)) end++;
    const after = symbols[end + 1];
    if (isDigit(symbols[start - 1]) || isDigit(after) || after?.text === '@') {
      for (let i = start; i <= end; i++) {
        if (looksLikeOne(image, symbols[i]!.bbox)) {
          texts[i] = '1';
          changed = true;
        }
      }
    }
    start = end;
  }
  return changed ? texts.join('') : null;
}

/**
 * The recognised text with the glyph checks applied. `words` in reading order, as tesseract gives them;
 * `text` is tesseract's text of the same page.
 */
export function correctGlyphs(text: string, words: Word[], image: GreyImage): string {
  let out = '';
  let cursor = 0;
  for (const word of words) {
    const corrected = correctWord(word, image);
    if (corrected === null) continue;
    const at = text.indexOf(word.text, cursor);
    if (at < 0) continue;
    out += text.slice(cursor, at) + corrected;
    cursor = at + word.text.length;
  }
  return out + text.slice(cursor);
}

/** The grey pixels of an image, for correctGlyphs. */
export async function greyPixels(image: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(image).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
