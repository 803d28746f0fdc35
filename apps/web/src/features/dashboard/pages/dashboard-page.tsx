import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { AccountSwitcher, roleLabel } from '../../accounts/index.ts';

/** The signed-in landing page (route `home`); the conversation workspace takes its place later. */
export function DashboardPage() {
  const { user, account } = useCurrentAccount();
  return (
    <div className="page">
      <section className="hero">
        <h1>{t('DASHBOARD.WELCOME', { name: user.available_name })}</h1>
        <p className="muted">{t('DASHBOARD.INTRO')}</p>
      </section>
      <dl className="facts">
        <div className="fact">
          <dt>{t('DASHBOARD.ACCOUNT')}</dt>
          <dd data-testid="current-account-name">{account.name}</dd>
        </div>
        <div className="fact">
          <dt>{t('DASHBOARD.ROLE')}</dt>
          <dd>{roleLabel(account)}</dd>
        </div>
        <div className="fact">
          <dt>{t('DASHBOARD.EMAIL')}</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <div className="grid">
        <AccountSwitcher user={user} currentAccountId={account.id} />
        <section className="panel" aria-labelledby="next-steps-title">
          <div className="panel__header">
            <h2 id="next-steps-title">{t('DASHBOARD.NEXT_STEPS')}</h2>
          </div>
          <p className="muted">{t('DASHBOARD.STEP_TOKEN')}</p>
          <p>
            <a href="/api/docs" target="_blank" rel="noreferrer">
              {t('DASHBOARD.STEP_API')} →
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
