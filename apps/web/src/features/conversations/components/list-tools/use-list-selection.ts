import { useMemo, useRef, useState } from 'react';

/** What the rows need to show and change the selection. */
export type ListSelection = {
  /** The selected ids that are still in the list, in list order. */
  ids: number[];
  has: (id: number) => boolean;
  /** A click on a row's checkbox; with Shift, every row between the last clicked one and this one takes its new state. */
  toggle: (id: number, range: boolean) => void;
  /** Every loaded row, or none when all are selected already. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
};

/**
 * Multi-select over the loaded rows of one list. `listKey` names the list: another list (route, search or filter)
 * starts with nothing selected. Rows that leave the list (realtime) leave the selection with them.
 */
export function useListSelection(rowIds: readonly number[], listKey: string): ListSelection {
  const [state, setState] = useState<{ key: string; selected: ReadonlySet<number> }>({ key: listKey, selected: new Set() });
  const anchor = useRef<number | null>(null);
  const selected = state.key === listKey ? state.selected : new Set<number>();
  const ids = useMemo(() => rowIds.filter((id) => selected.has(id)), [rowIds, selected]);
  const set = (next: ReadonlySet<number>) => setState({ key: listKey, selected: next });

  return {
    ids,
    has: (id) => selected.has(id),
    allSelected: rowIds.length > 0 && ids.length === rowIds.length,
    clear: () => {
      anchor.current = null;
      set(new Set());
    },
    toggleAll: () => set(ids.length === rowIds.length ? new Set() : new Set(rowIds)),
    toggle: (id, range) => {
      const on = !selected.has(id);
      const next = new Set(selected);
      const from = anchor.current === null ? -1 : rowIds.indexOf(anchor.current);
      const to = rowIds.indexOf(id);
      if (range && from !== -1 && to !== -1) {
        for (const rowId of rowIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
          if (on) next.add(rowId);
          else next.delete(rowId);
        }
      } else if (on) next.add(id);
      else next.delete(id);
      anchor.current = id;
      set(next);
    },
  };
}
