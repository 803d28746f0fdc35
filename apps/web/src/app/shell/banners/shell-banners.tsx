import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { mayOpen, useRouteRegistry } from '../../../lib/route-registry.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { useAccount, useGlobalConfig, useLimits, useServerVersion } from '../api.ts';
import { EmailUnverifiedBanner } from '../email-unverified-banner.tsx';
import { Icon } from '../icons.tsx';
import { DISMISSED_UPDATE_KEY, showsLimitsBanner, showsPaymentBanner, showsUpdateBanner } from './banner-rules.ts';

const readDismissed = () => {
  try {
    return window.localStorage.getItem(DISMISSED_UPDATE_KEY);
  } catch {
    return null;
  }
};

function UpdateBanner({ latest }: { latest: string }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const current = useServerVersion(true).data ?? null;
  if (!showsUpdateBanner({ isAdmin: true, latest, current, dismissed })) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_UPDATE_KEY, latest);
    } catch {
      // private mode: dismissed for this page only
    }
    setDismissed(latest);
  };
  return (
    <div className="banner shell-banner shell-banner--info" role="status">
      <span>{t('BANNER.UPDATE_AVAILABLE', { version: latest })}</span>
      <button type="button" className="shell-banner__close" aria-label={t('BANNER.DISMISS_UPDATE')} onClick={dismiss}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

/**
 * The banners at the top (000 sections 2, 4, 6, 9), each with its own rule: update available (administrators),
 * limits exceeded (any role, cloud), payment pending (administrators, cloud), email unverified (any
 * unconfirmed user).
 */
export function ShellBanners() {
  const { user, account } = useCurrentAccount();
  const isAdmin = account.role === 'administrator';
  const details = useAccount(account.id).data;
  const deployment = useGlobalConfig().data?.deployment ?? 'self_hosted';
  const limits = useLimits(account.id, deployment === 'cloud').data;
  const now = Date.now();
  const billing = accountPath(account.id, 'settings/billing');
  // the billing link only once the billing screen is in the router
  const canBill = mayOpen(account.permissions, useRouteRegistry(), 'billing_settings_index');

  return (
    <div className="shell-banners">
      {isAdmin && details ? <UpdateBanner latest={details.latest_chatwoot_version} /> : null}
      {details && limits && showsLimitsBanner({ deployment, createdAt: details.created_at, limits, now }) ? (
        <div className="banner shell-banner shell-banner--danger" role="alert">
          <span>{t('BANNER.LIMITS_EXCEEDED')}</span>
          {isAdmin && canBill ? (
            <Link className="banner__action" to={billing}>
              {t('BANNER.GO_TO_BILLING')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {details && showsPaymentBanner({ isAdmin, deployment, customAttributes: details.custom_attributes, now }) ? (
        <div className="banner shell-banner shell-banner--danger" role="alert">
          <span>{t('BANNER.PAYMENT_PENDING')}</span>
          {canBill ? (
            <Link className="banner__action" to={billing}>
              {t('BANNER.GO_TO_BILLING')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {user.confirmed ? null : <EmailUnverifiedBanner />}
    </div>
  );
}
