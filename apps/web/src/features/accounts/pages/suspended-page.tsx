import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { LOGIN_PATH } from '../../../lib/routing.ts';
import { Button } from '../../../components/button.tsx';
import { AuthCard, useCurrentAccount, useSignOut } from '../../auth/index.ts';

/** Route account_suspended: shown instead of the app while the account's status is not active (000 section 4). */
export function SuspendedPage() {
  const { account } = useCurrentAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('SUSPENDED.TITLE')}>
      <p className="notice notice--error" role="alert">
        {t('SUSPENDED.DESCRIPTION', { account: account.name })}
      </p>
      <div className="auth-actions">
        <Button loading={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(LOGIN_PATH, { replace: true }) })}>
          {t('DASHBOARD.SIGN_OUT')}
        </Button>
      </div>
    </AuthCard>
  );
}
