import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadedFile } from '@app/shared/profile';
import { invalid } from '../../lib/app-error.ts';

export type AttachmentKind = 'image' | 'audio' | 'video' | 'file';

/** An upload whose type was read from its bytes: the extension it is stored under and its kind. */
export type CheckedFile = { data: Uint8Array; fileName: string; mime: string; extension: string; kind: AttachmentKind };

/**
 * Accepted types, by the MIME type `file-type` reads from the bytes (never the claimed type or name):
 * raster images (000 section 5), common audio and video, PDF, office and OpenDocument files, RTF and
 * archives. Macro-enabled office files, SVG, HTML and executables are refused.
 */
const SNIFFED: Record<string, { extension: string; kind: AttachmentKind }> = {
  'image/png': { extension: 'png', kind: 'image' },
  'image/apng': { extension: 'png', kind: 'image' },
  'image/jpeg': { extension: 'jpg', kind: 'image' },
  'image/gif': { extension: 'gif', kind: 'image' },
  'image/webp': { extension: 'webp', kind: 'image' },
  'audio/mpeg': { extension: 'mp3', kind: 'audio' },
  'audio/ogg': { extension: 'ogg', kind: 'audio' },
  'audio/ogg; codecs=opus': { extension: 'opus', kind: 'audio' },
  'audio/opus': { extension: 'opus', kind: 'audio' },
  'audio/wav': { extension: 'wav', kind: 'audio' },
  'audio/x-m4a': { extension: 'm4a', kind: 'audio' },
  'audio/mp4': { extension: 'm4a', kind: 'audio' },
  'audio/aac': { extension: 'aac', kind: 'audio' },
  'audio/amr': { extension: 'amr', kind: 'audio' },
  'audio/flac': { extension: 'flac', kind: 'audio' },
  'video/mp4': { extension: 'mp4', kind: 'video' },
  'video/x-m4v': { extension: 'm4v', kind: 'video' },
  'video/webm': { extension: 'webm', kind: 'video' },
  'video/quicktime': { extension: 'mov', kind: 'video' },
  'video/3gpp': { extension: '3gp', kind: 'video' },
  'video/ogg': { extension: 'ogv', kind: 'video' },
  'application/pdf': { extension: 'pdf', kind: 'file' },
  'application/rtf': { extension: 'rtf', kind: 'file' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extension: 'docx', kind: 'file' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extension: 'xlsx', kind: 'file' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extension: 'pptx', kind: 'file' },
  'application/vnd.oasis.opendocument.text': { extension: 'odt', kind: 'file' },
  'application/vnd.oasis.opendocument.spreadsheet': { extension: 'ods', kind: 'file' },
  'application/vnd.oasis.opendocument.presentation': { extension: 'odp', kind: 'file' },
  'application/zip': { extension: 'zip', kind: 'file' },
  'application/x-7z-compressed': { extension: '7z', kind: 'file' },
  'application/x-rar-compressed': { extension: 'rar', kind: 'file' },
};

/** Legacy Office files share one container format (CFB); the name says which they are. */
const CFB_EXTENSIONS = new Set(['doc', 'xls', 'ppt']);
/** Files without magic bytes, accepted by name when their bytes are UTF-8 text. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'log', 'md', 'json', 'xml', 'vcf', 'ics']);
/** Containers that hold audio or video alike: the claimed type decides (a recorded voice note is audio/webm). */
const AV_CONTAINERS = new Set(['video/mp4', 'video/webm', 'video/ogg', 'video/3gpp']);

const TYPE_ERROR = 'must be an image, audio, video, PDF, office, text or archive file';

const nameExtension = (name: string) => path.extname(name).slice(1).toLowerCase();

function isUtf8Text(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** A display name without directories or control characters. */
function cleanName(name: string, extension: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return base || `attachment.${extension}`;
}

async function checkFile(file: UploadedFile): Promise<CheckedFile> {
  const sniffed = await fileTypeFromBuffer(file.data);
  const claimedAudio = file.mimetype.toLowerCase().startsWith('audio/');
  let found: { extension: string; kind: AttachmentKind; mime: string } | null = null;
  if (sniffed) {
    const known = SNIFFED[sniffed.mime];
    if (known) {
      found = { ...known, mime: sniffed.mime, kind: AV_CONTAINERS.has(sniffed.mime) && claimedAudio ? 'audio' : known.kind };
    } else if (sniffed.mime === 'application/x-cfb' && CFB_EXTENSIONS.has(nameExtension(file.filename))) {
      found = { extension: nameExtension(file.filename), kind: 'file', mime: sniffed.mime };
    }
  } else if (TEXT_EXTENSIONS.has(nameExtension(file.filename)) && isUtf8Text(file.data)) {
    found = { extension: nameExtension(file.filename), kind: 'file', mime: 'text/plain' };
  }
  if (!found) throw invalid('attachments', TYPE_ERROR);
  return { data: file.data, fileName: cleanName(file.filename, found.extension), mime: found.mime, extension: found.extension, kind: found.kind };
}

/** Checks every file by content before anything is stored: one refused file refuses the message (422). */
export function checkAttachments(files: UploadedFile[] | undefined): Promise<CheckedFile[]> {
  return Promise.all((files ?? []).map(checkFile));
}
