import { useCallback, useRef, useState } from 'react';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX } from '@app/shared/messages-constants';
import { useToast } from '../../../../components/toast-provider.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { EDITOR_IMAGE_MAX_BYTES } from '../constants.ts';
import { attachmentProblem, type AttachmentProblem } from '../utils/attachments.ts';

const MB = 1024 * 1024;

function problemMessage(problem: AttachmentProblem, name: string): string {
  switch (problem) {
    case 'image_too_large':
      return t('REPLY_EDITOR.IMAGE_TOO_LARGE', { size: EDITOR_IMAGE_MAX_BYTES / MB, name });
    case 'image_type':
      return t('REPLY_EDITOR.IMAGE_TYPE', { name });
    case 'file_too_large':
      return t('REPLY_EDITOR.FILE_TOO_LARGE', { size: MESSAGE_ATTACHMENT_MAX_BYTES / MB, name });
    case 'file_empty':
      return t('REPLY_EDITOR.FILE_EMPTY', { name });
    case 'too_many':
      return t('REPLY_EDITOR.TOO_MANY_FILES', { max: MESSAGE_ATTACHMENTS_MAX });
  }
}

/** The files picked for the next message; a file that breaks a rule is left out with an error toast. */
export function useAttachments() {
  const [files, setFilesState] = useState<File[]>([]);
  // The list as of the last change, so two picks in one tick both count towards the limit.
  const current = useRef<File[]>([]);
  const toast = useToast();

  const setFiles = useCallback((next: File[]) => {
    current.current = next;
    setFilesState(next);
  }, []);

  const add = useCallback(
    (picked: Iterable<File>) => {
      const next = [...current.current];
      for (const file of picked) {
        const problem = attachmentProblem(file, next.length);
        if (problem) toast(problemMessage(problem, file.name), 'error');
        else next.push(file);
      }
      setFiles(next);
    },
    [toast, setFiles],
  );

  const remove = useCallback((file: File) => setFiles(current.current.filter((f) => f !== file)), [setFiles]);
  const clear = useCallback(() => setFiles([]), [setFiles]);
  return { files, add, remove, clear };
}
