import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { FormField } from '../../../components/form-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useCurrentUser, useSignIn } from '../api.ts';
import { accountPath } from '../../../app/guard.ts';

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return t('LOGIN.INVALID');
  if (error instanceof ApiError && error.status === 429) return t('LOGIN.RATE_LIMITED');
  if (error instanceof ApiError && error.status === 422) return error.message;
  return t('LOGIN.ERROR');
}

/** Only paths inside the app may be a post-login destination. */
const safeRedirect = (value: string | null) => (value && value.startsWith('/app/') && !value.startsWith('//') ? value : null);

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const session = useCurrentUser();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');

  if (session.data?.account_id) return <Navigate to={accountPath(session.data.account_id)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: (user) => {
          const target = safeRedirect(params.get('redirect')) ?? (user.account_id ? accountPath(user.account_id) : '/app/login');
          navigate(target, { replace: true });
        },
      },
    );
  };

  const notice = params.has('email_confirmed')
    ? t('LOGIN.EMAIL_CONFIRMED')
    : params.has('session_expired')
      ? t('LOGIN.SESSION_EXPIRED')
      : null;

  return (
    <AuthCard title={t('LOGIN.TITLE')} subtitle={t('LOGIN.SUBTITLE')}>
      {notice ? <p className="notice notice--info">{notice}</p> : null}
      {params.has('confirmation_failed') ? <p className="notice notice--error">{t('LOGIN.CONFIRMATION_FAILED')}</p> : null}
      <form onSubmit={submit} noValidate>
        <FormField label={t('LOGIN.EMAIL')} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField label={t('LOGIN.PASSWORD')} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {signIn.isError ? (
          <p className="notice notice--error" role="alert">
            {errorText(signIn.error)}
          </p>
        ) : null}
        <button className="button button--primary button--block" type="submit" disabled={signIn.isPending || !email || !password}>
          {signIn.isPending ? t('LOGIN.SUBMITTING') : t('LOGIN.SUBMIT')}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/app/auth/reset/password">{t('LOGIN.FORGOT')}</Link>
      </p>
    </AuthCard>
  );
}
