import { NavLink } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { badgeCount, useUnreadNotificationCount } from '../../../features/notifications/index.ts';
import { Icon } from '../icons.tsx';

/**
 * The bell at the bottom of the rail: the unread count (99+ from 100), live through notification.* events. The
 * rail shows it only to the roles the notifications screen is open to.
 */
export function NotificationBell() {
  const { account } = useCurrentAccount();
  const unread = useUnreadNotificationCount(account.id).data ?? 0;
  const label = unread > 0 ? `${t('SIDEBAR.NOTIFICATIONS')}, ${t('SIDEBAR.UNREAD_NOTIFICATIONS', { count: unread })}` : t('SIDEBAR.NOTIFICATIONS');
  return (
    <NavLink
      to={accountPath(account.id, 'notifications')}
      className={({ isActive }) => (isActive ? 'shell-rail__item is-active' : 'shell-rail__item')}
      aria-label={label}
      data-tooltip={t('SIDEBAR.NOTIFICATIONS')}
    >
      <Icon name="bell" size={20} />
      {unread > 0 ? (
        <span className="shell-count shell-rail__count" data-testid="notification-count" aria-hidden="true">
          {badgeCount(unread)}
        </span>
      ) : null}
    </NavLink>
  );
}
