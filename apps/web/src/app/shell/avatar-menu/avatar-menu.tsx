import { Link, useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath, LOGIN_PATH } from '../../../lib/routing.ts';
import { mayOpen, useRouteRegistry } from '../../../lib/route-registry.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { useCurrentAccount, useSignOut } from '../../../features/auth/index.ts';
import { useGlobalConfig } from '../api.ts';
import { Icon } from '../icons.tsx';
import { AvailabilityOptions } from './availability-options.tsx';
import { usePopover } from './use-popover.ts';

/** Where super admins manage the installation (Chatwoot's path). */
export const SUPER_ADMIN_CONSOLE_URL = '/super_admin';

/** 000 section 6: the account switch shows with more than one account, or when account creation is enabled. */
export const showsAccountSwitch = (accountCount: number, creationEnabled: boolean) => accountCount > 1 || creationEnabled;

type AvatarMenuProps = { onOpenShortcuts: () => void; onSwitchAccount: () => void };

/**
 * The user's avatar at the bottom of the rail, with their availability as a dot; it opens the options menu of
 * 000 section 2: availability and auto-offline, profile settings, account switch, keyboard shortcuts, the
 * super-admin console (super admins only) and logout.
 */
export function AvatarMenu({ onOpenShortcuts, onSwitchAccount }: AvatarMenuProps) {
  const { user, account } = useCurrentAccount();
  const config = useGlobalConfig();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const menu = usePopover();
  const canSwitch = showsAccountSwitch(user.accounts.length, config.data?.create_new_account_from_dashboard ?? false);
  // profile settings are open to administrators, agents and custom roles (not checkers, 001 section 6)
  const showProfile = mayOpen(account.permissions, useRouteRegistry(), 'profile_settings_index');

  const choose = (action: () => void) => () => {
    menu.close(false);
    action();
  };

  return (
    <div className="shell-avatar-menu">
      <button
        ref={menu.trigger}
        type="button"
        className="shell-avatar-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-label={t('SIDEBAR.PROFILE_MENU')}
        onClick={menu.toggle}
      >
        <Avatar name={user.available_name} src={user.thumbnail || user.avatar_url} size="small" />
        <span className={`shell-dot shell-dot--${account.availability} shell-avatar-menu__status`} aria-hidden="true" />
      </button>
      {menu.open ? (
        <div ref={menu.panel} className="shell-menu" role="menu" aria-label={t('SIDEBAR.PROFILE_MENU')} onKeyDown={menu.onMenuKeyDown}>
          <div className="shell-menu__identity">
            <Avatar name={user.available_name} src={user.thumbnail || user.avatar_url} />
            <div className="shell-menu__who">
              <span className="shell-menu__name">{user.available_name}</span>
              <span className="shell-menu__email">{user.email}</span>
            </div>
          </div>
          <AvailabilityOptions accountId={account.id} current={account.availability} autoOffline={account.auto_offline} />
          <div className="shell-menu__separator" role="separator" />
          {showProfile ? (
            <Link role="menuitem" className="shell-menu__item" to={accountPath(account.id, 'profile/settings')} onClick={() => menu.close(false)}>
              <Icon name="user" /> {t('PROFILE_MENU.PROFILE_SETTINGS')}
            </Link>
          ) : null}
          {canSwitch ? (
            <button type="button" role="menuitem" className="shell-menu__item" onClick={choose(onSwitchAccount)}>
              <Icon name="switch" /> {t('PROFILE_MENU.SWITCH_ACCOUNT')}
            </button>
          ) : null}
          <button type="button" role="menuitem" className="shell-menu__item" onClick={choose(onOpenShortcuts)}>
            <Icon name="keyboard" /> {t('PROFILE_MENU.KEYBOARD_SHORTCUTS')}
          </button>
          {user.type === 'SuperAdmin' ? (
            <a role="menuitem" className="shell-menu__item" href={SUPER_ADMIN_CONSOLE_URL}>
              <Icon name="shield" /> {t('PROFILE_MENU.SUPER_ADMIN_CONSOLE')}
            </a>
          ) : null}
          <div className="shell-menu__separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            className="shell-menu__item shell-menu__item--danger"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) })}
          >
            <Icon name="logout" /> {t('PROFILE_MENU.LOGOUT')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
