import { useCallback, useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/react';
import { DRAFT_SAVE_DELAY_MS } from '../constants.ts';
import { clearDraft, loadDraft, saveDraft } from '../utils/drafts.ts';

/**
 * Keeps the editor's document in local storage under `key` (one draft per account and conversation):
 * written shortly after typing stops, before switching to another conversation and on unmount; loaded
 * when the key changes. `onSwitch` runs after another conversation's draft was loaded.
 */
export function useReplyDraft(editor: Editor | null, key: string, onSwitch: () => void) {
  const keyRef = useRef(key);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSwitchRef = useRef(onSwitch);
  onSwitchRef.current = onSwitch;

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (editor && !editor.isDestroyed) saveDraft(keyRef.current, editor.getJSON(), editor.isEmpty);
  }, [editor]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(save, DRAFT_SAVE_DELAY_MS);
  }, [save]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    clearDraft(keyRef.current);
  }, []);

  // The editor instance whose document is the draft of keyRef. The first one starts with it (the editor's
  // initial content); one Tiptap creates later to replace a destroyed instance starts from that same initial
  // content, so it is given the current draft, which the unmount save below wrote.
  const filled = useRef(editor);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    filled.current ??= editor;
    const switching = keyRef.current !== key;
    if (!switching && filled.current === editor) return;
    if (switching && timer.current) save();
    keyRef.current = key;
    filled.current = editor;
    editor.commands.setContent(loadDraft(key) ?? '', { emitUpdate: false });
    if (switching) onSwitchRef.current();
  }, [editor, key, save]);

  // Leaving the conversation view with edits not yet written.
  useEffect(
    () => () => {
      if (timer.current) save();
    },
    [save],
  );

  return { schedule, save, clear };
}
