import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

const GAP = 6;
const MARGIN = 8;

/**
 * Keeps a floating panel next to its anchor and inside the viewport: below the anchor when it fits, else above;
 * aligned with the anchor's inline start, shifted back in when it would overflow. The panel is `position: fixed`
 * (and in the top layer where the browser has popovers), so no scrolling or clipping parent cuts it; it follows
 * the anchor on scroll and resize, and is placed again when its own size changes. `align` 'end' lines the panel up with the anchor's inline end instead (a menu
 * opened from a button at the end of a toolbar). Returns the panel's `style` and `popover` attribute.
 */
export function useAnchoredPosition(
  open: boolean,
  anchor: RefObject<HTMLElement | null>,
  floating: RefObject<HTMLElement | null>,
  align: 'start' | 'end' = 'start',
): { style: CSSProperties; popover: 'manual' | undefined } {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const panel = floating.current;
    if (!open || !panel) {
      setPlace(null);
      return;
    }
    // The top layer escapes transformed and clipping ancestors; jsdom and older browsers stay with `fixed`.
    if (typeof panel.showPopover === 'function' && !panel.matches(':popover-open')) panel.showPopover();
    const update = () => {
      const box = anchor.current?.getBoundingClientRect();
      if (!box) return;
      const { innerWidth: vw, innerHeight: vh } = window;
      const width = panel.offsetWidth;
      const height = panel.offsetHeight;
      const rtl = getComputedStyle(panel).direction === 'rtl';
      const atLeft = rtl === (align === 'end');
      const start = atLeft ? box.left : box.right - width;
      const left = Math.max(MARGIN, Math.min(start, vw - width - MARGIN));
      const below = box.bottom + GAP;
      const above = box.top - GAP - height;
      const top = below + height <= vh - MARGIN || above < MARGIN ? Math.max(MARGIN, Math.min(below, vh - height - MARGIN)) : above;
      setPlace((old) => (old && old.top === top && old.left === left ? old : { top, left }));
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    // A panel whose content arrives later (a lazy list) grows: placed again, above the anchor if it no longer fits below.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(panel);
    return () => {
      resized?.disconnect();
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
      if (typeof panel.hidePopover === 'function' && panel.matches(':popover-open')) panel.hidePopover();
    };
  }, [open, anchor, floating, align]);

  const style: CSSProperties = {
    position: 'fixed',
    margin: 0,
    // Physical coordinates: they come from getBoundingClientRect (the inline start is handled above).
    top: place?.top ?? 0,
    left: place?.left ?? 0,
    right: 'auto',
    bottom: 'auto',
    // Measured first, shown once placed: no flash at the corner of the screen.
    visibility: place ? 'visible' : 'hidden',
  };
  // Spread on the panel: `popover` only where the browser has it (elsewhere the attribute would hide the panel).
  return { style, popover: SUPPORTS_POPOVER ? 'manual' : undefined };
}

const SUPPORTS_POPOVER = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';
