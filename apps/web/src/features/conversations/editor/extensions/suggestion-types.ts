/** The four suggestion lists of the reply editor (000 section 5: mention triggers). */
export type SuggestionKind = 'mention' | 'canned' | 'variable' | 'emoji';

/** One row of a suggestion list; `value` is what choosing it inserts (an agent id, a canned text, a key, an emoji). */
export type SuggestionItem = { key: string; label: string; detail?: string; glyph?: string; value: string };

export type SuggestionMenu = { kind: SuggestionKind; items: SuggestionItem[]; choose: (item: SuggestionItem) => void };

/** How the Tiptap suggestion plugins reach the React list: they open and close it and hand it their keys. */
export type SuggestionBridge = {
  show: (menu: SuggestionMenu) => void;
  hide: (kind: SuggestionKind) => void;
  /** A key press while a list is open; true when the list used it (arrows, Enter, Tab, Escape). */
  keyDown: (event: KeyboardEvent) => boolean;
};
