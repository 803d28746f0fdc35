import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '../icons.tsx';

type MenuLinkProps = {
  to: string;
  icon?: IconName;
  children: ReactNode;
  trailing?: ReactNode;
  leading?: ReactNode;
  end?: boolean;
  /** A path whose every page marks this entry (settings/teams for settings/teams/list, so the wizard does too). */
  area?: string;
};

/** Whether `pathname` is `area` or a page under it. */
export const inArea = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

/** One entry of a section menu; the current page's entry is marked. */
export function MenuLink({ to, icon, children, trailing, leading, end = false, area }: MenuLinkProps) {
  const { pathname } = useLocation();
  const content = (
    <>
      {leading ?? (icon ? <Icon name={icon} size={16} /> : null)}
      <span className="shell-menu-link__text">{children}</span>
      {trailing}
    </>
  );
  if (area !== undefined) {
    const current = inArea(pathname, area);
    return (
      <li>
        <Link to={to} aria-current={current ? 'page' : undefined} className={current ? 'shell-menu-link is-active' : 'shell-menu-link'}>
          {content}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'shell-menu-link is-active' : 'shell-menu-link')}>
        {content}
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
