import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { homePathFor, LOGIN_PATH } from '../../../lib/routing.ts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useResetPassword } from '../api.ts';

/** "is too short (minimum is 6 characters)" → "Is too short (minimum is 6 characters)". */
const sentence = (message: string | undefined) => (message ? message.charAt(0).toUpperCase() + message.slice(1) : undefined);

/** Sets a new password from a mailed reset or invitation link, then signs the user in. */
export function PasswordEditPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // Field checks speak up once the user has left the field (or submitted), not at the first keystroke.
  const [left, setLeft] = useState({ password: false, confirmation: false });
  const [submitted, setSubmitted] = useState(false);

  const tooShort = password.length < PASSWORD_MIN_LENGTH && password.length > 0 && (submitted || left.password);
  const mismatch =
    confirmation.length > 0 && password !== confirmation && (submitted || left.confirmation || confirmation.length >= password.length);
  const server = reset.error instanceof ApiError && reset.error.status === 422 ? reset.error.fieldErrors : null;
  const otherError = reset.isError && !server ? (reset.error instanceof ApiError && reset.error.status === 429 ? t('LOGIN.RATE_LIMITED') : t('LOGIN.ERROR')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!token || password.length < PASSWORD_MIN_LENGTH || password !== confirmation) return;
    reset.mutate(
      { reset_password_token: token, password, password_confirmation: confirmation },
      { onSuccess: (user) => navigate(homePathFor(user) ?? LOGIN_PATH, { replace: true }) },
    );
  };

  if (!token) {
    return (
      <AuthCard title={t('SET_PASSWORD.TITLE')}>
        <p className="notice notice--error" role="alert">
          {t('SET_PASSWORD.MISSING_TOKEN')}
        </p>
        <p className="auth-links">
          <Link to="/app/auth/reset/password">{t('RESET_PASSWORD.REQUEST_NEW')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('SET_PASSWORD.TITLE')} subtitle={t('SET_PASSWORD.SUBTITLE')}>
      <form onSubmit={submit} noValidate aria-label={t('SET_PASSWORD.TITLE')}>
        <FormField
          label={t('SET_PASSWORD.PASSWORD')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setLeft((l) => ({ ...l, password: true }))}
          error={tooShort ? t('SET_PASSWORD.TOO_SHORT') : sentence(server?.password?.[0])}
        />
        <FormField
          label={t('SET_PASSWORD.CONFIRMATION')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          onBlur={() => setLeft((l) => ({ ...l, confirmation: true }))}
          error={mismatch ? t('SET_PASSWORD.MISMATCH') : sentence(server?.password_confirmation?.[0])}
        />
        {server?.reset_password_token ? (
          <p className="notice notice--error" role="alert">
            {t('SET_PASSWORD.INVALID_TOKEN')} <Link to="/app/auth/reset/password">{t('RESET_PASSWORD.REQUEST_NEW')}</Link>
          </p>
        ) : null}
        {otherError ? (
          <p className="notice notice--error" role="alert">
            {otherError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block loading={reset.isPending} disabled={!password || !confirmation}>
          {reset.isPending ? t('SET_PASSWORD.SUBMITTING') : t('SET_PASSWORD.SUBMIT')}
        </Button>
      </form>
    </AuthCard>
  );
}
