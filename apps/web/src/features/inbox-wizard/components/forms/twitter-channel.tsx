import { useState } from 'react';
import { Button } from '../../../../components/button.tsx';
import { fullPageLoad } from '../../../../lib/full-page-load.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { useAuthorize } from '../../api.ts';

/** Twitter (001 section 2): a sign-in button; POST twitter/authorization answers the URL to go to (S1-7.02). */
export function TwitterChannel() {
  const { account } = useCurrentAccount();
  const authorize = useAuthorize(account.id, 'twitter');
  const [failed, setFailed] = useState(false);
  const start = () => {
    setFailed(false);
    authorize.mutate(undefined, { onSuccess: (url) => fullPageLoad(url), onError: () => setFailed(true) });
  };
  return (
    <section className="wizard-form" aria-labelledby="twitter-title">
      <header className="wizard-form__header">
        <h2 id="twitter-title">{t('INBOX_MGMT.ADD.TWITTER.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.TWITTER.DESCRIPTION')}</p>
      </header>
      {failed ? (
        <p className="notice notice--error wizard-form__alert" role="alert">
          {t('INBOX_MGMT.ADD.TWITTER.ERROR_MESSAGE')}
        </p>
      ) : null}
      <footer className="wizard-form__footer">
        <Button variant="primary" onClick={start} loading={authorize.isPending || authorize.isSuccess}>
          {t('INBOX_MGMT.ADD.TWITTER.SIGN_IN')}
        </Button>
      </footer>
    </section>
  );
}
