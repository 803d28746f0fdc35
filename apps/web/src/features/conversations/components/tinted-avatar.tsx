import { initialsOf } from '../../../components/avatar.tsx';

// Soft background and strong text pairs; a name always gets the same one.
const TINTS = [
  ['#e0ecff', '#1d4ed8'],
  ['#dcfce7', '#15803d'],
  ['#fef3c7', '#b45309'],
  ['#fce7f3', '#be185d'],
  ['#ede9fe', '#6d28d9'],
  ['#cffafe', '#0e7490'],
  ['#ffe4e6', '#be123c'],
  ['#e2e8f0', '#334155'],
] as const;

export function tintOf(name: string): readonly [string, string] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

const SIZES = { small: 28, medium: 36, large: 48 } as const;

/** A person's picture, or their initials on a colour of their own (contacts and agents tell apart at a glance). */
export function TintedAvatar({ name, src, size = 'medium' }: { name: string; src?: string | null; size?: keyof typeof SIZES | number }) {
  const px = typeof size === 'number' ? size : SIZES[size];
  const [background, color] = tintOf(name || '?');
  return (
    <span className="cw-avatar" style={{ width: px, height: px, fontSize: Math.round(px * 0.38), background, color }} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initialsOf(name || '?')}
    </span>
  );
}
