import type { Account } from '@app/shared/accounts';
import { FEATURE_FLAGS } from '@app/shared/constants';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { featureName } from '../utils/general-form.ts';

/** The account's feature flags (000 section 6), read-only: the operator or the platform API changes them. */
export function FeaturesCard({ account }: { account: Account }) {
  return (
    <SettingsCard title={t('GENERAL_SETTINGS.FEATURES.TITLE')} description={t('GENERAL_SETTINGS.FEATURES.NOTE')}>
      <ul className="account-features" aria-label={t('GENERAL_SETTINGS.FEATURES.LIST')}>
        {FEATURE_FLAGS.map((flag) => {
          const on = account.features[flag] === true;
          return (
            <li key={flag} className="account-features__item">
              <span>{featureName(flag)}</span>
              <span className={`account-features__state account-features__state--${on ? 'on' : 'off'}`}>
                {t(on ? 'GENERAL_SETTINGS.FEATURES.ON' : 'GENERAL_SETTINGS.FEATURES.OFF')}
              </span>
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
