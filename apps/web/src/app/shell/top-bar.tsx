import { Link, useNavigate } from 'react-router';
import { t } from '../../lib/i18n/i18n.ts';
import { accountPath, LOGIN_PATH } from '../../lib/routing.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Button } from '../../components/button.tsx';
import { useCurrentAccount, useSignOut } from '../../features/auth/index.ts';
import { roleLabel } from '../../features/accounts/index.ts';

/** Product and account on the left; the user (avatar, name, role) and sign-out on the right. */
export function TopBar() {
  const { user, account } = useCurrentAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <header className="topbar">
      <Link to={accountPath(account.id)} className="brand brand--link" aria-label={t('APP.NAME')}>
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
        <span>{t('APP.NAME')}</span>
      </Link>
      <span className="topbar__account" title={account.name}>
        {account.name}
      </span>
      <div className="topbar__user">
        <Avatar name={user.available_name} src={user.thumbnail || user.avatar_url} />
        <div className="topbar__identity">
          <span className="topbar__name">{user.available_name}</span>
          <span className="topbar__role">{roleLabel(account)}</span>
        </div>
        <Button
          size="small"
          loading={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) })}
        >
          {t('DASHBOARD.SIGN_OUT')}
        </Button>
      </div>
    </header>
  );
}
