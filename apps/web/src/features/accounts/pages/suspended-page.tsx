import { t } from '../../../lib/i18n.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';

export function SuspendedPage() {
  return (
    <AuthCard title={t('SUSPENDED.TITLE')}>
      <p className="notice notice--error" role="alert">
        {t('SUSPENDED.DESCRIPTION')}
      </p>
    </AuthCard>
  );
}
