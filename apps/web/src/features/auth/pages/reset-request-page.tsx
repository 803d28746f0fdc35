import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useRequestPasswordReset } from '../api.ts';

/** Asks for a reset link; the answer reads the same whether or not the email has an account. */
export function ResetRequestPage() {
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  const error = request.error instanceof ApiError ? request.error : null;
  const generalError = request.isError && error?.status !== 422 ? (error?.status === 429 ? t('LOGIN.RATE_LIMITED') : t('LOGIN.ERROR')) : null;

  return (
    <AuthCard title={t('RESET_PASSWORD.TITLE')} subtitle={request.isSuccess ? undefined : t('RESET_PASSWORD.DESCRIPTION')}>
      {request.isSuccess ? (
        <p className="notice notice--success" role="status">
          {t('RESET_PASSWORD.SENT')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('RESET_PASSWORD.TITLE')}>
          <FormField
            label={t('LOGIN.EMAIL')}
            type="email"
            name="email"
            autoComplete="username"
            placeholder={t('LOGIN.EMAIL_PLACEHOLDER')}
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error?.status === 422 ? (error.fieldErrors.email?.[0] ? `${t('LOGIN.EMAIL')} ${error.fieldErrors.email[0]}` : error.message) : undefined}
          />
          {generalError ? (
            <p className="notice notice--error" role="alert">
              {generalError}
            </p>
          ) : null}
          <Button type="submit" variant="primary" block loading={request.isPending} disabled={!email.trim()}>
            {request.isPending ? t('RESET_PASSWORD.SUBMITTING') : t('RESET_PASSWORD.SUBMIT')}
          </Button>
        </form>
      )}
      <p className="auth-links">
        <Link to="/app/login">{t('RESET_PASSWORD.BACK')}</Link>
      </p>
    </AuthCard>
  );
}
