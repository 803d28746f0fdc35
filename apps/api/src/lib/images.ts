import { fileTypeFromBuffer } from 'file-type';
import { invalid } from './app-error.ts';

/**
 * Image types an avatar may have (000 and 001 section 5: png, jpeg/jpg, gif, webp), by the type read from
 * the bytes (never the claimed type or name), mapped to the extension the file is stored under
 * (plugins/storage serves inline by extension). An animated PNG is still a PNG.
 */
const AVATAR_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
export const AVATAR_TYPE_ERROR = 'must be a PNG, JPEG, GIF or WebP image';

/** The extension to store an avatar under, or a 422 on `field` when the bytes are not an accepted image. */
export async function avatarExtension(data: Uint8Array, field = 'avatar'): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  const extension = type && AVATAR_EXTENSIONS[type.mime];
  if (!extension) throw invalid(field, AVATAR_TYPE_ERROR);
  return extension;
}
