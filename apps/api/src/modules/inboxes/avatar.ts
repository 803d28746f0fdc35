import { fileTypeFromBuffer } from 'file-type';
import type { UploadedFile } from '@app/shared/profile';
import { invalid } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * Inbox avatars take the image types of 001 section 5 (png, jpeg/jpg, gif, webp), judged by the bytes,
 * never by the claimed type or name; the stored extension follows the real type.
 */
const AVATAR_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export type AvatarUpload = { data: Uint8Array; extension: string };

/** Checks an uploaded avatar; 422 on `avatar` when it is not one of the image types. Writes nothing. */
export async function checkAvatar(file: UploadedFile | undefined): Promise<AvatarUpload | null> {
  if (!file) return null;
  const type = await fileTypeFromBuffer(file.data);
  const extension = type && AVATAR_EXTENSIONS[type.mime];
  if (!extension) throw invalid('avatar', 'must be a PNG, JPEG, GIF or WebP image');
  return { data: file.data, extension };
}

export function storeAvatar(ctx: Ctx, avatar: AvatarUpload | null): Promise<string | null> {
  return avatar ? ctx.storage.put({ folder: 'inbox_avatars', ...avatar }) : Promise.resolve(null);
}

/** Removes a file that is no longer referenced; a failure is logged, never answered. */
export async function discardAvatar(ctx: Ctx, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove an inbox avatar file');
  }
}
