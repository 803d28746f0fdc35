// The reply editor's public surface: the conversation view renders ReplyEditor with these types.
export { ReplyEditor } from './reply-editor.tsx';
export type { EditorMode, OutgoingDraft, ReplyEditorProps } from './types.ts';
