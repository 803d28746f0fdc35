/** A piece of text and whether it matches the query. */
export type Segment = { text: string; match: boolean };

/**
 * Splits `text` around every case-insensitive occurrence of the query's words (longest first, so "ann" inside
 * "anna" does not cut it short). Plain string search, no regular expression: any character in q is literal.
 */
export function highlightSegments(text: string, q: string): Segment[] {
  const terms = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (terms.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const lower = text.toLowerCase();
  // toLowerCase can change a string's length (İ → i̇); then offsets would not line up, so nothing is marked
  if (lower.length !== text.length) return [{ text, match: false }];
  const segments: Segment[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    const term = terms.find((candidate) => lower.startsWith(candidate, i));
    if (!term) {
      i++;
      continue;
    }
    if (i > plainStart) segments.push({ text: text.slice(plainStart, i), match: false });
    segments.push({ text: text.slice(i, i + term.length), match: true });
    i += term.length;
    plainStart = i;
  }
  if (plainStart < text.length) segments.push({ text: text.slice(plainStart), match: false });
  return segments;
}
