import { Link } from 'react-router';
import { t } from '../lib/i18n/i18n.ts';
import { AuthCard } from '../features/auth/index.ts';

/** Any path under /app that no route knows. */
export function NotFoundPage() {
  return (
    <AuthCard title={t('NOT_FOUND.TITLE')} subtitle={t('NOT_FOUND.DESCRIPTION')}>
      <p className="auth-links">
        <Link to="/app">{t('NOT_FOUND.LINK')}</Link>
      </p>
    </AuthCard>
  );
}
