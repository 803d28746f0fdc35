import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { t } from '../../../lib/i18n.ts';
import { accountPath } from '../../../app/guard.ts';
import { useSetActiveAccount } from '../api.ts';
import { CreateAccountDialog } from './create-account-dialog.tsx';

/** The user's accounts, a switch to each (a full page load, as 000 section 7 asks) and account creation. */
export function AccountSwitcher({ user, currentAccountId }: { user: CurrentUser; currentAccountId: number }) {
  const setActive = useSetActiveAccount();
  const [creating, setCreating] = useState(false);
  const go = (accountId: number) => window.location.assign(accountPath(accountId));
  return (
    <section className="panel" aria-label={t('DASHBOARD.ACCOUNTS')}>
      <header className="panel__header">
        <h2>{t('DASHBOARD.ACCOUNTS')}</h2>
        <button type="button" className="button button--small" onClick={() => setCreating(true)}>
          {t('CREATE_ACCOUNT.NEW_ACCOUNT')}
        </button>
      </header>
      <ul className="account-list">
        {user.accounts.map((account) => (
          <li key={account.id}>
            <button
              type="button"
              className="account-list__item"
              aria-current={account.id === currentAccountId ? 'true' : undefined}
              disabled={account.id === currentAccountId || setActive.isPending}
              onClick={() => setActive.mutate(account.id, { onSuccess: () => go(account.id) })}
            >
              <span className="avatar avatar--small" aria-hidden>
                {account.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="account-list__name">{account.name}</span>
              <span className="muted">
                {account.id === currentAccountId ? t('SIDEBAR.CURRENT_ACCOUNT') : t(`ROLES.${account.role}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <CreateAccountDialog show={creating} onClose={() => setCreating(false)} onCreated={(id) => go(id)} />
    </section>
  );
}
