import sharp from 'sharp';

/** How a screenshot reaches operators: as taken, or worn by the way (photographed, re-sent, shrunk). */
export const VARIANTS = ['clean', 'rotated', 'jpeg40', 'low-contrast', 'half-scale'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * One degradation of a clean PNG: rotated by `angle` degrees (2-4, either way; white corners), re-encoded
 * as JPEG at quality 40, contrast squeezed to a third around light grey, or shrunk to half its size.
 */
export async function degrade(png: Buffer, variant: Variant, angle = 3): Promise<Buffer> {
  const image = sharp(png);
  switch (variant) {
    case 'clean':
      return png;
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
