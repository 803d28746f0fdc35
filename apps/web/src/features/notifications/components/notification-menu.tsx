import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Notification } from '@app/shared/notifications';
import { t } from '../../../lib/i18n/i18n.ts';
import type { SnoozeChoice } from '../utils/snooze.ts';

export type NotificationMenuActions = {
  onToggleRead: (notification: Notification) => void;
  onSnooze: (notification: Notification, choice: SnoozeChoice) => void;
  onDelete: (notification: Notification) => void;
};

type Item = { key: string; label: string; danger?: boolean; run: () => void };

/**
 * The row's "⋯" menu: mark read/unread, snooze for an hour or until tomorrow, delete. Arrow keys move between
 * items; Escape, Tab, a click outside or a choice closes it (focus back on the button for Escape and choices).
 */
export function NotificationMenu({ notification, title, onToggleRead, onSnooze, onDelete }: NotificationMenuActions & { notification: Notification; title: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const items: Item[] = [
    notification.read_at
      ? { key: 'unread', label: t('NOTIFICATIONS.MENU.MARK_AS_UNREAD'), run: () => onToggleRead(notification) }
      : { key: 'read', label: t('NOTIFICATIONS.MENU.MARK_AS_READ'), run: () => onToggleRead(notification) },
    { key: 'snooze-hour', label: t('NOTIFICATIONS.MENU.SNOOZE_HOUR'), run: () => onSnooze(notification, 'hour') },
    { key: 'snooze-tomorrow', label: t('NOTIFICATIONS.MENU.SNOOZE_TOMORROW'), run: () => onSnooze(notification, 'tomorrow') },
    { key: 'delete', label: t('NOTIFICATIONS.MENU.DELETE'), danger: true, run: () => onDelete(notification) },
  ];

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? entries[0] : entries.at(-1))?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="notification-menu">
      <button
        ref={button}
        type="button"
        className="notification-menu__button"
        aria-label={t('NOTIFICATIONS.ACTIONS', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" className="notification-menu__list" aria-label={t('NOTIFICATIONS.ACTIONS', { title })} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger ? 'notification-menu__item notification-menu__item--danger' : 'notification-menu__item'}
                onClick={() => {
                  close(true);
                  item.run();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
