import { CONVERSATION_SIDEBAR_ITEMS } from '@app/shared/constants';

export type SidebarItem = (typeof CONVERSATION_SIDEBAR_ITEMS)[number];

/** The user's saved order of the panels, known names only, each once, any missing ones at the end in default order. */
export function normalizeOrder(saved: readonly string[] | undefined): SidebarItem[] {
  const known = (saved ?? []).filter((item): item is SidebarItem => (CONVERSATION_SIDEBAR_ITEMS as readonly string[]).includes(item));
  const unique = [...new Set(known)];
  return [...unique, ...CONVERSATION_SIDEBAR_ITEMS.filter((item) => !unique.includes(item))];
}

/**
 * Moves one panel past its visible neighbour (`step` -1 up, +1 down). Panels not shown keep their places in
 * the saved order, so the order round-trips whatever this screen shows.
 */
export function movePanel(order: SidebarItem[], visible: SidebarItem[], item: SidebarItem, step: -1 | 1): SidebarItem[] {
  const at = visible.indexOf(item);
  const neighbour = visible[at + step];
  if (at < 0 || !neighbour) return order;
  const next = [...order];
  const i = next.indexOf(item);
  const j = next.indexOf(neighbour);
  next[i] = neighbour;
  next[j] = item;
  return next;
}
