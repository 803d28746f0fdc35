import type { KeyboardEvent, RefObject } from 'react';

/**
 * Arrow keys move the focus through the results (from the search box, ↓ goes to the first one; from the first
 * result, ↑ goes back to the box); Home and End jump to the ends; Enter on a result opens it (it is a link).
 */
export function useResultKeys(root: RefObject<HTMLElement | null>, input: RefObject<HTMLInputElement | null>) {
  return (event: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const results = [...(root.current?.querySelectorAll<HTMLElement>('[data-result]') ?? [])];
    const target = event.target as HTMLElement;
    const fromInput = target === input.current;
    const index = results.indexOf(target);
    if (!fromInput && index === -1) return;
    if (fromInput && (event.key === 'Home' || event.key === 'End')) return; // the box's own caret keys
    let next: HTMLElement | null | undefined;
    if (event.key === 'Home') next = results[0];
    else if (event.key === 'End') next = results.at(-1);
    else if (fromInput) next = event.key === 'ArrowDown' ? results[0] : null;
    else if (event.key === 'ArrowDown') next = results[Math.min(index + 1, results.length - 1)];
    else next = index === 0 ? input.current : results[index - 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView?.({ block: 'nearest' });
  };
}
