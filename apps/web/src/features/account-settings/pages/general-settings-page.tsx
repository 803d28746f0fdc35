import { SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAccount } from '../api.ts';
import { AutoResolveCard } from '../components/auto-resolve-card.tsx';
import { FeaturesCard } from '../components/features-card.tsx';
import { GeneralCard } from '../components/general-card.tsx';
import '../account-settings.css';

/** settings/general (general_settings_index, administrators): name and language, auto-resolve, features. */
export function GeneralSettingsPage() {
  const { account: membership } = useCurrentAccount();
  const account = useAccount(membership.id);
  return (
    <SettingsPage title={t('GENERAL_SETTINGS.TITLE')} description={t('GENERAL_SETTINGS.DESCRIPTION')} width="narrow">
      <SettingsQueryState query={account}>
        {account.data ? (
          <>
            <GeneralCard key={`general-${account.data.id}`} account={account.data} />
            <AutoResolveCard key={`auto-${account.data.id}`} account={account.data} />
            <FeaturesCard account={account.data} />
          </>
        ) : null}
      </SettingsQueryState>
    </SettingsPage>
  );
}
