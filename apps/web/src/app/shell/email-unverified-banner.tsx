import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useResendConfirmation } from '../../features/auth/index.ts';

/** 000 sections 2 and 6: any unconfirmed user sees it, with a resend action (then APP_GLOBAL.EMAIL_VERIFICATION_SENT). */
export function EmailUnverifiedBanner() {
  const resend = useResendConfirmation();
  if (resend.isSuccess) {
    return (
      <div className="banner banner--success" role="status">
        {t('APP_GLOBAL.EMAIL_VERIFICATION_SENT')}
      </div>
    );
  }
  const failed = resend.isError ? (resend.error instanceof ApiError && resend.error.status === 429 ? t('LOGIN.RATE_LIMITED') : t('APP_GLOBAL.EMAIL_VERIFICATION_ERROR')) : null;
  return (
    <div className="banner" role="status">
      <span>{failed ?? t('APP_GLOBAL.EMAIL_NOT_VERIFIED')}</span>
      <button type="button" className="banner__action" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {t('APP_GLOBAL.RESEND_VERIFICATION')}
      </button>
    </div>
  );
}
