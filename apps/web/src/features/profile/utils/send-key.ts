import type { UiSettings } from '@app/shared/users';

export type EditorMessageKey = 'enter' | 'cmd_enter';

/**
 * The key that sends a reply (000 section 3): `editor_message_key`, else the older `enter_to_send_enabled`
 * (false means Cmd/Ctrl+Enter), else Enter, the default of new users.
 */
export function editorMessageKeyOf(uiSettings: UiSettings): EditorMessageKey {
  if (uiSettings.editor_message_key) return uiSettings.editor_message_key;
  return uiSettings.enter_to_send_enabled === false ? 'cmd_enter' : 'enter';
}

/** The ui_settings a choice writes: both keys, so readers of either agree. */
export const sendKeySettings = (key: EditorMessageKey): UiSettings => ({ editor_message_key: key, enter_to_send_enabled: key === 'enter' });
