import { describe, expect, it } from 'vitest';
import { isSendKey, sendKeyOf } from './send-key.ts';

describe('send key', () => {
  const press = (key: string, mods: Partial<Record<'shiftKey' | 'metaKey' | 'ctrlKey' | 'altKey' | 'isComposing', boolean>> = {}) => ({
    key,
    shiftKey: false,
    metaKey: false,
    ctrlKey: false,
    altKey: false,
    isComposing: false,
    ...mods,
  });

  it('S0-3.13 reads editor_message_key, falling back to enter_to_send_enabled like Chatwoot', () => {
    expect(sendKeyOf({ editor_message_key: 'cmd_enter' })).toBe('cmd_enter');
    expect(sendKeyOf({ editor_message_key: 'enter', enter_to_send_enabled: false })).toBe('enter');
    expect(sendKeyOf({ enter_to_send_enabled: false })).toBe('cmd_enter');
    expect(sendKeyOf({})).toBe('enter');
  });

  it('S0-3.13 enter: Enter sends, Shift+Enter does not; cmd_enter: only Cmd/Ctrl+Enter sends; never while composing', () => {
    expect(isSendKey(press('Enter'), 'enter')).toBe(true);
    expect(isSendKey(press('Enter', { shiftKey: true }), 'enter')).toBe(false);
    expect(isSendKey(press('Enter'), 'cmd_enter')).toBe(false);
    expect(isSendKey(press('Enter', { metaKey: true }), 'cmd_enter')).toBe(true);
    expect(isSendKey(press('Enter', { ctrlKey: true }), 'cmd_enter')).toBe(true);
    expect(isSendKey(press('Enter', { isComposing: true }), 'enter')).toBe(false);
    expect(isSendKey(press('a'), 'enter')).toBe(false);
  });
});
