import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getShortcuts, handleShortcutKeydown, onShortcut, subscribeShortcuts, type ShortcutHandler } from './registry.ts';

/** Handles the shortcut `id` while the component is mounted (and `enabled`). */
export function useShortcut(id: string, handler: ShortcutHandler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (enabled ? onShortcut(id, (event) => latest.current(event)) : undefined), [id, enabled]);
}

/** Every shortcut in the list, re-rendering when one is added or removed. */
export function useShortcutList() {
  return useSyncExternalStore(subscribeShortcuts, getShortcuts, getShortcuts);
}

/** Installs the keydown listener; mounted once, by the app shell. */
export function useShortcutListener(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleShortcutKeydown);
    return () => window.removeEventListener('keydown', handleShortcutKeydown);
  }, []);
}
