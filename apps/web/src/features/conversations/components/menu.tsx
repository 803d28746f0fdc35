import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useAnchoredPosition } from '../../../components/use-anchored-position.ts';

type MenuProps = {
  /** The trigger's content and accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** Rendered while open; `close` closes the menu and gives focus back to the trigger. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  /** A search field or other header above the items. */
  wide?: boolean;
};

const ITEM_SELECTOR = '[role^="menuitem"]:not([disabled])';

/**
 * A button that opens a menu below it (above when the viewport has no room below). The panel is anchored to
 * the viewport, so the details column or the list never clips it. Escape or a click outside closes it and focus
 * returns to the button; arrow keys, Home and End move between the items.
 */
export function Menu({ label, trigger, triggerClassName = 'cw-icon-button', children, align = 'end', wide = false }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const floating = useAnchoredPosition(open, button, panel, align);
  // A menu opened from a field (the details column's assignee or team) is as wide as the field.
  const fieldWidth = triggerClassName.includes('cw-field-button') ? button.current?.closest('.cw-menu')?.getBoundingClientRect().width : undefined;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    const menu = root.current?.querySelector<HTMLElement>('[role="menu"]');
    const first = menu?.querySelector<HTMLElement>('input, ' + ITEM_SELECTOR);
    first?.focus();
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    const items = [...(root.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => {
      event.preventDefault();
      items[(i + items.length) % items.length]!.focus();
    };
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index <= 0 ? items.length - 1 : index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
  };

  return (
    <div className="cw-menu" ref={root} onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panel}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`cw-menu__panel cw-menu__panel--${align}${wide ? ' cw-menu__panel--wide' : ''}`}
          popover={floating.popover}
          style={{ ...floating.style, minWidth: fieldWidth }}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

type MenuItemProps = {
  onSelect: () => void;
  children: ReactNode;
  checked?: boolean;
  kind?: 'item' | 'radio' | 'checkbox';
  tone?: 'default' | 'danger';
  disabled?: boolean;
};

export function MenuItem({ onSelect, children, checked, kind = 'item', tone = 'default', disabled }: MenuItemProps) {
  const role = kind === 'radio' ? 'menuitemradio' : kind === 'checkbox' ? 'menuitemcheckbox' : 'menuitem';
  return (
    <button
      type="button"
      role={role}
      aria-checked={kind === 'item' ? undefined : Boolean(checked)}
      className={`cw-menu__item${tone === 'danger' ? ' cw-menu__item--danger' : ''}`}
      tabIndex={-1}
      disabled={disabled}
      onClick={onSelect}
    >
      {children}
      {kind !== 'item' && checked ? <span className="cw-menu__check" aria-hidden="true">✓</span> : null}
    </button>
  );
}

export const MenuSeparator = () => <div className="cw-menu__separator" role="separator" />;
export const MenuHeading = ({ children }: { children: ReactNode }) => <div className="cw-menu__heading">{children}</div>;
