import { IMAGE_UPLOAD_EXTENSIONS, IMAGE_UPLOAD_MIME_TYPES } from '@app/shared/constants';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX } from '@app/shared/messages-constants';
import { EDITOR_IMAGE_MAX_BYTES } from '../constants.ts';

export type AttachmentProblem = 'image_too_large' | 'image_type' | 'file_too_large' | 'file_empty' | 'too_many';

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** An image by its type, or by its name when the browser gives no type. */
export function isImage(file: File): boolean {
  return file.type ? file.type.startsWith('image/') : (IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/**
 * Why a file cannot be attached, or null (000 section 5): images are png, jpeg/jpg, gif or webp of at
 * most 4 MB; other files at most the message attachment limit (40 MB); at most 10 files per message.
 */
export function attachmentProblem(file: File, alreadyAttached: number): AttachmentProblem | null {
  if (alreadyAttached >= MESSAGE_ATTACHMENTS_MAX) return 'too_many';
  if (file.size === 0) return 'file_empty';
  if (isImage(file)) {
    const typeOk = file.type
      ? (IMAGE_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)
      : (IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
    if (!typeOk) return 'image_type';
    return file.size > EDITOR_IMAGE_MAX_BYTES ? 'image_too_large' : null;
  }
  return file.size > MESSAGE_ATTACHMENT_MAX_BYTES ? 'file_too_large' : null;
}
