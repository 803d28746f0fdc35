export type EmojiEntry = { emoji: string; name: string; keywords: string[] };

/** emojilib's map (emoji → keywords, the first being its snake_case name) as a searchable list. */
export function emojiIndex(library: Record<string, string[]>): EmojiEntry[] {
  return Object.entries(library).map(([emoji, [name = '', ...keywords]]) => ({ emoji, name, keywords }));
}

/**
 * Emoji for `:query`, best first: names starting with the query, then names containing a word starting
 * with it, then keywords starting with it. Case-insensitive; at most `limit`.
 */
export function searchEmoji(index: EmojiEntry[], query: string, limit: number): EmojiEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const rank = (entry: EmojiEntry) => {
    if (entry.name.startsWith(needle)) return 0;
    if (entry.name.split('_').some((word) => word.startsWith(needle))) return 1;
    if (entry.keywords.some((keyword) => keyword.toLowerCase().startsWith(needle))) return 2;
    return 3;
  };
  return index
    .map((entry, order) => ({ entry, order, rank: rank(entry) }))
    .filter((hit) => hit.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((hit) => hit.entry);
}

let loaded: Promise<EmojiEntry[]> | null = null;

type Library = Record<string, string[]>;

/**
 * emojilib is a JSON file typed as a CommonJS module: TypeScript sees `default.default`, the bundler
 * gives the object itself as `default`.
 */
function libraryOf(module: unknown): Library {
  const outer = (module as { default: Library | { default: Library } }).default;
  return 'default' in outer && typeof outer.default === 'object' && !Array.isArray(outer.default) ? (outer.default as Library) : (outer as Library);
}

/** The index, built once; emojilib's data (about 250 kB) is fetched only when someone first types `:xx`. */
export function loadEmojiIndex(): Promise<EmojiEntry[]> {
  loaded ??= import('emojilib').then(
    (module) => emojiIndex(libraryOf(module)),
    (error: unknown) => {
      loaded = null; // a failed chunk load is tried again on the next `:xx`
      throw error;
    },
  );
  return loaded;
}
