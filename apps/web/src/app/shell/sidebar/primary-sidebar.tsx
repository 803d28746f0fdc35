import { NavLink, useLocation } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { AvatarMenu } from '../avatar-menu/avatar-menu.tsx';
import { Icon } from '../icons.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { canOpen, primaryItems, sectionOf, type NavContext } from './nav-model.ts';

type PrimarySidebarProps = { nav: NavContext; onOpenHelp: () => void; onOpenShortcuts: () => void; onSwitchAccount: () => void };

/**
 * The icon rail of 000 section 2: the sections the user's role and the account's flags open, then at the
 * bottom the docs entry (not on custom-branded installs: the in-app help, which links the API reference on),
 * the notification bell and the avatar menu.
 */
export function PrimarySidebar({ nav, onOpenHelp, onOpenShortcuts, onSwitchAccount }: PrimarySidebarProps) {
  const { account } = useCurrentAccount();
  const section = sectionOf(useLocation().pathname);
  return (
    <nav className="shell-rail" aria-label={t('SIDEBAR.PRIMARY')}>
      <ul className="shell-rail__items">
        {primaryItems(nav).map((item) => (
          <li key={item.key}>
            <NavLink
              to={accountPath(account.id, item.path)}
              className={() => (item.section === section ? 'shell-rail__item is-active' : 'shell-rail__item')}
              aria-current={item.section === section ? 'page' : undefined}
              aria-label={t(item.label)}
              data-tooltip={t(item.label)}
            >
              <Icon name={item.icon} size={20} />
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="shell-rail__bottom">
        {nav.customBranded ? null : (
          <button type="button" className="shell-rail__item" onClick={onOpenHelp} aria-haspopup="dialog" aria-label={t('HELP.OPEN')} data-tooltip={t('HELP.OPEN')}>
            <Icon name="docs" size={20} />
          </button>
        )}
        {canOpen(nav, 'notifications_index') ? <NotificationBell /> : null}
        <AvatarMenu onOpenShortcuts={onOpenShortcuts} onSwitchAccount={onSwitchAccount} />
      </div>
    </nav>
  );
}
