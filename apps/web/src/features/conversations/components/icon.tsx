import { StrokeIcon } from '../../../components/stroke-icon.tsx';
/** The workspace's line icons (24-unit grid, drawn with currentColor). */
const PATHS = {
  chat: 'M4 5h16v11H9l-5 4z',
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 2h6l1-2h5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  checks: 'M2 12.5l4.5 4.5L16 7.5M10.5 15.5L12 17l9.5-9.5',
  reopen: 'M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2',
  chevronDown: 'M6 9l6 6 6-6',
  chevronUp: 'M6 15l6-6 6 6',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6 6 0 0 1 3.5 6',
  tag: 'M3 12V4h8l9 9-8 8zM7.5 7.5h.01',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  paperclip: 'M20 11.5l-8 8a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.7 17.2a1.7 1.7 0 0 1-2.4-2.4L15 7',
  alert: 'M12 3l10 18H2zM12 10v4M12 17.5h.01',
  retry: 'M20 12a8 8 0 1 1-2.4-5.7M20 4v4h-4',
  sidebar: 'M4 5h16v14H4zM15 5v14',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
  mute: 'M11 5L6 9H3v6h3l5 4zM16 9l5 5M21 9l-5 5',
  volume: 'M11 5L6 9H3v6h3l5 4zM15.5 8.5a5 5 0 0 1 0 7',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  file: 'M6 3h8l5 5v13H6zM14 3v5h5',
  x: 'M6 6l12 12M18 6L6 18',
  send: 'M4 12l16-8-6 16-2.5-6.5z',
  note: 'M5 4h14v11l-5 5H5zM14 20v-5h5',
  pause: 'M9 5v14M15 5v14',
  hash: 'M5 9h14M5 15h14M10 4l-2 16M16 4l-2 16',
  scan: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M7 12h10',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  filter: 'M4 5h16l-6 7.5V19l-4-2v-4.5z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  return <StrokeIcon d={PATHS[name]} size={size} className={className ? `cw-icon ${className}` : 'cw-icon'} strokeWidth={1.8} />;
}
