import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Icon, type IconName } from '../icons.tsx';

type MenuLinkProps = { to: string; icon?: IconName; children: ReactNode; trailing?: ReactNode; leading?: ReactNode; end?: boolean };

/** One entry of a section menu; the current page's entry is marked. */
export function MenuLink({ to, icon, children, trailing, leading, end = false }: MenuLinkProps) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'shell-menu-link is-active' : 'shell-menu-link')}>
        {leading ?? (icon ? <Icon name={icon} size={16} /> : null)}
        <span className="shell-menu-link__text">{children}</span>
        {trailing}
      </NavLink>
    </li>
  );
}

type MenuSectionProps = { title: string; children: ReactNode; add?: { to: string; label: string } | null };

/** A titled group of entries; administrators get its add-new link (000 section 6). */
export function MenuSection({ title, children, add }: MenuSectionProps) {
  return (
    <section className="shell-menu-section" aria-label={title}>
      <div className="shell-menu-section__header">
        <h3>{title}</h3>
        {add ? (
          <Link to={add.to} className="shell-menu-section__add" aria-label={add.label} title={add.label}>
            <Icon name="plus" size={14} />
          </Link>
        ) : null}
      </div>
      <ul className="shell-menu-list">{children}</ul>
    </section>
  );
}
