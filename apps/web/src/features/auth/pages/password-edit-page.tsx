import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@app/shared/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { FormField } from '../../../components/form-field.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { useResetPassword } from '../api.ts';
import { accountPath } from '../../../app/guard.ts';

/** Sets a new password from a mailed reset or invitation link, then signs the user in. */
export function PasswordEditPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);

  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation.length > 0 && password !== confirmation;
  const server = reset.error instanceof ApiError ? reset.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!token || tooShort || mismatch || !password) return;
    reset.mutate(
      { reset_password_token: token, password, password_confirmation: confirmation },
      { onSuccess: (user) => navigate(user.account_id ? accountPath(user.account_id) : '/app/login', { replace: true }) },
    );
  };

  if (!token) {
    return (
      <AuthCard title={t('SET_PASSWORD.TITLE')}>
        <p className="notice notice--error">{t('SET_PASSWORD.MISSING_TOKEN')}</p>
        <p className="auth-links">
          <Link to="/app/auth/reset/password">{t('RESET_PASSWORD.SUBMIT')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('SET_PASSWORD.TITLE')}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('SET_PASSWORD.PASSWORD')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={(touched || tooShort) && tooShort ? t('SET_PASSWORD.TOO_SHORT') : server?.fieldErrors.password?.[0]}
        />
        <FormField
          label={t('SET_PASSWORD.CONFIRMATION')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={mismatch ? t('SET_PASSWORD.MISMATCH') : server?.fieldErrors.password_confirmation?.[0]}
        />
        {server?.fieldErrors.reset_password_token ? (
          <p className="notice notice--error" role="alert">
            {t('SET_PASSWORD.INVALID_TOKEN')} <Link to="/app/auth/reset/password">{t('RESET_PASSWORD.SUBMIT')}</Link>
          </p>
        ) : null}
        {reset.isError && !server ? <p className="notice notice--error">{t('LOGIN.ERROR')}</p> : null}
        <button className="button button--primary button--block" type="submit" disabled={reset.isPending || !password || !confirmation}>
          {t('SET_PASSWORD.SUBMIT')}
        </button>
      </form>
    </AuthCard>
  );
}
