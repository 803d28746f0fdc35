import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { FormField } from '../../../components/form-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useRequestPasswordReset } from '../api.ts';

export function ResetRequestPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  const error = request.error instanceof ApiError ? request.error : null;
  return (
    <AuthCard title={t('RESET_PASSWORD.TITLE')} subtitle={t('RESET_PASSWORD.DESCRIPTION')}>
      {request.isSuccess ? (
        <p className="notice notice--success" role="status">
          {t('RESET_PASSWORD.SENT')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormField
            label={t('LOGIN.EMAIL')}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error?.status === 422 ? (error.fieldErrors.email?.[0] ?? error.message) : undefined}
          />
          {error?.status === 429 ? <p className="notice notice--error">{t('LOGIN.RATE_LIMITED')}</p> : null}
          {request.isError && !error ? <p className="notice notice--error">{t('LOGIN.ERROR')}</p> : null}
          <button className="button button--primary button--block" type="submit" disabled={request.isPending || !email.trim()}>
            {request.isPending ? t('RESET_PASSWORD.SUBMITTING') : t('RESET_PASSWORD.SUBMIT')}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to="/app/login">{t('RESET_PASSWORD.BACK')}</Link>
      </p>
    </AuthCard>
  );
}
