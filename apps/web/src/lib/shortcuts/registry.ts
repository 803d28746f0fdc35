import type { MessageKey } from '../i18n/i18n.ts';

/** One key combination: `alt`/`mod` (Ctrl, or ⌘ on a Mac) required exactly as given; `code` is KeyboardEvent.code. */
export type KeyCombo = { alt?: boolean; mod?: boolean; code: string };
export type ShortcutGroup = 'navigation' | 'conversation' | 'general';

export type Shortcut = {
  id: string;
  label: MessageKey;
  group: ShortcutGroup;
  /** How the shortcuts list shows it, e.g. ['Alt', 'C']; 'Mod' reads Ctrl or ⌘. */
  keys: readonly string[];
  combos: readonly KeyCombo[];
};
/** Returns false to leave the keys alone (e.g. arrow keys outside the list they move through). */
export type ShortcutHandler = (event: KeyboardEvent) => void | boolean;

const alt = (letter: string): KeyCombo => ({ alt: true, code: `Key${letter}` });

/**
 * The keyboard shortcuts of 000 section 9. The shell handles navigation and the shortcuts list; the
 * conversation shortcuts are listed here and handled by the conversations feature through onShortcut.
 */
export const DEFAULT_SHORTCUTS: readonly Shortcut[] = [
  { id: 'go-conversations', label: 'SHORTCUTS.OPEN_CONVERSATIONS', group: 'navigation', keys: ['Alt', 'C'], combos: [alt('C')] },
  { id: 'go-contacts', label: 'SHORTCUTS.OPEN_CONTACTS', group: 'navigation', keys: ['Alt', 'V'], combos: [alt('V')] },
  { id: 'go-reports', label: 'SHORTCUTS.OPEN_REPORTS', group: 'navigation', keys: ['Alt', 'R'], combos: [alt('R')] },
  { id: 'go-settings', label: 'SHORTCUTS.OPEN_SETTINGS', group: 'navigation', keys: ['Alt', 'S'], combos: [alt('S')] },
  { id: 'go-search', label: 'SHORTCUTS.OPEN_SEARCH', group: 'navigation', keys: ['/'], combos: [{ code: 'Slash' }] },
  { id: 'toggle-sidebar', label: 'SHORTCUTS.TOGGLE_SIDEBAR', group: 'navigation', keys: ['Alt', 'O'], combos: [alt('O')] },
  { id: 'next-conversation', label: 'SHORTCUTS.NEXT_CONVERSATION', group: 'navigation', keys: ['Alt', 'J'], combos: [alt('J')] },
  { id: 'previous-conversation', label: 'SHORTCUTS.PREVIOUS_CONVERSATION', group: 'navigation', keys: ['Alt', 'K'], combos: [alt('K')] },
  {
    id: 'navigate-list',
    label: 'SHORTCUTS.NAVIGATE_LIST',
    group: 'navigation',
    keys: ['↑', '↓'],
    combos: [{ code: 'ArrowUp' }, { code: 'ArrowDown' }],
  },
  { id: 'next-tab', label: 'SHORTCUTS.NEXT_TAB', group: 'navigation', keys: ['Alt', 'N'], combos: [alt('N')] },
  { id: 'resolve', label: 'SHORTCUTS.RESOLVE', group: 'conversation', keys: ['Alt', 'E'], combos: [alt('E')] },
  {
    id: 'resolve-and-next',
    label: 'SHORTCUTS.RESOLVE_AND_NEXT',
    group: 'conversation',
    keys: ['Mod', 'Alt', 'E'],
    combos: [{ mod: true, alt: true, code: 'KeyE' }],
  },
  { id: 'snooze', label: 'SHORTCUTS.SNOOZE', group: 'conversation', keys: ['Alt', 'M'], combos: [alt('M')] },
  { id: 'reply', label: 'SHORTCUTS.REPLY', group: 'conversation', keys: ['Alt', 'L'], combos: [alt('L')] },
  { id: 'private-note', label: 'SHORTCUTS.PRIVATE_NOTE', group: 'conversation', keys: ['Alt', 'P'], combos: [alt('P')] },
  { id: 'attach', label: 'SHORTCUTS.ATTACH', group: 'conversation', keys: ['Alt', 'A'], combos: [alt('A')] },
  { id: 'open-shortcuts', label: 'SHORTCUTS.OPEN_SHORTCUTS', group: 'general', keys: ['Mod', '/'], combos: [{ mod: true, code: 'Slash' }] },
  { id: 'close-shortcuts', label: 'SHORTCUTS.CLOSE_SHORTCUTS', group: 'general', keys: ['Mod', 'Esc'], combos: [{ mod: true, code: 'Escape' }] },
];

let shortcuts: readonly Shortcut[] = DEFAULT_SHORTCUTS;
const handlers = new Map<string, ShortcutHandler[]>();
const catalogListeners = new Set<() => void>();

/** Adds a shortcut to the list (and the shortcuts modal); returns the function that removes it. */
export function registerShortcut(shortcut: Shortcut): () => void {
  shortcuts = [...shortcuts.filter((s) => s.id !== shortcut.id), shortcut];
  catalogListeners.forEach((listener) => listener());
  return () => {
    shortcuts = shortcuts.filter((s) => s !== shortcut);
    catalogListeners.forEach((listener) => listener());
  };
}

/**
 * Handles the shortcut `id` until the returned function is called. The latest handler of an id wins, so a
 * screen can take over a shortcut while it is open.
 */
export function onShortcut(id: string, handler: ShortcutHandler): () => void {
  handlers.set(id, [...(handlers.get(id) ?? []), handler]);
  return () => handlers.set(id, (handlers.get(id) ?? []).filter((h) => h !== handler));
}

export function getShortcuts(): readonly Shortcut[] {
  return shortcuts;
}

export function subscribeShortcuts(listener: () => void): () => void {
  catalogListeners.add(listener);
  return () => {
    catalogListeners.delete(listener);
  };
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export const matches = (combo: KeyCombo, event: KeyboardEvent) =>
  event.code === combo.code && event.altKey === Boolean(combo.alt) && (event.ctrlKey || event.metaKey) === Boolean(combo.mod);

/**
 * The one keydown listener (the shell installs it): finds the shortcut the keys make and calls its latest
 * handler. Keys without a modifier are left to text fields. Returns whether a handler ran.
 */
export function handleShortcutKeydown(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat) return false;
  for (const shortcut of shortcuts) {
    const combo = shortcut.combos.find((c) => matches(c, event));
    if (!combo) continue;
    if (!combo.alt && !combo.mod && isEditable(event.target)) return false;
    const handler = handlers.get(shortcut.id)?.at(-1);
    if (!handler) return false;
    if (handler(event) === false) return false;
    event.preventDefault();
    return true;
  }
  return false;
}

/** Runs the latest handler of `id` as if its keys were pressed (one shortcut built on another); whether one ran. */
export function runShortcut(id: string): boolean {
  const handler = handlers.get(id)?.at(-1);
  return handler ? handler(new KeyboardEvent('keydown')) !== false : false;
}
