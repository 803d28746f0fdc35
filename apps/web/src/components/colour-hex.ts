/** Colour values of the colour picker (000 sections 3, 5, 9): '#rrggbb' hex strings, never with alpha. */

/**
 * 16 preset colours (000 section 9: the sketch-style preset has 16 colours). Our own palette: distinct hues
 * for labels and portal brands, then four neutrals.
 */
export const COLOUR_PRESETS = [
  '#d92d20', '#f04438', '#f79009', '#fdb022',
  '#12b76a', '#039855', '#15b79e', '#0ba5ec',
  '#1f6feb', '#444ce7', '#7a5af8', '#ee46bc',
  '#101828', '#475467', '#98a2b3', '#ffffff',
] as const;

/** The hex field emits only when its text is longer than this (000 section 5). */
export const HEX_MIN_EMIT_LENGTH = 5;

/**
 * The colour a hex text stands for, as '#rrggbb', or null. Accepts six hex digits with or without '#'
 * (surrounding spaces ignored); three-digit shorthands and alpha forms are refused, as alpha is disabled.
 */
export function parseHexColour(text: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/** What the hex field hands on (000 section 5): nothing until the text is longer than 5 characters and parses. */
export function hexToEmit(text: string): string | null {
  return text.length > HEX_MIN_EMIT_LENGTH ? parseHexColour(text) : null;
}
