import { describe, expect, it } from 'vitest';
import { editorMessageKeyOf, sendKeySettings } from './send-key.ts';

describe('send key', () => {
  it('S0-3.13 editor_message_key is enter or cmd_enter; without it enter_to_send_enabled decides; Enter by default', () => {
    expect(editorMessageKeyOf({ editor_message_key: 'cmd_enter', enter_to_send_enabled: true })).toBe('cmd_enter');
    expect(editorMessageKeyOf({ editor_message_key: 'enter' })).toBe('enter');
    expect(editorMessageKeyOf({ enter_to_send_enabled: false })).toBe('cmd_enter');
    expect(editorMessageKeyOf({})).toBe('enter');
  });

  it('a choice writes both keys, so readers of either agree', () => {
    expect(sendKeySettings('cmd_enter')).toEqual({ editor_message_key: 'cmd_enter', enter_to_send_enabled: false });
    expect(sendKeySettings('enter')).toEqual({ editor_message_key: 'enter', enter_to_send_enabled: true });
  });
});
