import { apiResponse } from './api-client.ts';

/** How far a CSV download has come: data rows received so far (the header row not counted). */
export type DownloadProgress = { rows: number; bytes: number };

export type CsvDownloadOptions = {
  /** Called after every chunk the server sends. */
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** The file name when the answer has no Content-Disposition. */
  fallbackName: string;
};

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Counts CSV records ending in a chunk, carrying whether a quoted cell is still open across chunks, so a
 * line break inside a quoted cell (RFC 4180) is not a row. Works on bytes: in UTF-8 neither `"` nor a line
 * feed ever occurs inside a multi-byte character.
 */
export function csvRowCounter() {
  let inQuotes = false;
  let lines = 0;
  return {
    add(chunk: Uint8Array): number {
      for (const byte of chunk) {
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === NEWLINE && !inQuotes) lines++;
      }
      return lines;
    },
  };
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266) first, then `filename="…"`
 * or a bare token; null without one. Path separators are dropped so the name can never point elsewhere.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1]?.replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ?? null;
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

/** Hands a blob to the browser as a download named `fileName` (an object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GETs a CSV from the API as a stream (with the session headers, errors as ApiError), reporting the rows
 * received as they arrive, and answers the whole file as a Blob with the name the server gave in
 * Content-Disposition (exports are named by the server, e.g. withdraws-2026-11-25.csv). Reading the stream
 * ourselves, rather than following a link, is what lets the screen show progress and send the session headers.
 */
export async function fetchCsv(path: string, { onProgress, signal, fallbackName }: CsvDownloadOptions): Promise<{ blob: Blob; fileName: string; rows: number }> {
  const response = await apiResponse(path, { signal, accept: 'text/csv' });
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const chunks: Uint8Array[] = [];
  const counter = csvRowCounter();
  let lines = 0;
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      // A stopped download ends here even where the transport has not noticed yet.
      if (signal?.aborted) {
        void reader.cancel();
        throw new DOMException('The download was stopped', 'AbortError');
      }
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      lines = counter.add(value);
      onProgress?.({ rows: Math.max(0, lines - 1), bytes });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    bytes = whole.byteLength;
    lines = counter.add(whole);
  }
  // A last row without a final line break still counts.
  const last = chunks.at(-1);
  if (last && last.byteLength > 0 && last[last.byteLength - 1] !== NEWLINE) lines++;
  const rows = Math.max(0, lines - 1);
  onProgress?.({ rows, bytes });
  return { blob: new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? 'text/csv' }), fileName, rows };
}

/** fetchCsv, then saveBlob: the export a person asked for lands in their downloads. Answers the name and row count. */
export async function downloadCsv(path: string, options: CsvDownloadOptions): Promise<{ fileName: string; rows: number }> {
  const { blob, fileName, rows } = await fetchCsv(path, options);
  saveBlob(blob, fileName);
  return { fileName, rows };
}
