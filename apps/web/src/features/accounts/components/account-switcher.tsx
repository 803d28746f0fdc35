import { useState } from 'react';
import type { CurrentUser } from '@app/shared/users';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { fullPageLoad } from '../../../lib/full-page-load.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { useSetActiveAccount } from '../api.ts';
import { ACCOUNT_CREATION_ENABLED, showsAccountSwitch } from '../utils/account-switch.ts';
import { roleLabel } from '../utils/role-label.ts';
import { CreateAccountDialog } from './create-account-dialog.tsx';

type AccountSwitcherProps = { user: CurrentUser; currentAccountId: number; creationEnabled?: boolean };

/**
 * The user's accounts with a switch to each and account creation. Switching makes the account active on the
 * server, then loads the new dashboard as a fresh page (000 section 7).
 */
export function AccountSwitcher({ user, currentAccountId, creationEnabled = ACCOUNT_CREATION_ENABLED }: AccountSwitcherProps) {
  const setActive = useSetActiveAccount();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  if (!showsAccountSwitch(user.accounts.length, creationEnabled)) return null;

  const switchTo = (accountId: number) =>
    setActive.mutate(accountId, {
      onSuccess: () => fullPageLoad(accountPath(accountId)),
      onError: () => toast(t('SIDEBAR.SWITCH_ERROR'), 'error'),
    });

  return (
    <section className="panel" aria-labelledby="account-switcher-title">
      <div className="panel__header">
        <h2 id="account-switcher-title">{t('SIDEBAR.ACCOUNTS')}</h2>
        {creationEnabled ? (
          <Button size="small" onClick={() => setCreating(true)}>
            + {t('CREATE_ACCOUNT.NEW_ACCOUNT')}
          </Button>
        ) : null}
      </div>
      <ul className="account-list">
        {user.accounts.map((account) => {
          const current = account.id === currentAccountId;
          return (
            <li key={account.id}>
              <button
                type="button"
                className="account-list__item"
                aria-current={current ? 'page' : undefined}
                aria-label={current ? undefined : `${t('SIDEBAR.SWITCH_ACCOUNT')}: ${account.name}`}
                disabled={current || setActive.isPending}
                onClick={() => switchTo(account.id)}
              >
                <Avatar name={account.name} size="small" />
                <span className="account-list__name">{account.name}</span>
                <span className={current ? 'badge badge--current' : 'badge'}>
                  {current ? t('SIDEBAR.CURRENT_ACCOUNT') : roleLabel(account)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <CreateAccountDialog show={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
