import { TintedAvatar } from './tinted-avatar.tsx';

/** An 18-pixel avatar for assignees and participants inside dense rows. */
export function MiniAvatar({ name, src, size = 18 }: { name: string; src?: string | null; size?: number }) {
  return <TintedAvatar name={name} src={src} size={size} />;
}
