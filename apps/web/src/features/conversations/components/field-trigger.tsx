import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

/** A menu trigger shaped like a select: icon, current value (or a muted placeholder), chevron. */
export function FieldTrigger({ icon, text, empty }: { icon: ReactNode; text: string; empty: boolean }) {
  return (
    <span className={`cw-field-trigger${empty ? ' cw-field-trigger--empty' : ''}`}>
      {icon}
      <span className="cw-field-trigger__text">{text}</span>
      <Icon name="chevronDown" size={14} />
    </span>
  );
}
