import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { PROVIDER_APPS, type ProviderApp } from '../utils/channels.ts';

/**
 * What a channel needs before it can work here: the provider's app is not configured on this installation.
 * Names the server variables to set (and the redirect URL to register) instead of starting a broken flow.
 */
export function ProviderNotConfigured({ app }: { app: ProviderApp }) {
  const { account } = useCurrentAccount();
  const { provider, env, callback } = PROVIDER_APPS[app];
  return (
    <section className="wizard-blocked" aria-labelledby="wizard-blocked-title">
      <h2 id="wizard-blocked-title">{t('INBOX_MGMT.ADD.NOT_CONFIGURED.TITLE', { provider })}</h2>
      <p className="muted">{t('INBOX_MGMT.ADD.NOT_CONFIGURED.BODY', { provider })}</p>
      <ul className="wizard-blocked__env">
        {env.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      {callback ? (
        <p className="muted">
          {t('INBOX_MGMT.ADD.NOT_CONFIGURED.CALLBACK')} <code>{`${window.location.origin}/${callback}`}</code>
        </p>
      ) : null}
      <Link className="button button--secondary" to={accountPath(account.id, 'settings/inboxes/new')}>
        {t('INBOX_MGMT.ADD.NOT_CONFIGURED.BACK')}
      </Link>
    </section>
  );
}

/** The account's feature for this channel is off: the server would refuse the creation with 403. */
export function ChannelDisabled({ feature }: { feature: string }) {
  const { account } = useCurrentAccount();
  return (
    <section className="wizard-blocked" aria-labelledby="wizard-blocked-title">
      <h2 id="wizard-blocked-title">{t('INBOX_MGMT.ADD.FEATURE_DISABLED.TITLE')}</h2>
      <p className="muted">{t('INBOX_MGMT.ADD.FEATURE_DISABLED.BODY', { feature })}</p>
      <Link className="button button--secondary" to={accountPath(account.id, 'settings/inboxes/new')}>
        {t('INBOX_MGMT.ADD.NOT_CONFIGURED.BACK')}
      </Link>
    </section>
  );
}
