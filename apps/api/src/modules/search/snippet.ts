/** The longest excerpt a result carries (SearchMatchSchema). */
export const SNIPPET_MAX = 200;
/** How much text comes before the match in an excerpt of a long text. */
const LEAD = 60;

/**
 * An excerpt of `text` around the first case-insensitive occurrence of q, at most SNIPPET_MAX characters, with
 * `…` where text was cut and whitespace runs folded to one space; the start of the text when q is not in it.
 */
export function excerpt(text: string, q: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_MAX) return flat;
  const at = flat.toLowerCase().indexOf(q.toLowerCase());
  let start = at <= LEAD ? 0 : at - LEAD;
  start = Math.min(start, flat.length - (SNIPPET_MAX - 1));
  const head = start > 0 ? '…' : '';
  const room = SNIPPET_MAX - head.length;
  const body = flat.slice(start, start + room);
  return start + room < flat.length ? `${head}${body.slice(0, room - 1)}…` : `${head}${body}`;
}

/** The first of the fields whose text contains q (case-insensitive), with its excerpt; null when none does. */
export function firstMatch(fields: [string, string | null][], q: string): { field: string; snippet: string } | null {
  const needle = q.toLowerCase();
  for (const [field, text] of fields) {
    if (text && text.toLowerCase().includes(needle)) return { field, snippet: excerpt(text, q) };
  }
  return null;
}
