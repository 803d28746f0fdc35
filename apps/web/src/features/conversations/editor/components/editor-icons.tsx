import { StrokeIcon } from '../../../../components/stroke-icon.tsx';
/**
 * The editor's line icons (24px grid drawn at 16px, 2px stroke), inline SVG in the text colour. Drawn rather
 * than typed: glyphs such as 🔗 📎 ↶ ↷ are missing from the fonts of many desktops (Debian's Chromium showed
 * empty boxes). Features may not import the shell's icons, so the editor keeps its own set in the same style.
 */
const PATHS = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M19 4h-9M14 20H5M15 4 9 20',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  link: 'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71',
  bulletList: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  orderedList: 'M10 6h11M10 12h11M10 18h11M4 10h2M4 6h1v4M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  attach: 'M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48',
  close: 'M18 6 6 18M6 6l12 12',
  smile: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01',
} as const;

export type EditorIconName = keyof typeof PATHS;

// Icons that point along the line of text turn round in right-to-left.
const MIRRORED = new Set<EditorIconName>(['bulletList', 'orderedList', 'undo', 'redo']);

/** Decorative only: the button around it carries the name (aria-label or its text). */
export function EditorIcon({ name, size = 16 }: { name: EditorIconName; size?: number }) {
  const className = `reply-editor__icon${MIRRORED.has(name) ? ' reply-editor__icon--mirror' : ''}`;
  return <StrokeIcon d={PATHS[name]} size={size} className={className} strokeWidth={2} />;
}
