import { fileTypeFromBuffer } from 'file-type';
import { invalid } from '../../lib/app-error.ts';

/**
 * Image types a contact avatar may have (001 section 5: png, jpeg/jpg, gif, webp), read from the bytes,
 * never from the claimed type or name, mapped to the extension the file is stored under.
 */
const AVATAR_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The extension to store the upload under, or a 422 on avatar. */
export async function avatarExtension(data: Uint8Array): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  const extension = type && AVATAR_EXTENSIONS[type.mime];
  if (!extension) throw invalid('avatar', 'must be a PNG, JPEG, GIF or WebP image');
  return extension;
}
