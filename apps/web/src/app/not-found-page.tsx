import { Link } from 'react-router';
import { t } from '../lib/i18n.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';

export function NotFoundPage() {
  return (
    <AuthCard title={t('NOT_FOUND.TITLE')}>
      <p className="auth-links">
        <Link to="/app">{t('NOT_FOUND.LINK')}</Link>
      </p>
    </AuthCard>
  );
}
