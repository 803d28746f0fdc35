import { useEffect, useRef } from 'react';
import type { Account } from '@app/shared/accounts';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAccount, useCheckout, useGlobalConfig, useLimits, useStartSubscription } from '../api.ts';
import { fullPageLoad } from '../../../lib/full-page-load.ts';
import '../account-settings.css';

const text = (value: unknown) => (typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null);

/**
 * settings/billing (billing_settings_index, administrators; in the menu on the cloud offering only). Without
 * a billing provider (BILLING_CHECKOUT_URL) it says so; self-hosted installs have no billing at all.
 */
export function BillingPage() {
  const { account: membership } = useCurrentAccount();
  const config = useGlobalConfig();
  const account = useAccount(membership.id);
  const cloud = config.data?.deployment === 'cloud';
  const configured = cloud && config.data?.billing_configured === true;

  return (
    <SettingsPage title={t('BILLING_SETTINGS.TITLE')} description={t('BILLING_SETTINGS.DESCRIPTION')} width="narrow">
      <SettingsQueryState query={config}>
        {!cloud ? (
          <SettingsEmpty title={t('BILLING_SETTINGS.SELF_HOSTED.TITLE')} description={t('BILLING_SETTINGS.SELF_HOSTED.DESCRIPTION')} />
        ) : !configured ? (
          <SettingsEmpty title={t('BILLING_SETTINGS.NOT_CONFIGURED.TITLE')} description={t('BILLING_SETTINGS.NOT_CONFIGURED.DESCRIPTION')} />
        ) : (
          <SettingsQueryState query={account}>{account.data ? <BillingDetails account={account.data} /> : null}</SettingsQueryState>
        )}
      </SettingsQueryState>
    </SettingsPage>
  );
}

function BillingDetails({ account }: { account: Account }) {
  const start = useStartSubscription(account.id);
  const checkout = useCheckout(account.id);
  const limits = useLimits(account.id, true);
  const toast = useToast();
  const attributes = account.custom_attributes;
  const plan = text(attributes.plan_name);
  const asked = useRef(false);

  // Like Chatwoot, an account without a plan gets its subscription set up when the billing page opens (S1-7.11).
  useEffect(() => {
    if (plan || asked.current) return;
    asked.current = true;
    start.mutate(undefined, { onError: () => toast(t('BILLING_SETTINGS.SUBSCRIPTION_ERROR'), 'error') });
  }, [plan, start, toast]);

  const manage = () =>
    checkout.mutate(undefined, {
      onSuccess: (url) => fullPageLoad(url),
      onError: (error) => toast(readServerErrors(error, {}, t('BILLING_SETTINGS.MANAGE.ERROR')).message ?? '', 'error'),
    });

  const none = t('BILLING_SETTINGS.CURRENT_PLAN.NONE');
  const usage = (entry: { allowed: number | null; consumed: number } | undefined) =>
    !entry ? '…' : entry.allowed === null ? t('BILLING_SETTINGS.USAGE.UNLIMITED', { consumed: entry.consumed }) : t('BILLING_SETTINGS.USAGE.OF', { consumed: entry.consumed, allowed: entry.allowed });

  return (
    <>
      <SettingsCard title={t('BILLING_SETTINGS.CURRENT_PLAN.TITLE')} description={t('BILLING_SETTINGS.CURRENT_PLAN.NOTE')}>
        {!plan && start.isPending ? (
          <PageStatus kind="loading" message={t('BILLING_SETTINGS.CURRENT_PLAN.STARTING')} />
        ) : (
          <dl className="billing-facts">
            <div>
              <dt>{t('BILLING_SETTINGS.CURRENT_PLAN.PLAN')}</dt>
              <dd>{plan ?? none}</dd>
            </div>
            <div>
              <dt>{t('BILLING_SETTINGS.CURRENT_PLAN.SEATS')}</dt>
              <dd>{text(attributes.subscribed_quantity) ?? none}</dd>
            </div>
            <div>
              <dt>{t('BILLING_SETTINGS.CURRENT_PLAN.STATUS')}</dt>
              <dd>{text(attributes.subscription_status) ?? none}</dd>
            </div>
            <div>
              <dt>{t('BILLING_SETTINGS.CURRENT_PLAN.ENDS_ON')}</dt>
              <dd>{text(attributes.subscription_ends_on) ?? none}</dd>
            </div>
          </dl>
        )}
      </SettingsCard>
      <SettingsCard title={t('BILLING_SETTINGS.USAGE.TITLE')} description={t('BILLING_SETTINGS.USAGE.NOTE')}>
        {limits.isError ? (
          <p className="field__error">{t('BILLING_SETTINGS.USAGE.ERROR')}</p>
        ) : (
          <dl className="billing-facts">
            <div>
              <dt>{t('BILLING_SETTINGS.USAGE.CONVERSATIONS')}</dt>
              <dd>{usage(limits.data?.conversation)}</dd>
            </div>
            <div>
              <dt>{t('BILLING_SETTINGS.USAGE.NON_WEB_INBOXES')}</dt>
              <dd>{usage(limits.data?.non_web_inboxes)}</dd>
            </div>
          </dl>
        )}
      </SettingsCard>
      <SettingsCard title={t('BILLING_SETTINGS.MANAGE.TITLE')} description={t('BILLING_SETTINGS.MANAGE.NOTE')}>
        <div className="billing-manage">
          <Button variant="primary" loading={checkout.isPending} onClick={manage}>
            {t('BILLING_SETTINGS.MANAGE.BUTTON')}
          </Button>
        </div>
      </SettingsCard>
    </>
  );
}
