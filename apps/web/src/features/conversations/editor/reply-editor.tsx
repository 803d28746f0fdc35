import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Italic } from '@tiptap/extension-italic';
import { Link } from '@tiptap/extension-link';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';
import Placeholder from '@tiptap/extension-placeholder';
import type { EditorProps } from '@tiptap/pm/view';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useShortcut } from '../../../lib/shortcuts/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { AttachmentChips } from './components/attachment-chips.tsx';
import { EditorIcon } from './components/editor-icons.tsx';
import { EmojiButton } from './components/emoji-button.tsx';
import { FormattingToolbar } from './components/formatting-toolbar.tsx';
import { ModeTabs } from './components/mode-tabs.tsx';
import { SignaturePreview } from './components/signature-preview.tsx';
import { SuggestionList } from './components/suggestion-list.tsx';
import { closeSuggestions, replySuggestions } from './extensions/reply-suggestions.ts';
import { suggestionSources } from './extensions/suggestion-sources.ts';
import { useAttachments } from './hooks/use-attachments.ts';
import { useReplyDraft } from './hooks/use-reply-draft.ts';
import { useSuggestionMenu } from './hooks/use-suggestion-menu.ts';
import type { ReplyEditorProps } from './types.ts';
import { docToMarkdown, withPlainMentions } from './utils/doc-to-markdown.ts';
import { draftKey, loadDraft } from './utils/drafts.ts';
import { newEchoId } from './utils/echo-id.ts';
import { isSendKey, sendKeyOf } from './utils/send-key.ts';
import { appendSignature, signatureFor } from './utils/signature.ts';
import { createTypingNotifier } from './utils/typing-notifier.ts';
import { fillVariables } from './utils/variables.ts';
import './editor.css';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const hasText = (data: DataTransfer | null) => !!data && data.types.some((type) => type === 'text/plain' || type === 'text/html');

/**
 * The reply box of a conversation: REPLY and NOTE modes, suggestion lists, attachments, signature,
 * drafts and typing notifications. It hands the view a markdown message through `onSend`.
 */
