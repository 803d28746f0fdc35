import sharp from 'sharp';

/** How a screenshot reaches operators: as taken, or worn by the way (photographed, re-sent, shrunk). */
export const DEGRADATIONS = ['rotated', 'jpeg40', 'low-contrast', 'half-scale'] as const;
/** Each degradation on its own, and all four at once (a stress figure, reported apart). */
export const VARIANTS = ['clean', ...DEGRADATIONS, 'combined'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * One degradation of a clean PNG: rotated by `angle` degrees (2-4, either way; white corners), re-encoded
 * as JPEG at quality 40, contrast squeezed to a third around light grey, or shrunk to half its size; or all
 * four in turn (shrunk, rotated, washed out, then saved as a JPEG).
 */
export async function degrade(png: Buffer, variant: Variant, angle = 3): Promise<Buffer> {
  const image = sharp(png);
  switch (variant) {
    case 'clean':
      return png;
    case 'combined': {
      let worn = png;
      for (const step of ['half-scale', 'rotated', 'low-contrast', 'jpeg40'] as const) worn = await degrade(worn, step, angle);
      return worn;
    }
    case 'rotated':
      return image.rotate(angle, { background: '#ffffff' }).png().toBuffer();
    case 'jpeg40':
      return image.jpeg({ quality: 40 }).toBuffer();
    case 'low-contrast':
      // pixel' = 0.35·pixel + 150: black becomes grey 150, white stays near 239
      return image.linear(0.35, 150).png().toBuffer();
    case 'half-scale': {
      const { width = 0 } = await image.metadata();
      return image.resize({ width: Math.round(width / 2) }).png().toBuffer();
    }
  }
}
