import { Link, useNavigate } from 'react-router';
import { t } from '../../lib/i18n/i18n.ts';
import { accountPath, LOGIN_PATH } from '../../lib/routing.ts';
import { Avatar } from '../../components/avatar.tsx';
import { useCurrentAccount, useSignOut } from '../../features/auth/index.ts';
import { roleLabel } from '../../features/accounts/index.ts';
import { mayOpen, useRouteRegistry } from '../../lib/route-registry.ts';
import { Icon } from './icons.tsx';

/** The header: product and account (with the user's role in it) on one side, the user and sign-out on the other. */
export function TopBar() {
  const { user, account } = useCurrentAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const registry = useRouteRegistry();
  return (
    <header className="shell-header">
      <Link to={accountPath(account.id)} className="shell-header__brand" aria-label={t('APP.NAME')}>
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={22} height={22} />
        <span>{t('APP.NAME')}</span>
      </Link>
      <span className="shell-header__divider" aria-hidden="true">
        /
      </span>
      <span className="shell-header__account" title={account.name}>
        {account.name}
      </span>
      <span className="shell-header__role">{roleLabel(account)}</span>
      {mayOpen(account.permissions, registry, 'search') ? (
        <Link to={accountPath(account.id, 'search')} className="shell-header__search" title={`${t('SIDEBAR.SEARCH')} (/)`}>
          <Icon name="search" size={16} />
          <span>{t('SIDEBAR.SEARCH')}</span>
        </Link>
      ) : null}
      <div className="shell-header__user">
        <Avatar name={user.available_name} src={user.thumbnail || user.avatar_url} size="small" />
        <span className="shell-header__name">{user.available_name}</span>
        <button
          type="button"
          className="shell-header__signout"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) })}
        >
          <Icon name="logout" size={16} />
          <span>{t('DASHBOARD.SIGN_OUT')}</span>
        </button>
      </div>
    </header>
  );
}
