import { useId, useState, type ReactNode } from 'react';
import { t } from '../../../../lib/i18n/i18n.ts';
import { Icon } from '../icon.tsx';

type SidebarPanelProps = {
  title: string;
  children: ReactNode;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
};

/** One collapsible section of the details column, with buttons to move it up or down. */
export function SidebarPanel({ title, children, canMoveUp, canMoveDown, onMove }: SidebarPanelProps) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section className="cw-panel" aria-label={title}>
      <div className="cw-panel__header">
        <button type="button" className="cw-panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <Icon name="chevronDown" size={14} className={open ? undefined : 'cw-rotate-start'} />
          <h3>{title}</h3>
        </button>
        <span className="cw-panel__move">
          <button type="button" className="cw-icon-button cw-icon-button--small" aria-label={t('CONVERSATION.SIDEBAR.MOVE_UP', { panel: title })} disabled={!canMoveUp} onClick={() => onMove(-1)}>
            <Icon name="arrowUp" size={13} />
          </button>
          <button type="button" className="cw-icon-button cw-icon-button--small" aria-label={t('CONVERSATION.SIDEBAR.MOVE_DOWN', { panel: title })} disabled={!canMoveDown} onClick={() => onMove(1)}>
            <Icon name="arrowDown" size={13} />
          </button>
        </span>
      </div>
      {open ? (
        <div className="cw-panel__body" id={bodyId}>
          {children}
        </div>
      ) : null}
    </section>
  );
}
