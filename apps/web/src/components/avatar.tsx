import './widgets.css';

/** Initials of a name: the first letters of its first two words ("Jane Doe" → "JD"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0], words[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** `fill` takes the size of its box (the avatar picker's preview). */
type AvatarProps = { name: string; src?: string | null; size?: 'small' | 'medium' | 'large' | 'fill' };

/** The picture when there is one, the name's initials otherwise. */
export function Avatar({ name, src, size = 'medium' }: AvatarProps) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initialsOf(name)}
    </span>
  );
}
