import { useId } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Italic } from '@tiptap/extension-italic';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import Placeholder from '@tiptap/extension-placeholder';
import { t } from '../../../lib/i18n/i18n.ts';
import { greetingMarkdown } from '../utils/greeting-markdown.ts';

/** 001 section 9: the rich editor's minimum height is 8 (rem: about five lines of text). */
export const RICH_EDITOR_MIN_HEIGHT_REM = 8;

type GreetingEditorProps = { label: string; placeholder: string; onChange: (markdown: string) => void };

/**
 * The website greeting's rich editor (001 section 2): bold, italic and line breaks, kept as markdown. Its own
 * lazy chunk: Tiptap loads only when the greeting is switched on.
 */
export function GreetingEditor({ label, placeholder, onChange }: GreetingEditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [Document, Paragraph, Text, HardBreak, Bold, Italic, UndoRedo, Placeholder.configure({ placeholder })],
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'greeting-editor__content', style: `min-height: ${RICH_EDITOR_MIN_HEIGHT_REM}rem` },
    },
    onUpdate: ({ editor: current }) => onChange(greetingMarkdown(current.getJSON())),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({ bold: current?.isActive('bold') ?? false, italic: current?.isActive('italic') ?? false }),
  });

  return (
    <div className="field greeting-editor">
      <span className="greeting-editor__label" id={labelId}>
        {label}
      </span>
      <div className="greeting-editor__frame">
        <div className="greeting-editor__toolbar" role="toolbar" aria-label={t('INBOX_MGMT.ADD.WEBSITE.FORMATTING')}>
          <button type="button" className="greeting-editor__tool" aria-pressed={active?.bold ?? false} aria-label={t('INBOX_MGMT.ADD.WEBSITE.BOLD')} onClick={() => editor?.chain().focus().toggleBold().run()}>
            <strong aria-hidden="true">B</strong>
          </button>
          <button type="button" className="greeting-editor__tool" aria-pressed={active?.italic ?? false} aria-label={t('INBOX_MGMT.ADD.WEBSITE.ITALIC')} onClick={() => editor?.chain().focus().toggleItalic().run()}>
            <em aria-hidden="true">I</em>
          </button>
        </div>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
