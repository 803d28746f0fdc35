import sharp from 'sharp';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A small payment-receipt PNG drawn from text lines (sharp renders the SVG with the system fonts), for tests
 * that need a real image to read: one line per row, dark on white, 34 px text.
 */
export function receiptPng(lines: string[], options: { width?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 760;
  const lineHeight = 64;
  const height = 80 + lines.length * lineHeight;
  const text = lines
    .map((line, i) => `<text x="40" y="${80 + i * lineHeight}" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#1f1f1f">${esc(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
