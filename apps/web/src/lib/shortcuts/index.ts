/**
 * Keyboard shortcuts (000 section 9): one registry, one keydown listener (installed by the app shell).
 * Features handle a listed shortcut with `useShortcut('resolve', handler)` (or `onShortcut`), and add their
 * own with `registerShortcut({ id, label, group, keys, combos })`; the shortcuts modal lists them all.
 */
export { DEFAULT_SHORTCUTS, handleShortcutKeydown, onShortcut, registerShortcut, runShortcut, getShortcuts, type KeyCombo, type Shortcut, type ShortcutGroup, type ShortcutHandler } from './registry.ts';
export { useShortcut, useShortcutList, useShortcutListener } from './use-shortcut.ts';
