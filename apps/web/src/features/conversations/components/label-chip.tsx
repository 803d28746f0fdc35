import type { ReactNode } from 'react';
import { DEFAULT_LABEL_COLOR } from '@app/shared/constants';

/** A label: its colour as a dot, its title beside. */
export function LabelChip({ title, color, compact = false, children }: { title: string; color?: string | undefined; compact?: boolean; children?: ReactNode }) {
  return (
    <span className={`cw-label${compact ? ' cw-label--compact' : ''}`} title={title}>
      <span className="cw-label__dot" style={{ background: color ?? DEFAULT_LABEL_COLOR }} aria-hidden="true" />
      <span className="cw-label__text">{title}</span>
      {children}
    </span>
  );
}
