import { t } from '../../../../lib/i18n/i18n.ts';
import { EditorIcon } from './editor-icons.tsx';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The files that go with the next message, each removable. */
export function AttachmentChips({ files, onRemove, disabled }: { files: File[]; onRemove: (file: File) => void; disabled?: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul className="reply-editor__files" aria-label={t('REPLY_EDITOR.ATTACHMENTS')}>
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="reply-editor__file">
          <span className="reply-editor__file-name">{file.name}</span>
          <span className="reply-editor__file-size">{size(file.size)}</span>
          <button
            type="button"
            className="reply-editor__file-remove"
            aria-label={t('REPLY_EDITOR.REMOVE_ATTACHMENT', { name: file.name })}
            disabled={disabled}
            onClick={() => onRemove(file)}
          >
            <EditorIcon name="close" size={12} />
          </button>
        </li>
      ))}
    </ul>
  );
}
