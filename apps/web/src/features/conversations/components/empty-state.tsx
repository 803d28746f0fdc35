import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

type EmptyStateProps = { title: string; hint?: string; icon?: IconName; tone?: 'neutral' | 'error'; action?: ReactNode };

/** A calm, centred message for an empty list, an error or nothing selected. */
export function EmptyState({ title, hint, icon = 'inbox', tone = 'neutral', action }: EmptyStateProps) {
  return (
    <div className={`cw-empty cw-empty--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <span className="cw-empty__icon">
        <Icon name={tone === 'error' ? 'alert' : icon} size={22} />
      </span>
      <p className="cw-empty__title">{title}</p>
      {hint ? <p className="cw-empty__hint">{hint}</p> : null}
      {action}
    </div>
  );
}
