import { useMemo, useRef, useState } from 'react';
import type { SuggestionBridge, SuggestionKind, SuggestionMenu } from '../extensions/suggestion-types.ts';

/**
 * The open suggestion list and its highlighted row. The Tiptap plugins drive it through `bridge`, which
 * stays the same object for the editor's life and reads the latest state from refs.
 */
export function useSuggestionMenu() {
  const [menu, setMenu] = useState<SuggestionMenu | null>(null);
  const [active, setActive] = useState(0);
  const latest = useRef({ menu, active });
  latest.current = { menu, active };

  const bridge = useMemo<SuggestionBridge>(() => {
    const move = (index: number) => {
      latest.current.active = index;
      setActive(index);
    };
    return {
      show: (next) => {
        const sameList = latest.current.menu?.kind === next.kind && latest.current.menu.items.map((i) => i.key).join() === next.items.map((i) => i.key).join();
        latest.current.menu = next;
        setMenu(next);
        if (!sameList) move(0);
      },
      hide: (kind: SuggestionKind) => {
        if (latest.current.menu?.kind !== kind) return;
        latest.current.menu = null;
        setMenu(null);
      },
      keyDown: (event) => {
        const { menu: open, active: index } = latest.current;
        if (event.key === 'Escape') return true;
        if (!open || open.items.length === 0) return false;
        const count = open.items.length;
        if (event.key === 'ArrowDown') move((index + 1) % count);
        else if (event.key === 'ArrowUp') move((index - 1 + count) % count);
        else if (event.key === 'Enter' || event.key === 'Tab') open.choose(open.items[Math.min(index, count - 1)]!);
        else return false;
        return true;
      },
    };
  }, []);

  const visible = menu && menu.items.length > 0 ? menu : null;
  return { menu: visible, active: Math.min(active, (visible?.items.length ?? 1) - 1), setActive, bridge, isOpen: () => !!latest.current.menu?.items.length };
}
