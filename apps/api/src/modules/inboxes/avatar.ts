import type { UploadedFile } from '@app/shared/profile';
import { avatarExtension } from '../../lib/images.ts';
import type { Ctx } from '../../lib/context.ts';

export type AvatarUpload = { data: Uint8Array; extension: string };

/** Checks an uploaded avatar; 422 on `avatar` when it is not one of the image types. Writes nothing. */
export async function checkAvatar(file: UploadedFile | undefined): Promise<AvatarUpload | null> {
  if (!file) return null;
  return { data: file.data, extension: await avatarExtension(file.data) };
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
