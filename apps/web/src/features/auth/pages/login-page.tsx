import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { hasSession } from '../../../lib/session.ts';
import { homePathFor, safeRedirect } from '../../../lib/routing.ts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useCurrentUser, useSignIn, useSignOut } from '../api.ts';

function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('LOGIN.ERROR');
  if (error.status === 401) return t('LOGIN.INVALID');
  if (error.status === 429) return t('LOGIN.RATE_LIMITED');
  if (error.status === 422) return error.message;
  return t('LOGIN.ERROR');
}

/** Query flags the server and the app add to /app/login, each with its notice. */
function noticeOf(params: URLSearchParams): { tone: 'info' | 'error'; text: string } | null {
  if (params.has('email_confirmed')) return { tone: 'info', text: t('LOGIN.EMAIL_CONFIRMED') };
  if (params.has('confirmation_failed')) return { tone: 'error', text: t('LOGIN.CONFIRMATION_FAILED') };
  if (params.has('session_expired')) return { tone: 'info', text: t('LOGIN.SESSION_EXPIRED') };
  return null;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const session = useCurrentUser();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');

  const signedIn = session.data && hasSession() ? session.data : null;
  if (signedIn) {
    const home = homePathFor(signedIn);
    if (home) return <Navigate to={safeRedirect(params.get('redirect')) ?? home} replace />;
    return (
      <AuthCard title={t('LOGIN.NO_ACCOUNT_TITLE')} subtitle={t('LOGIN.NO_ACCOUNT_DESCRIPTION')}>
        <Button variant="primary" block loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('DASHBOARD.SIGN_OUT')}
        </Button>
      </AuthCard>
    );
  }
  if (hasSession() && session.isPending) return <PageStatus kind="loading" message={t('DASHBOARD.LOADING')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (user) => {
          const home = homePathFor(user);
          // Without any account the signed-in branch above explains what to do.
          if (home) navigate(safeRedirect(params.get('redirect')) ?? home, { replace: true });
        },
      },
    );
  };
  const notice = noticeOf(params);

  return (
    <AuthCard title={t('LOGIN.TITLE')} subtitle={t('LOGIN.SUBTITLE')}>
      {notice ? (
        <p className={`notice notice--${notice.tone}`} role="status">
          {notice.text}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('LOGIN.TITLE')}>
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
        />
        <FormField
          label={t('LOGIN.PASSWORD')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {signIn.isError ? (
          <p className="notice notice--error" role="alert">
            {errorText(signIn.error)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block loading={signIn.isPending} disabled={!email.trim() || !password}>
          {signIn.isPending ? t('LOGIN.SUBMITTING') : t('LOGIN.SUBMIT')}
        </Button>
      </form>
      <p className="auth-links">
        <Link to={`/app/auth/reset/password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`}>{t('LOGIN.FORGOT')}</Link>
      </p>
    </AuthCard>
  );
}
