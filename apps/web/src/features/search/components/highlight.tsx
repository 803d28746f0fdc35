import { highlightSegments } from '../utils/highlight.ts';

/** `text` with the query's words in <mark>: React text nodes only, so nothing in the text is read as markup. */
export function Highlight({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlightSegments(text, q).map((segment, index) =>
        segment.match ? (
          <mark key={index} className="search-mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