export function ReplyEditor(props: ReplyEditorProps) {
  const { accountId, conversationId, channelType, mode, onModeChange, disabled = false } = props;
  const { user } = useCurrentAccount();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const isNote = mode === 'note';
  const sendKey = sendKeyOf(user.ui_settings);
  const signature = isNote ? null : signatureFor(user.ui_settings, channelType, user.message_signature);
  const attachments = useAttachments();
  const { menu, active, setActive, bridge, isOpen } = useSuggestionMenu();
  const [typing] = useState(() => createTypingNotifier());
  const key = draftKey(accountId, conversationId);

  // Tiptap's plugins and handlers are made once; they read the current props and state from here.
  const latest = useRef({ props, sendKey, signature, files: attachments.files, send: () => {} });
  latest.current = { ...latest.current, props, sendKey, signature, files: attachments.files };

  const [extensions] = useState(() => [
    // What a reply can hold, extension by extension (the starter kit would also ship headings, quotes,
    // code blocks, rules, strike and underline, which replies do not use).
    Document,
    // Each paragraph takes the direction of its own first letters, so Arabic in an English desk reads right.
    Paragraph.configure({ HTMLAttributes: { dir: 'auto' } }),
    Text,
    Bold,
    Italic,
    Code,
    HardBreak,
    // No autolink: it makes links inclusive, so the words typed after a link would join it. Markdown
    // renderers link bare addresses anyway.
    Link.configure({ openOnClick: false, autolink: false, defaultProtocol: 'https' }),
    BulletList,
    OrderedList,
    ListItem,
    ListKeymap,
    UndoRedo,
    Dropcursor,
    Gapcursor,
    TrailingNode,
    Placeholder.configure({
      placeholder: () => t(latest.current.props.mode === 'note' ? 'REPLY_EDITOR.NOTE_PLACEHOLDER' : 'REPLY_EDITOR.REPLY_PLACEHOLDER'),
    }),
    ...replySuggestions({
      bridge,
      isNote: () => latest.current.props.mode === 'note',
      ...suggestionSources(client, () => latest.current.props),
      fillVariables: (text) => fillVariables(text, latest.current.props.variables),
    }),
  ]);

  const [editorProps] = useState<EditorProps>(() => ({
    attributes: () => ({
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-autocomplete': 'list',
      'aria-label': t(latest.current.props.mode === 'note' ? 'REPLY_EDITOR.NOTE_LABEL' : 'REPLY_EDITOR.REPLY_LABEL'),
      class: 'reply-editor__input',
    }),
    handleKeyDown: (_view, event) => {
      // With a list open, Enter chooses a row: the suggestion plugin takes the key.
      if (isOpen() || !isSendKey(event, latest.current.sendKey)) return false;
      latest.current.send();
      return true;
    },
    // 000 section 5: pasting files into the editor is blocked (text copied with a picture of itself still pastes).
    handlePaste: (_view, event) => {
      if (!event.clipboardData?.files.length || hasText(event.clipboardData)) return false;
      toast(t('REPLY_EDITOR.FILES_BLOCKED'), 'error');
      return true;
    },
    handleDrop: (_view, event) => {
      if (!event.dataTransfer?.files.length || hasText(event.dataTransfer)) return false;
      toast(t('REPLY_EDITOR.FILES_BLOCKED'), 'error');
      return true;
    },
  }));

  const [initialContent] = useState(() => loadDraft(key) ?? '');
  const editor = useEditor({
    extensions,
    editorProps,
    content: initialContent,
    editable: !disabled,
    onUpdate: () => {
      typing.typed(latest.current.props.mode === 'note', latest.current.props.onTyping);
      draft.schedule();
    },
    onBlur: () => {
      typing.stop();
      draft.save();
    },
  });

  const draft = useReplyDraft(editor, key, () => {
    typing.stop();
    attachments.clear();
  });

  // The selector reads the editor this render holds, never the one in the snapshot: when Tiptap replaces its
  // instance (its effects were detached for more than a tick, so it destroyed the old one), useEditorState keeps
  // handing out the destroyed editor until the new one has a transaction, and reading its text throws.
  const live = editor && !editor.isDestroyed ? editor : null;
  const canSend = useEditorState({ editor, selector: () => !!live && !live.isDestroyed && live.getText().trim() !== '' }) || attachments.files.length > 0;

  latest.current.send = () => {
    if (!editor || editor.isDestroyed || latest.current.props.disabled) return;
    const { props: current, signature: currentSignature, files } = latest.current;
    const isPrivate = current.mode === 'note';
    let content = docToMarkdown(isPrivate ? editor.getJSON() : withPlainMentions(editor.getJSON()));
    if (!isPrivate) content = fillVariables(content, current.variables).trim();
    if (!content && files.length === 0) return;
    if (content && currentSignature) content = appendSignature(content, currentSignature);
    typing.stop();
    current.onSend({ content, private: isPrivate, files, echoId: newEchoId() });
    editor.commands.clearContent(false);
    draft.clear();
    attachments.clear();
  };

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A mode change closes a list the new mode may not allow, ends the typing of the other mode and
  // refreshes the placeholder and label.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    closeSuggestions(editor);
    typing.stop();
    editor.view.dispatch(editor.state.tr.setMeta('replyEditorMode', mode));
  }, [editor, mode, typing]);

  useEffect(() => () => typing.stop(), [typing]);

  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  useEffect(() => {
    const dom = editor && !editor.isDestroyed ? editor.view.dom : null;
    if (!dom) return;
    if (menu) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', optionId(active));
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  });

  const fileInput = useRef<HTMLInputElement>(null);
  // 000 section 9: Alt+L writes a reply, Alt+P a private note (each focusing the editor), Alt+A attaches a file.
  const write = (next: typeof mode) => {
    onModeChange(next);
    if (editor && !editor.isDestroyed) editor.commands.focus('end');
  };
  useShortcut('reply', () => write('reply'));
  useShortcut('private-note', () => write('note'));
  useShortcut('attach', () => fileInput.current?.click(), !disabled);
  const panelId = `${id}-panel`;
  const sendHint = sendKey === 'enter' ? t('REPLY_EDITOR.SEND_HINT_ENTER') : t('REPLY_EDITOR.SEND_HINT_CMD_ENTER', { modifier: isMac() ? '⌘' : 'Ctrl' });

  return (
    <div className={`reply-editor reply-editor--${mode}`} data-disabled={disabled || undefined}>
      <ModeTabs mode={mode} onModeChange={onModeChange} panelId={panelId} idPrefix={`${id}-tab`} />
      <div id={panelId} className="reply-editor__panel" role="tabpanel" aria-labelledby={`${id}-tab-${mode}`}>
        {live ? <FormattingToolbar editor={live} disabled={disabled} /> : null}
        <div className="reply-editor__body">
          {menu ? <SuggestionList menu={menu} active={active} id={listId} optionId={optionId} onHover={setActive} /> : null}
          <EditorContent editor={editor} className="reply-editor__content" />
        </div>
        <AttachmentChips files={attachments.files} onRemove={attachments.remove} disabled={disabled} />
        {signature ? <SignaturePreview signature={signature} /> : null}
        <div className="reply-editor__footer">
          <button type="button" className="button button--ghost button--small reply-editor__attach" onClick={() => fileInput.current?.click()} disabled={disabled}>
            <EditorIcon name="attach" /> {t('REPLY_EDITOR.ATTACH')}
          </button>
          <EmojiButton disabled={disabled} onPick={(emoji) => live?.chain().focus().insertContent(emoji).run()} />
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label={t('REPLY_EDITOR.ATTACH')}
            onChange={(event) => {
              attachments.add(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
          <span className="reply-editor__hint">{sendHint}</span>
          <button type="button" className="button button--primary reply-editor__send" disabled={disabled || !canSend} onClick={() => latest.current.send()}>
            {t(isNote ? 'REPLY_EDITOR.ADD_NOTE' : 'REPLY_EDITOR.SEND')}
          </button>
        </div>
      </div>
    </div>
  );
}
