import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHORTCUTS, getShortcuts, handleShortcutKeydown, onShortcut, registerShortcut } from './registry.ts';

const press = (init: KeyboardEventInit, target?: HTMLElement) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  if (target) Object.defineProperty(event, 'target', { value: target });
  return { event, handled: handleShortcutKeydown(event) };
};
const keysOf = (id: string) => DEFAULT_SHORTCUTS.find((s) => s.id === id)?.keys;
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((off) => off()));

describe('shortcut list (000 section 9)', () => {
  it.each([
    ['S0-9.31', 'resolve', ['Alt', 'E']],
    ['S0-9.32', 'go-conversations', ['Alt', 'C']],
    ['S0-9.33', 'attach', ['Alt', 'A']],
    ['S0-9.34', 'go-contacts', ['Alt', 'V']],
    ['S0-9.35', 'toggle-sidebar', ['Alt', 'O']],
    ['S0-9.36', 'go-reports', ['Alt', 'R']],
    ['S0-9.37', 'next-tab', ['Alt', 'N']],
    ['S0-9.38', 'go-settings', ['Alt', 'S']],
    ['S0-9.39', 'private-note', ['Alt', 'P']],
    ['S0-9.40', 'reply', ['Alt', 'L']],
    ['S0-9.41', 'snooze', ['Alt', 'M']],
    ['S0-9.42', 'navigate-list', ['↑', '↓']],
    ['S0-9.43', 'open-shortcuts', ['Mod', '/']],
    ['S0-9.44', 'close-shortcuts', ['Mod', 'Esc']],
    ['S0-9.45', 'next-conversation', ['Alt', 'J']],
    ['S0-9.46', 'previous-conversation', ['Alt', 'K']],
    ['S0-9.47', 'resolve-and-next', ['Mod', 'Alt', 'E']],
  ])('%s lists %s as %j', (_id, shortcut, keys) => {
    expect(keysOf(shortcut)).toEqual(keys);
  });
});

describe('shortcut handling', () => {
  it('calls the handler of the matching combination, with Ctrl or ⌘ as Mod', () => {
    const resolve = vi.fn();
    const resolveNext = vi.fn();
    const open = vi.fn();
    cleanups.push(onShortcut('resolve', resolve), onShortcut('resolve-and-next', resolveNext), onShortcut('open-shortcuts', open));
    expect(press({ altKey: true, code: 'KeyE' }).handled).toBe(true);
    expect(press({ altKey: true, ctrlKey: true, code: 'KeyE' }).handled).toBe(true);
    expect(press({ metaKey: true, code: 'Slash' }).event.defaultPrevented).toBe(true);
    expect(press({ ctrlKey: true, code: 'Slash' }).handled).toBe(true);
    expect([resolve.mock.calls.length, resolveNext.mock.calls.length, open.mock.calls.length]).toEqual([1, 1, 2]);
    expect(press({ code: 'KeyE' }).handled).toBe(false);
  });

  it('the latest handler of a shortcut wins, and the previous one comes back when it leaves', () => {
    const first = vi.fn();
    const second = vi.fn();
    cleanups.push(onShortcut('go-reports', first));
    const off = onShortcut('go-reports', second);
    press({ altKey: true, code: 'KeyR' });
    off();
    press({ altKey: true, code: 'KeyR' });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('keys without a modifier are left to text fields; Alt shortcuts still work there', () => {
    const navigate = vi.fn();
    const reply = vi.fn();
    cleanups.push(onShortcut('navigate-list', navigate), onShortcut('reply', reply));
    const input = document.createElement('textarea');
    expect(press({ code: 'ArrowDown' }, input).handled).toBe(false);
    expect(press({ code: 'ArrowDown' }).handled).toBe(true);
    expect(press({ altKey: true, code: 'KeyL' }, input).handled).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(reply).toHaveBeenCalledTimes(1);
  });

  it('a shortcut without a handler does nothing and leaves the key alone', () => {
    const { event, handled } = press({ altKey: true, code: 'KeyM' });
    expect(handled).toBe(false);
    expect(event.defaultPrevented).toBe(false);
  });

  it('features can add shortcuts to the list', () => {
    const off = registerShortcut({ id: 'search', label: 'SHORTCUTS.REPLY', group: 'general', keys: ['Mod', 'K'], combos: [{ mod: true, code: 'KeyK' }] });
    const search = vi.fn();
    cleanups.push(onShortcut('search', search));
    expect(getShortcuts().map((s) => s.id)).toContain('search');
    press({ ctrlKey: true, code: 'KeyK' });
    expect(search).toHaveBeenCalledTimes(1);
    off();
    expect(getShortcuts().map((s) => s.id)).not.toContain('search');
  });
});
