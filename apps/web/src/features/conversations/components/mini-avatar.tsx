import { initialsOf } from '../../../components/avatar.tsx';

/** An 18-pixel avatar for assignees and participants inside dense rows. */
export function MiniAvatar({ name, src, size = 18 }: { name: string; src?: string | null; size?: number }) {
  return (
    <span className="cw-mini-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initialsOf(name)}
    </span>
  );
}
