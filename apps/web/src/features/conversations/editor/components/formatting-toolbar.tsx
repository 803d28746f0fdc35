import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import { EditorIcon, type EditorIconName } from './editor-icons.tsx';

type Toggle = { name: 'bold' | 'italic' | 'code' | 'bulletList' | 'orderedList'; label: MessageKey; run: (editor: Editor) => void };

/** 000 section 9: the editor's menu is strong, em, link, undo, redo, bulletList, orderedList and code. */
const TOGGLES: Toggle[] = [
  { name: 'bold', label: 'REPLY_EDITOR.BOLD', run: (e) => e.chain().focus().toggleBold().run() },
  { name: 'italic', label: 'REPLY_EDITOR.ITALIC', run: (e) => e.chain().focus().toggleItalic().run() },
  { name: 'code', label: 'REPLY_EDITOR.CODE', run: (e) => e.chain().focus().toggleCode().run() },
  { name: 'bulletList', label: 'REPLY_EDITOR.BULLET_LIST', run: (e) => e.chain().focus().toggleBulletList().run() },
  { name: 'orderedList', label: 'REPLY_EDITOR.ORDERED_LIST', run: (e) => e.chain().focus().toggleOrderedList().run() },
];

const toolbarState = (e: Editor) => ({
  bold: e.isActive('bold'),
  italic: e.isActive('italic'),
  code: e.isActive('code'),
  bulletList: e.isActive('bulletList'),
  orderedList: e.isActive('orderedList'),
  link: e.isActive('link'),
  canUndo: e.can().undo(),
  canRedo: e.can().redo(),
});
const IDLE: ReturnType<typeof toolbarState> = { bold: false, italic: false, code: false, bulletList: false, orderedList: false, link: false, canUndo: false, canRedo: false };

/** A typed address without a scheme is taken as https; Tiptap's link extension refuses unsafe schemes. */
const normalizeHref = (text: string) => (/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);

export function FormattingToolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  // The `editor` prop, not the snapshot's: after Tiptap replaced its instance the snapshot may still hold the
  // destroyed one, whose commands are gone (see ReplyEditor).
  const state = useEditorState({
    editor,
    selector: () => (editor.isDestroyed ? IDLE : toolbarState(editor)),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const onLink = () => {
    if (state.link) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else setLinkOpen((open) => !open);
  };
  const closeLink = () => {
    setLinkOpen(false);
    setHref('');
    editor.commands.focus();
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const text = href.trim();
    if (!text) return closeLink();
    const url = normalizeHref(text);
    if (editor.state.selection.empty) editor.chain().focus().insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    closeLink();
  };
  const onLinkKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
    }
  };
  const button = (name: EditorIconName, label: MessageKey, onClick: () => void, pressed?: boolean, enabled = true) => (
    <button
      key={name}
      type="button"
      className={`reply-editor__tool reply-editor__tool--${name}`}
      aria-label={t(label)}
      title={t(label)}
      aria-pressed={pressed}
      disabled={disabled || !enabled}
      // Keep the selection in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <EditorIcon name={name} />
    </button>
  );

  return (
    <div className="reply-editor__toolbar-wrap">
      <div className="reply-editor__toolbar" role="toolbar" aria-label={t('REPLY_EDITOR.FORMATTING')}>
        {TOGGLES.slice(0, 3).map((tool) => button(tool.name, tool.label, () => tool.run(editor), state[tool.name]))}
        {button('link', 'REPLY_EDITOR.LINK', onLink, state.link)}
        {TOGGLES.slice(3).map((tool) => button(tool.name, tool.label, () => tool.run(editor), state[tool.name]))}
        {button('undo', 'REPLY_EDITOR.UNDO', () => editor.chain().focus().undo().run(), undefined, state.canUndo)}
        {button('redo', 'REPLY_EDITOR.REDO', () => editor.chain().focus().redo().run(), undefined, state.canRedo)}
      </div>
      {linkOpen ? (
        <form className="reply-editor__link-form" onSubmit={applyLink}>
          <label className="reply-editor__link-label">
            <span>{t('REPLY_EDITOR.LINK_URL')}</span>
            <input type="text" inputMode="url" value={href} onChange={(event) => setHref(event.target.value)} onKeyDown={onLinkKey} autoFocus dir="ltr" />
          </label>
          <button type="submit" className="button button--primary button--small">
            {t('REPLY_EDITOR.LINK_APPLY')}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={closeLink}>
            {t('REPLY_EDITOR.LINK_CANCEL')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
