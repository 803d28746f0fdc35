import { useNavigate } from 'react-router';
import type { CurrentUser } from '@app/shared/users';
import { t } from '../../../lib/i18n.ts';
import { useResendConfirmation, useSignOut } from '../../auth/api.ts';
import { AccountSwitcher } from '../../accounts/components/account-switcher.tsx';
import { useAccountContext } from '../../../app/account-layout.tsx';

function initials(user: CurrentUser): string {
  return user.available_name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The signed-in landing page (route `home`); the conversation workspace replaces it in milestone 4. */
export function DashboardPage() {
  const { user, accountId } = useAccountContext();
  const account = user.accounts.find((a) => a.id === accountId)!;
  const signOut = useSignOut();
  const resend = useResendConfirmation();
  const navigate = useNavigate();

  return (
    <div className="shell">
      {!user.confirmed ? (
        <div className="banner" role="status">
          {resend.isSuccess ? t('APP_GLOBAL.EMAIL_VERIFICATION_SENT') : t('APP_GLOBAL.EMAIL_NOT_VERIFIED')}
          {!resend.isSuccess ? (
            <button type="button" className="banner__action" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {t('APP_GLOBAL.RESEND_VERIFICATION')}
            </button>
          ) : null}
        </div>
      ) : null}
      <header className="topbar">
        <div className="brand">
          <img src="/app/favicon.svg" alt="" width={28} height={28} />
          <span>{t('APP.NAME')}</span>
          <span className="topbar__account">{account.name}</span>
        </div>
        <div className="topbar__user">
          <span className="avatar" aria-hidden>
            {user.avatar_url ? <img src={user.avatar_url} alt="" /> : initials(user)}
          </span>
          <span>{user.available_name}</span>
          <button type="button" className="button button--small" onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/app/login', { replace: true }) })}>
            {t('DASHBOARD.SIGN_OUT')}
          </button>
        </div>
      </header>
      <main className="content">
        <section className="hero">
          <h1>{t('DASHBOARD.WELCOME', { name: user.available_name })}</h1>
          <p className="muted">{t('DASHBOARD.INTRO')}</p>
          <p>{t('DASHBOARD.ROLE', { account: account.name, role: account.custom_role?.name ?? t(`ROLES.${account.role}`) })}</p>
        </section>
        <div className="grid">
          <AccountSwitcher user={user} currentAccountId={accountId} />
          <section className="panel">
            <header className="panel__header">
              <h2>{t('DASHBOARD.NEXT_STEPS')}</h2>
            </header>
            <p>
              <a href="/api/docs" target="_blank" rel="noreferrer">
                {t('DASHBOARD.STEP_API')}
              </a>
            </p>
            <p className="muted">{t('DASHBOARD.STEP_PROFILE')}</p>
          </section>
        </div>
      </main>
    </div>
  );
}
