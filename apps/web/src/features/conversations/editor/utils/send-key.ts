import type { EDITOR_MESSAGE_KEYS } from '@app/shared/constants';
import type { UiSettings } from '@app/shared/users';

export type EditorMessageKey = (typeof EDITOR_MESSAGE_KEYS)[number];

/**
 * Which key sends (000 section 3): ui_settings.editor_message_key, or, for settings saved before it
 * existed, Enter when enter_to_send_enabled is on (Chatwoot reads them the same way).
 */
export function sendKeyOf(uiSettings: UiSettings): EditorMessageKey {
  if (uiSettings.editor_message_key) return uiSettings.editor_message_key;
  return uiSettings.enter_to_send_enabled === false ? 'cmd_enter' : 'enter';
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'metaKey' | 'ctrlKey' | 'isComposing'>;

/**
 * Whether a key press sends: with 'enter', Enter alone (Shift+Enter is a new line); with 'cmd_enter',
 * Cmd+Enter or Ctrl+Enter (Enter is a new line). Cmd/Ctrl+Enter sends with either setting. Never while
 * an input method is composing.
 */
export function isSendKey(event: KeyPress, sendKey: EditorMessageKey): boolean {
  if (event.key !== 'Enter' || event.isComposing || event.altKey || event.shiftKey) return false;
  if (event.metaKey || event.ctrlKey) return true;
  return sendKey === 'enter';
}
