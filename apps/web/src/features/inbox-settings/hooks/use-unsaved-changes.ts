import { createContext, useContext, useEffect, useId, useRef } from 'react';

/** The forms of the open tab that hold changes not saved yet, by form id. */
export type UnsavedForms = { set: (id: string, dirty: boolean) => void; any: () => boolean };

export const UnsavedFormsContext = createContext<UnsavedForms | null>(null);

/** A registry for the page: forms report into it, the tab bar asks it before leaving the tab. */
export function useUnsavedFormsRegistry(): UnsavedForms {
  const dirty = useRef(new Set<string>());
  const registry = useRef<UnsavedForms>({
    set: (id, isDirty) => void (isDirty ? dirty.current.add(id) : dirty.current.delete(id)),
    any: () => dirty.current.size > 0,
  });
  return registry.current;
}

/** A form says whether it holds unsaved changes (and stops counting when it unmounts). */
export function useReportUnsaved(isDirty: boolean) {
  const registry = useContext(UnsavedFormsContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, isDirty);
  }, [registry, id, isDirty]);
  useEffect(() => () => registry?.set(id, false), [registry, id]);
}
